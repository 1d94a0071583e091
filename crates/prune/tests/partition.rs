//! The partition property of the estimators' winning ranks (chapter 7's idea applied to
//! chapters 3 and 4): a bound from `quick_tricks`/`later_tricks` must hold in every position
//! with the same suit lengths per hand, the same leader and trump, and the same owners of the
//! backed-up winning ranks and of every card above them, as relative ranks.
//!
//! For random endings (checked by the brute-force oracle), each estimate with a count is
//! tried on other positions of its partition: the cards below the lowest winning rank of
//! each suit (all of a suit with no winning rank) are dealt anew among the hands that held
//! them (each hand keeps its suit lengths), and every suit is moved to new random absolute
//! ranks that keep the relative order.

use ddsolve_cards::{Card, DealRng, Hand, Holding, Position, Rank, Seat, SeatMap, Strain, Suit};
use ddsolve_prune::{
    later_tricks, quick_trick_second_hand, quick_tricks, quick_tricks_for,
    quick_tricks_second_hand_for, trump_honour_trick, Estimate,
};
use ddsolve_testkit::oracle;

/// The position at the start of the current trick.
fn trick_start(mut pos: Position) -> Position {
    while !pos.trick().is_empty() {
        pos.undo()
            .expect("cards of the current trick can be taken back");
    }
    pos
}

fn shuffle<T>(v: &mut [T], rng: &mut DealRng) {
    for i in (1..v.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        v.swap(i, j);
    }
}

/// Another position of the partition of `pos` defined by `win` (see the module doc).
fn variant(pos: &Position, win: Hand, rng: &mut DealRng) -> Position {
    let hands = pos.hands();
    let mut out = SeatMap([Hand::EMPTY; 4]);
    for s in Suit::ALL {
        // The suit's cards, highest first, with their owners.
        let mut cards: Vec<(Rank, Seat)> = Vec::new();
        for r in Holding::ALL.iter() {
            let c = Card::new(s, r);
            if let Some(seat) = Seat::ALL.into_iter().find(|&x| hands[x].contains(c)) {
                cards.push((r, seat));
            }
        }
        let floor = win.suit(s).lowest().map_or(15, |r| r.get());
        let fixed = cards.iter().filter(|(r, _)| r.get() >= floor).count();
        let mut owners: Vec<Seat> = cards[fixed..].iter().map(|&(_, o)| o).collect();
        shuffle(&mut owners, rng);
        let mut ranks: Vec<Rank> = Holding::ALL.iter().collect();
        shuffle(&mut ranks, rng);
        ranks.truncate(cards.len());
        ranks.sort_unstable_by(|a, b| b.cmp(a));
        for (i, &rank) in ranks.iter().enumerate() {
            let owner = if i < fixed {
                cards[i].1
            } else {
                owners[i - fixed]
            };
            out[owner].insert(Card::new(s, rank));
        }
    }
    for seat in Seat::ALL {
        for s in Suit::ALL {
            assert_eq!(out[seat].suit(s).len(), hands[seat].suit(s).len());
        }
    }
    Position::with_trick(out, pos.trump(), pos.leader(), &[]).expect("a valid variant")
}

const POSITIONS: usize = 2000;
const VARIANTS: usize = 3;

/// Checks `est` (a count for the leader's side if `for_leader`, else for the opponents) on
/// the position and on `VARIANTS` other positions of its partition.
fn check_partition(
    what: &str,
    pos: &Position,
    est: Estimate,
    for_leader: bool,
    rng: &mut DealRng,
) -> usize {
    if est.tricks == 0 {
        return 0;
    }
    let mut n = 0;
    for _ in 0..VARIANTS {
        let v = variant(pos, est.win, rng);
        let side = oracle::tricks(&v);
        let got = if for_leader {
            side
        } else {
            v.tricks_left() - side
        };
        assert!(
            u32::from(est.tricks) <= got,
            "{what}: {} tricks with winning ranks {:?} in {pos:?}, but only {got} in {v:?}",
            est.tricks,
            est.win
        );
        n += 1;
    }
    n
}

#[test]
fn quick_tricks_bound_holds_across_its_partition() {
    let mut rng = DealRng::new(0x5eed_0001);
    let mut checked = 0;
    for _ in 0..POSITIONS {
        let pos = trick_start(oracle::random_ending(&mut rng, 5));
        let est = quick_tricks(pos.hands(), pos.trump(), pos.leader());
        checked += check_partition("quick_tricks", &pos, est, true, &mut rng);
    }
    assert!(checked > POSITIONS / 2, "only {checked} variants checked");
}

