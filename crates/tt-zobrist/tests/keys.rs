//! Properties of the Zobrist keys: one key per position (no collisions in a large sample),
//! any change of an owner, a card or the leader changes it, the incremental update after a
//! trick equals the key from scratch and taking the trick back restores it, and the table's
//! incremental keys are those of the position whatever the path to it.

use ddsolve_cards::{Card, DealRng, Hand, Seat, SeatMap, Strain};
use ddsolve_tt::{TranspositionTable, TrickStart, TtEntry};
use ddsolve_tt_zobrist::{KeyMode, TtZobrist, ZobristKeys, ZOBRIST};
use std::collections::HashMap;

fn random_card(hand: Hand, rng: &mut DealRng) -> Card {
    let cards: Vec<Card> = hand.iter().collect();
    cards[rng.below(cards.len() as u64) as usize]
}

#[test]
fn distinct_positions_have_distinct_keys() {
    let mut rng = DealRng::new(0x21_0001);
    let mut seen: HashMap<u64, (SeatMap<Hand>, Seat)> = HashMap::new();
    for _ in 0..200_000 {
        let n = 1 + rng.below(13) as u32;
        let hands = *rng.partial_deal(n).hands();
        let leader = Seat::ALL[rng.below(4) as usize];
        let k = ZOBRIST.position(&hands, leader);
        if let Some(&(h, l)) = seen.get(&k) {
            assert!(
                h == hands && l == leader,
                "two positions share key {k:#x}: {h:?} {l} and {hands:?} {leader}"
            );
        }
        seen.insert(k, (hands, leader));
    }
    assert!(seen.len() > 190_000, "too few distinct positions drawn");
}

#[test]
fn every_change_of_owner_card_or_leader_changes_the_key() {
    let mut rng = DealRng::new(0x21_0002);
    for _ in 0..2_000 {
        let n = 1 + rng.below(13) as u32;
        let hands = *rng.partial_deal(n).hands();
        let leader = Seat::ALL[rng.below(4) as usize];
        let k = ZOBRIST.position(&hands, leader);
        for other in Seat::ALL.into_iter().filter(|&s| s != leader) {
            assert_ne!(k, ZOBRIST.position(&hands, other));
        }
        // One card moved to another hand.
        let from = Seat::ALL[rng.below(4) as usize];
        let to = from.offset(1 + rng.below(3) as usize);
        let c = random_card(hands[from], &mut rng);
        let mut moved = hands;
        moved[from].remove(c);
        moved[to].insert(c);
        assert_ne!(k, ZOBRIST.position(&moved, leader));
        // One card gone, or replaced by a card of the same suit no hand holds.
        let mut gone = hands;
        gone[from].remove(c);
        assert_ne!(k, ZOBRIST.position(&gone, leader));
        let all = hands.0.iter().fold(Hand::EMPTY, |a, &h| a | h);
        if let Some(spare) = (Hand::ALL - all).only_suit(c.suit()).iter().next() {
            let mut swapped = gone;
            swapped[from].insert(spare);
            assert_ne!(k, ZOBRIST.position(&swapped, leader));
        }
    }
}

#[test]
fn incremental_update_follows_play_and_undo() {
    let mut rng = DealRng::new(0x21_0003);
    let keys = ZobristKeys::from_seed(99);
    for _ in 0..500 {
        let mut hands = *rng.deal().hands();
        let mut leader = Seat::ALL[rng.below(4) as usize];
        let mut key = keys.position(&hands, leader);
        let mut history = Vec::new();
        for _ in 0..13 {
            let mut played = SeatMap([Hand::EMPTY; 4]);
            for seat in Seat::ALL {
                let c = random_card(hands[seat], &mut rng);
                hands[seat].remove(c);
                played[seat].insert(c);
            }
            let next = Seat::ALL[rng.below(4) as usize];
            let after = keys.after_trick(key, &played, leader, next);
            assert_eq!(after, keys.position(&hands, next));
            history.push((key, played, leader, next));
            key = after;
            leader = next;
        }
        // Take every trick back: each step restores the key before it.
        while let Some((before, played, from, to)) = history.pop() {
            key = keys.after_trick(key, &played, to, from);
            assert_eq!(key, before);
        }
    }
}

#[test]
fn seeds_give_other_keys() {
    let a = ZobristKeys::from_seed(1);
    let b = ZobristKeys::from_seed(2);
    assert_ne!(a, b);
    assert_eq!(a, ZobristKeys::from_seed(1));
    let hands = *DealRng::new(3).deal().hands();
    assert_ne!(
        a.position(&hands, Seat::North),
        b.position(&hands, Seat::North)
    );
}

/// A position reached by two orders of play is one entry, whichever path the incremental
/// keys followed, and probing it gives what was stored by the other path.
#[test]
fn transpositions_share_an_entry_whatever_the_path() {
    let mut rng = DealRng::new(0x21_0005);
    for mode in [KeyMode::Incremental, KeyMode::Scratch] {
        let mut tt = TtZobrist::with_key_mode(1, mode);
        for _ in 0..300 {
            let start = *rng.deal().hands();
            // Two tricks with a fixed set of cards per hand, played in either order.
            let mut first = SeatMap([Hand::EMPTY; 4]);
            let mut second = SeatMap([Hand::EMPTY; 4]);
            let mut left = start;
            for seat in Seat::ALL {
                let a = random_card(left[seat], &mut rng);
                left[seat].remove(a);
                let b = random_card(left[seat], &mut rng);
                left[seat].remove(b);
                first[seat].insert(a);
                second[seat].insert(b);
            }
            let leader = Seat::ALL[rng.below(4) as usize];
            let mut path = |order: [&SeatMap<Hand>; 2], tt: &mut TtZobrist| {
                let mut hands = start;
                let at = TrickStart::new(hands, Strain::NoTrump, Seat::North);
                let key = tt.key(&at);
                tt.probe(&key, &at, 1);
                for played in order {
                    for seat in Seat::ALL {
                        hands[seat] = hands[seat] - played[seat];
                    }
                    let l = Seat::ALL[rng.below(4) as usize];
                    let at = TrickStart::new(hands, Strain::NoTrump, l);
                    let key = tt.key(&at);
                    tt.probe(&key, &at, 1);
                }
                hands
            };
            let end = path([&first, &second], &mut tt);
            assert_eq!(end, left);
            let at = TrickStart::new(left, Strain::NoTrump, leader);
            let key = tt.key(&at);
            let entry = TtEntry {
                lower: 4,
                upper: 7,
                win: Hand::EMPTY,
                best: None,
            };
            tt.store(&key, &at, entry);
            let end = path([&second, &first], &mut tt);
            assert_eq!(end, left);
            let key = tt.key(&at);
            let hit = tt
                .probe(&key, &at, 4)
                .expect("the transposed position is the stored one");
            assert_eq!((hit.reached, hit.bound), (true, 4));
        }
        if mode == KeyMode::Incremental {
            let r = tt.key_routes();
            assert!(r.child > 0 && r.same > 0 && r.scratch > 0, "{r:?}");
        } else {
            assert_eq!(tt.key_routes(), Default::default());
        }
    }
}
