//! Properties of the brute-force oracle on random endings, and endings with known answers.

use ddsolve_cards::{Card, Deal, Hand, Position, Seat, SeatMap, Side, Strain, Suit};
use ddsolve_testkit::oracle::{self, arb_ending};
use proptest::prelude::*;

fn card(s: &str) -> Card {
    Card::parse(s).unwrap()
}

fn hands(pbn: &str) -> SeatMap<Hand> {
    ddsolve_cards::parse_pbn_hands(pbn).unwrap()
}

fn start(pbn: &str, trump: Strain, leader: Seat) -> Position {
    let deal: Deal = pbn.parse().unwrap();
    Position::new(deal, trump, leader)
}

/// A plain minimax without alpha-beta, written independently of the oracle: each hand picks
/// the card best for its own side, and both sides' tricks are counted. Returns tricks
/// `[NS, EW]` from now to the end.
fn naive_both(pos: &mut Position) -> [u32; 2] {
    if pos.is_finished() {
        return [0, 0];
    }
    let me = pos.to_play().side().index();
    let before = [
        pos.tricks_won(Side::NorthSouth),
        pos.tricks_won(Side::EastWest),
    ];
    let mut best: Option<[u32; 2]> = None;
    for c in pos.legal_cards().iter() {
        pos.play(c).unwrap();
        let rest = naive_both(pos);
        let v = [
            pos.tricks_won(Side::NorthSouth) - before[0] + rest[0],
            pos.tricks_won(Side::EastWest) - before[1] + rest[1],
        ];
        pos.undo();
        if best.is_none_or(|b| v[me] > b[me]) {
            best = Some(v);
        }
    }
    best.unwrap()
}

/// The position with every seat moved one place clockwise (North's cards to East, ...).
fn rotated(pos: &Position) -> Position {
    let hands = SeatMap::from_fn(|s| pos.hand(s.prev()));
    Position::with_trick(hands, pos.trump(), pos.leader().next(), pos.trick()).unwrap()
}

fn map_card(c: Card, perm: &[Suit; 4]) -> Card {
    Card::new(perm[c.suit().index()], c.rank())
}

fn map_hand(h: Hand, perm: &[Suit; 4]) -> Hand {
    h.iter().map(|c| map_card(c, perm)).collect()
}

/// The position with suit `s` renamed `perm[s]` everywhere, trumps included.
fn suits_renamed(pos: &Position, perm: &[Suit; 4]) -> Position {
    let hands = SeatMap::from_fn(|s| map_hand(pos.hand(s), perm));
    let trump = match pos.trump().trump() {
        Some(t) => perm[t.index()].strain(),
        None => Strain::NoTrump,
    };
    let trick: Vec<Card> = pos.trick().iter().map(|&c| map_card(c, perm)).collect();
    Position::with_trick(hands, trump, pos.leader(), &trick).unwrap()
}

fn sorted_values(mut v: Vec<(Card, u32)>) -> Vec<(Card, u32)> {
    v.sort_by_key(|&(c, _)| c.bit_index());
    v
}