#[test]
fn quick_tricks_for_a_need_bound_holds_across_its_partition() {
    let mut rng = DealRng::new(0x5eed_0002);
    let mut checked = 0;
    for _ in 0..POSITIONS {
        let pos = trick_start(oracle::random_ending(&mut rng, 5));
        let left = pos.tricks_left() as u8;
        let need = 1 + rng.below(u64::from(left)) as u8;
        let est = quick_tricks_for(pos.hands(), pos.trump(), pos.leader(), need);
        // The search relies on min(count, need) (a cutoff needs no more); the count itself is
        // documented as a sure bound with its winning ranks, so check the count.
        checked += check_partition("quick_tricks_for", &pos, est, true, &mut rng);
    }
    assert!(checked > POSITIONS / 2, "only {checked} variants checked");
}

#[test]
fn later_tricks_bound_holds_across_its_partition() {
    let mut rng = DealRng::new(0x5eed_0003);
    let mut checked = 0;
    for _ in 0..POSITIONS {
        let pos = trick_start(oracle::random_ending(&mut rng, 5));
        let left = pos.tricks_left() as u8;
        let est = later_tricks(pos.hands(), pos.trump(), pos.leader(), left);
        checked += check_partition("later_tricks", &pos, est, false, &mut rng);
    }
    assert!(checked > POSITIONS / 2, "only {checked} variants checked");
}

/// A random trick-start ending of 1..=5 cards a hand whose trump suit is the suit with the
/// most cards out (so that the trump honours' rules meet positions where they apply).
fn trump_ending(rng: &mut DealRng) -> Position {
    let pos = trick_start(oracle::random_ending(rng, 5));
    let all = pos.remaining();
    let longest = Suit::ALL
        .into_iter()
        .max_by_key(|&s| all.suit(s).len())
        .expect("four suits");
    Position::with_trick(*pos.hands(), longest.strain(), pos.leader(), &[])
        .expect("the same cards, another trump")
}

#[test]
fn later_tricks_bound_holds_across_its_partition_in_trump_endings() {
    let mut rng = DealRng::new(0x5eed_0007);
    let mut checked = 0;
    for _ in 0..POSITIONS {
        let pos = trump_ending(&mut rng);
        let left = pos.tricks_left() as u8;
        let est = later_tricks(pos.hands(), pos.trump(), pos.leader(), left);
        checked += check_partition("later_tricks", &pos, est, false, &mut rng);
    }
    assert!(checked > POSITIONS / 2, "only {checked} variants checked");
}

/// Checks `trump_honour_trick` for one side (`ours`: the leader's) on random trump endings.
fn check_trump_honours(ours: bool, seed: u64) {
    let mut rng = DealRng::new(seed);
    let mut checked = 0;
    for _ in 0..6 * POSITIONS {
        let pos = trump_ending(&mut rng);
        let est = trump_honour_trick(pos.hands(), pos.trump(), pos.leader(), ours);
        checked += check_partition("trump_honour_trick", &pos, est, ours, &mut rng);
    }
    assert!(checked > POSITIONS / 4, "only {checked} variants checked");
}

#[test]
fn trump_honour_trick_of_the_side_on_lead_holds_across_its_partition() {
    check_trump_honours(true, 0x5eed_0005);
}

#[test]
fn trump_honour_trick_of_the_defence_holds_across_its_partition() {
    check_trump_honours(false, 0x5eed_0006);
}

/// The variants really are other positions (the check above would be empty otherwise), and
/// with every card a winning rank the variant keeps each card's owner by relative rank.
#[test]
fn variants_keep_lengths_and_winning_owners() {
    let mut rng = DealRng::new(0x5eed_0004);
    let mut differ = 0;
    for _ in 0..200 {
        let pos = trick_start(oracle::random_ending(&mut rng, 5));
        let all = pos.remaining();
        let v = variant(&pos, all, &mut rng);
        // Same relative structure: the oracle cannot tell them apart.
        assert_eq!(oracle::tricks(&v), oracle::tricks(&pos), "{pos:?} vs {v:?}");
        let w = variant(&pos, Hand::EMPTY, &mut rng);
        if w.hands() != pos.hands() {
            differ += 1;
        }
    }
    assert!(
        differ > 150,
        "variants too often equal to the position: {differ}"
    );
}