/// All 24 orders of the four suits.
fn suit_permutations() -> Vec<[Suit; 4]> {
    let mut out = Vec::new();
    for a in Suit::ALL {
        for b in Suit::ALL {
            for c in Suit::ALL {
                for d in Suit::ALL {
                    let p = [a, b, c, d];
                    let mut seen = [false; 4];
                    p.iter().for_each(|s| seen[s.index()] = true);
                    if seen.iter().all(|&x| x) {
                        out.push(p);
                    }
                }
            }
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// The best card value is the position's value; every legal card gets one value, no more
    /// than the tricks left.
    #[test]
    fn card_values_max_is_tricks(pos in arb_ending(5)) {
        let t = oracle::tricks(&pos);
        let values = oracle::card_values(&pos);
        let cards: Hand = values.iter().map(|&(c, _)| c).collect();
        prop_assert_eq!(cards, pos.legal_cards());
        prop_assert_eq!(values.len() as u32, pos.legal_cards().len());
        prop_assert_eq!(values.iter().map(|&(_, v)| v).max(), Some(t));
        prop_assert!(t <= pos.tricks_left());
    }

    /// Each card's value is what it wins in the trick plus the value of the position after it,
    /// seen from the side to play (converted when the other side is to play next): tricks for
    /// one side plus tricks for the other make the tricks left.
    #[test]
    fn card_values_match_the_positions_after_them(pos in arb_ending(5)) {
        let side = pos.to_play().side();
        for (c, v) in oracle::card_values(&pos) {
            let mut next = pos.clone();
            next.play(c).unwrap();
            let gained = next.tricks_won(side) - pos.tricks_won(side);
            let t = oracle::tricks(&next);
            let theirs_or_ours = if next.is_finished() || next.to_play().side() == side {
                t
            } else {
                next.tricks_left() - t
            };
            prop_assert_eq!(v, gained + theirs_or_ours, "card {}", c);
        }
    }

    /// Moving every seat one place clockwise (leader too) changes nothing.
    #[test]
    fn rotation_changes_nothing(pos in arb_ending(5)) {
        let rot = rotated(&pos);
        prop_assert_eq!(rot.to_play(), pos.to_play().next());
        prop_assert_eq!(oracle::tricks(&rot), oracle::tricks(&pos));
        prop_assert_eq!(oracle::card_values(&rot), oracle::card_values(&pos));
        let full_turn = rotated(&rotated(&rotated(&rot)));
        prop_assert_eq!(full_turn, pos);
    }

    /// Swapping two suits that are not trumps (any two in notrump) changes nothing.
    #[test]
    fn swapping_side_suits_changes_nothing(pos in arb_ending(5), pick in 0usize..6) {
        let free: Vec<Suit> = Suit::ALL
            .into_iter()
            .filter(|&s| Some(s) != pos.trump().trump())
            .collect();
        let pairs: Vec<(Suit, Suit)> = (0..free.len())
            .flat_map(|i| (i + 1..free.len()).map(move |j| (i, j)))
            .map(|(i, j)| (free[i], free[j]))
            .collect();
        let (a, b) = pairs[pick % pairs.len()];
        let mut perm = Suit::ALL;
        perm.swap(a.index(), b.index());
        let swapped = suits_renamed(&pos, &perm);
        prop_assert_eq!(swapped.trump(), pos.trump());
        prop_assert_eq!(oracle::tricks(&swapped), oracle::tricks(&pos));
        let mapped: Vec<(Card, u32)> = oracle::card_values(&pos)
            .into_iter()
            .map(|(c, v)| (map_card(c, &perm), v))
            .collect();
        prop_assert_eq!(sorted_values(oracle::card_values(&swapped)), sorted_values(mapped));
    }

    /// Renaming the suits in any order, the trump suit with them, changes nothing.
    #[test]
    fn renaming_suits_changes_nothing(pos in arb_ending(5), pick in 0usize..24) {
        let perm = suit_permutations()[pick];
        let renamed = suits_renamed(&pos, &perm);
        prop_assert_eq!(oracle::tricks(&renamed), oracle::tricks(&pos));
    }

    /// `random_ending` makes valid positions: `Position::with_trick` accepts them as they are.
    #[test]
    fn random_endings_are_valid(pos in arb_ending(13)) {
        let rebuilt = Position::with_trick(*pos.hands(), pos.trump(), pos.leader(), pos.trick());
        prop_assert_eq!(rebuilt, Ok(pos));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Against an independent plain minimax (no alpha-beta, both sides' tricks counted): the
    /// oracle's value is the side to play's share, and the shares add up to the tricks left.
    #[test]
    fn agrees_with_naive_minimax(pos in arb_ending(4)) {
        let mut work = pos.clone();
        let both = naive_both(&mut work);
        prop_assert_eq!(&work, &pos);
        prop_assert_eq!(both[0] + both[1], pos.tricks_left());
        let me = pos.to_play().side();
        prop_assert_eq!(oracle::tricks(&pos), both[me.index()]);
        prop_assert_eq!(pos.tricks_left() - oracle::tricks(&pos), both[me.opponents().index()]);
    }
}

#[test]
fn size_limit() {
    assert_eq!(oracle::MAX_CARDS_PER_HAND, 5);
    assert_eq!(suit_permutations().len(), 24);
}

/// North's AQ over West's K: led from South the finesse wins both tricks; led from North
/// only the ace makes; East, on lead with two hearts nobody else holds, takes both.
#[test]
fn finesse_onside() {
    let pbn = "N:AQ... .32.. 32... K4...";
    assert_eq!(oracle::tricks(&start(pbn, Strain::NoTrump, Seat::South)), 2);
    assert_eq!(oracle::tricks(&start(pbn, Strain::NoTrump, Seat::North)), 1);
    assert_eq!(oracle::tricks(&start(pbn, Strain::NoTrump, Seat::West)), 0);
    assert_eq!(oracle::tricks(&start(pbn, Strain::NoTrump, Seat::East)), 2);
    // South's two spades are equal: either lead takes both tricks.
    let values = oracle::card_values(&start(pbn, Strain::NoTrump, Seat::South));
    assert_eq!(values, vec![(card("S3"), 2), (card("S2"), 2)]);
}

/// The king behind the AQ: one trick whatever South does.
#[test]
fn finesse_offside() {
    let pbn = "N:AQ... K4... 32... .32..";
    assert_eq!(oracle::tricks(&start(pbn, Strain::NoTrump, Seat::South)), 1);
}

/// A positional simple squeeze. South cashes the club ace; West, guarding spades (K against
/// North's Q) and hearts (KQ against North's A2), must let one go before North discards, so
/// North-South take all three tricks. Leading the heart first takes one trick (North's hand is
/// then blocked from South's club ace); the diamond gives East three diamond tricks.
#[test]
fn simple_squeeze_against_west() {
    let pbn = "N:Q.A2.. ..KQJ. .4.5.A K.KQ..";
    let pos = start(pbn, Strain::NoTrump, Seat::South);
    assert_eq!(oracle::tricks(&pos), 3);
    let values = oracle::card_values(&pos);
    assert_eq!(
        values,
        vec![(card("H4"), 1), (card("D5"), 0), (card("CA"), 3)]
    );
    // Same cards with West's and East's hands exchanged: East discards after North, so the
    // squeeze fails and the defence takes a trick.
    let pbn = "N:Q.A2.. K.KQ.. .4.5.A ..KQJ.";
    assert_eq!(oracle::tricks(&start(pbn, Strain::NoTrump, Seat::South)), 2);
}

/// One trick left: East ruffs North's ace in hearts, not in notrump or spades.
#[test]
fn ruff_in_the_last_trick() {
    let pbn = "N:A... .2.. 3... 4...";
    assert_eq!(oracle::tricks(&start(pbn, Strain::Hearts, Seat::North)), 0);
    assert_eq!(oracle::tricks(&start(pbn, Strain::NoTrump, Seat::North)), 1);
    assert_eq!(oracle::tricks(&start(pbn, Strain::Spades, Seat::North)), 1);
    // From East's side with East on lead in hearts: the trump wins.
    assert_eq!(oracle::tricks(&start(pbn, Strain::Hearts, Seat::East)), 1);
}

/// Mid-trick: North has led the spade ace. In hearts East ruffs and cashes the last trump
/// (both tricks); in notrump East must discard and North's king takes the second trick.
#[test]
fn mid_trick_ruff() {
    let h = hands("N:K... .52.. 3..2. 4..3.");
    let played = [card("SA")];
    let pos = Position::with_trick(h, Strain::Hearts, Seat::North, &played).unwrap();
    assert_eq!(pos.to_play(), Seat::East);
    assert_eq!(oracle::tricks(&pos), 2);
    assert_eq!(
        oracle::card_values(&pos),
        vec![(card("H5"), 2), (card("H2"), 2)]
    );
    let pos = Position::with_trick(h, Strain::NoTrump, Seat::North, &played).unwrap();
    assert_eq!(oracle::tricks(&pos), 0);
}