/// Can the side to play make sure of winning the current trick (whatever the other side
/// plays to it)? Plain minimax over the rest of the trick.
fn wins_current_trick(pos: &mut Position) -> bool {
    fn go(pos: &mut Position, side: ddsolve_cards::Side, before: u32) -> bool {
        if pos.trick().is_empty() {
            return pos.tricks_won(side) > before;
        }
        let ours = pos.to_play().side() == side;
        let (mut any, mut all) = (false, true);
        for c in pos.legal_cards().iter() {
            pos.play_unchecked(c);
            let v = go(pos, side, before);
            pos.undo();
            any |= v;
            all &= v;
        }
        if ours {
            any
        } else {
            all
        }
    }
    let side = pos.to_play().side();
    let before = pos.tricks_won(side);
    go(pos, side, before)
}

/// Stronger than "the side takes a trick from here": the second-hand quick trick is this very
/// trick, won against every play by the other side; for every possible lead.
#[test]
fn second_hand_quick_trick_wins_the_current_trick() {
    let mut rng = DealRng::new(0x5eed_0005);
    let mut sure = 0;
    for _ in 0..3000 {
        let start = trick_start(oracle::random_ending(&mut rng, 6));
        for lead in start.legal_cards().iter() {
            let mut pos = start.clone();
            pos.play(lead).unwrap();
            let est = quick_trick_second_hand(pos.hands(), pos.trump(), pos.leader(), lead);
            if est.tricks > 0 {
                assert!(wins_current_trick(&mut pos), "lead {lead} in {start:?}");
                sure += 1;
            }
        }
    }
    assert!(sure > 500, "only {sure} sure tricks seen");
}

/// The notrump second-hand count (this trick, then the winner's further top cards): after
/// every lead, the count holds in the position and across the partition of its winning
/// ranks with the lead card kept (its owner and every card above it fixed).
#[test]
fn second_hand_quick_tricks_bound_holds_across_its_partition() {
    let mut rng = DealRng::new(0x5eed_0006);
    let mut checked = 0;
    let mut beyond_one = 0;
    for i in 0..POSITIONS {
        let mut start = trick_start(oracle::random_ending(&mut rng, 5));
        if i % 2 == 0 {
            // Half of the positions in notrump, where the count goes beyond this trick.
            start = Position::with_trick(*start.hands(), Strain::NoTrump, start.leader(), &[])
                .expect("same cards, other trumps");
        }
        for lead in start.legal_cards().iter() {
            let mut pos = start.clone();
            pos.play(lead).unwrap();
            // The largest count the search can get: the count for the largest `need` it
            // reaches (below its `need` a count is not built).
            let Some(est) = (1..=13).rev().find_map(|need| {
                let est = quick_tricks_second_hand_for(
                    pos.hands(),
                    pos.trump(),
                    pos.leader(),
                    lead,
                    need,
                );
                (est.tricks >= need).then_some(est)
            }) else {
                continue;
            };
            beyond_one += usize::from(est.tricks > 1);
            assert!(
                u32::from(est.tricks) <= oracle::tricks(&pos),
                "{} tricks after {lead} in {start:?}",
                est.tricks
            );
            // The lead keeps its relative rank and owner in every variant.
            let index = start
                .hands()
                .iter()
                .flat_map(|(_, h)| h.only_suit(lead.suit()).iter())
                .filter(|c| c.rank() > lead.rank())
                .count();
            let keep = est.win | Hand::single(lead);
            for _ in 0..VARIANTS {
                let v = variant(&start, keep, &mut rng);
                let mut ranks: Vec<Card> = v
                    .hands()
                    .iter()
                    .flat_map(|(_, h)| h.only_suit(lead.suit()).iter())
                    .collect();
                ranks.sort_unstable_by_key(|c| std::cmp::Reverse(c.rank()));
                let v_lead = ranks[index];
                let mut vp = v.clone();
                vp.play(v_lead)
                    .expect("the leader holds the lead's counterpart");
                assert!(
                    u32::from(est.tricks) <= oracle::tricks(&vp),
                    "{} tricks after {lead} in {start:?}, not after {v_lead} in {v:?}",
                    est.tricks
                );
                checked += 1;
            }
        }
    }
    assert!(checked > POSITIONS, "only {checked} variants checked");
    assert!(
        beyond_one > 200,
        "only {beyond_one} counts beyond the current trick"
    );
}
