//! Property tests of both table designs against definitions written out here independently:
//!
//! * an entry matches exactly the positions with the same key (tricks left, leader, suit
//!   lengths of every hand) and the same owners of the stored winning relative ranks (per
//!   suit, the top cards down to the lowest winning rank);
//! * probes never answer with bounds looser than the stored ones;
//! * relative/absolute winning-rank conversion round-trips.

use ddsolve_cards::{Card, DealRng, Hand, Holding, Rank, Seat, SeatMap, Strain, Suit};
use ddsolve_tt::{TranspositionTable, TrickStart, TtEntry};
use ddsolve_tt_forest::{TtFlat, TtForest};
use ddsolve_tt_key::{
    absolute_win_ranks, forced_depths, relative_counts, Pattern, PatternKey, ShapeKey,
};
use proptest::prelude::*;

fn shuffle<T>(v: &mut [T], rng: &mut DealRng) {
    for i in (1..v.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        v.swap(i, j);
    }
}

fn remaining(hands: &SeatMap<Hand>) -> Hand {
    hands.0[0] | hands.0[1] | hands.0[2] | hands.0[3]
}

/// The owners of a suit's remaining cards, highest first.
fn owners(hands: &SeatMap<Hand>, s: Suit) -> Vec<Seat> {
    Holding::ALL
        .iter()
        .filter_map(|r| {
            let c = Card::new(s, r);
            Seat::ALL.into_iter().find(|&x| hands[x].contains(c))
        })
        .collect()
}

/// Per suit, how many remaining cards lie at or above the lowest card of `win` in the suit.
fn my_counts(win: Hand, hands: &SeatMap<Hand>) -> [usize; 4] {
    let all = remaining(hands);
    Suit::ALL.map(|s| match win.suit(s).lowest() {
        None => 0,
        Some(low) => all.suit(s).iter().filter(|&r| r >= low).count(),
    })
}

fn lengths_equal(a: &SeatMap<Hand>, b: &SeatMap<Hand>) -> bool {
    Seat::ALL.into_iter().all(|x| {
        Suit::ALL
            .into_iter()
            .all(|s| a[x].suit(s).len() == b[x].suit(s).len())
    })
}

/// Does an entry stored for (`stored`, `leader`, `counts`) stand for (`probed`, `leader2`)?
fn should_match(
    stored: &SeatMap<Hand>,
    leader: Seat,
    counts: [usize; 4],
    probed: &SeatMap<Hand>,
    leader2: Seat,
) -> bool {
    leader == leader2
        && lengths_equal(stored, probed)
        && Suit::ALL.into_iter().all(|s| {
            let k = counts[s.index()];
            owners(stored, s)[..k] == owners(probed, s)[..k]
        })
}

/// A position with the same suit lengths per hand and the same owners of each suit's top
/// `counts` relative ranks: the lower cards dealt anew among their holders, and each suit
/// moved to new random absolute ranks keeping the relative order.
fn same_structure(hands: &SeatMap<Hand>, counts: [usize; 4], rng: &mut DealRng) -> SeatMap<Hand> {
    let mut out = SeatMap([Hand::EMPTY; 4]);
    for s in Suit::ALL {
        let own = owners(hands, s);
        let k = counts[s.index()].min(own.len());
        let mut low = own[k..].to_vec();
        shuffle(&mut low, rng);
        let mut ranks: Vec<Rank> = Holding::ALL.iter().collect();
        shuffle(&mut ranks, rng);
        ranks.truncate(own.len());
        ranks.sort_unstable_by(|a, b| b.cmp(a));
        for (i, &r) in ranks.iter().enumerate() {
            let o = if i < k { own[i] } else { low[i - k] };
            out[o].insert(Card::new(s, r));
        }
    }
    out
}

/// Swaps one card among a suit's top `counts` relative ranks with a card of another hand in
/// the same suit: same key, different owners of a stored winning rank. `None` if no suit
/// allows it.
fn break_structure(
    hands: &SeatMap<Hand>,
    counts: [usize; 4],
    rng: &mut DealRng,
) -> Option<SeatMap<Hand>> {
    let mut options = Vec::new();
    for s in Suit::ALL {
        let own = owners(hands, s);
        let ranks: Vec<Rank> = remaining(hands).suit(s).iter().collect();
        for i in 0..counts[s.index()].min(own.len()) {
            for j in 0..own.len() {
                if own[j] != own[i] {
                    options.push((s, ranks[i], own[i], ranks[j], own[j]));
                }
            }
        }
    }
    if options.is_empty() {
        return None;
    }
    let (s, ri, oi, rj, oj) = options[rng.below(options.len() as u64) as usize];
    let mut out = *hands;
    out[oi].remove(Card::new(s, ri));
    out[oj].remove(Card::new(s, rj));
    out[oi].insert(Card::new(s, rj));
    out[oj].insert(Card::new(s, ri));
    Some(out)
}

/// A stored entry as the plain list sees it: hands, leader, counts, lower, upper.
type ListEntry = (SeatMap<Hand>, Seat, [usize; 4], u8, u8);

fn random_hands(rng: &mut DealRng, max: u32) -> SeatMap<Hand> {
    let n = 1 + rng.below(u64::from(max)) as u32;
    *rng.partial_deal(n).hands()
}

/// The tables, the flat one both with the paper's depths (every card down to the lowest
/// winning rank) and with its default forced depths (less each suit's bottom block of one
/// owner, which the lengths force: the same positions, fewer winning ranks reported).
fn tables() -> Vec<(&'static str, Box<Table>)> {
    vec![
        ("forest", Box::new(TtForest::new(16))),
        ("flat", Box::new(TtFlat::new(16).paper_depths())),
        ("flat-forced", Box::new(TtFlat::new(16))),
    ]
}

/// The tables of the rank-pattern key.
type Table = dyn TranspositionTable<Key = PatternKey>;

/// The position `hands` with `leader` on lead.
fn at(hands: &SeatMap<Hand>, leader: Seat) -> TrickStart {
    TrickStart::new(*hands, Strain::NoTrump, leader)
}

/// Stores bounds `lower..=upper` resting on `win` for `hands` with `leader` on lead.
fn store(tt: &mut Table, hands: &SeatMap<Hand>, leader: Seat, win: Hand, lower: u8, upper: u8) {
    let at = at(hands, leader);
    let entry = TtEntry {
        lower,
        upper,
        win,
        best: None,
    };
    let key = tt.key(&at);
    tt.store(&key, &at, entry);
}

/// The answer of `tt` for thresholds 0..=left+1, as Some(reached) or None.
fn answers(tt: &mut Table, hands: &SeatMap<Hand>, leader: Seat) -> Vec<Option<bool>> {
    let at = at(hands, leader);
    let key = tt.key(&at);
    let left = hands[leader].len() as u8;
    (0..=left + 1)
        .map(|x| tt.probe(&key, &at, x).map(|h| h.reached))
        .collect()
}

/// What one entry with bounds `lower..=upper` must answer for thresholds 0..=left+1.
fn expected(left: u8, lower: u8, upper: u8) -> Vec<Option<bool>> {
    (0..=left + 1)
        .map(|x| {
            if lower >= x {
                Some(true)
            } else if upper < x {
                Some(false)
            } else {
                None
            }
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, failure_persistence: None, ..ProptestConfig::default() })]

    /// One entry in an empty table: it answers for exactly the positions of its partition.
    #[test]
    fn entry_matches_exactly_its_partition(seed in any::<u64>()) {
        let mut rng = DealRng::new(seed);
        let hands = random_hands(&mut rng, 13);
        let leader = Seat::ALL[rng.below(4) as usize];
        let left = hands[leader].len() as u8;
        let win = Hand(remaining(&hands).0 & rng.next_u64() & rng.next_u64());
        let counts = my_counts(win, &hands);
        let v = rng.below(u64::from(left) + 1) as u8;
        let (lower, upper) = (v.saturating_sub(rng.below(2) as u8), (v + rng.below(2) as u8).min(left));
        let want = expected(left, lower, upper);
        let none = vec![None; want.len()];
        for (name, mut tt) in tables() {
            store(tt.as_mut(), &hands, leader, win, lower, upper);
            prop_assert_eq!(answers(tt.as_mut(), &hands, leader), want.clone(), "{} itself", name);
            for _ in 0..6 {
                let same = same_structure(&hands, counts, &mut rng);
                prop_assert!(should_match(&hands, leader, counts, &same, leader));
                prop_assert_eq!(answers(tt.as_mut(), &same, leader), want.clone(), "{} same structure", name);
                // The winning ranks come back as the probed position's top cards.
                let same_at = at(&same, leader);
                let hit = tt.probe(&PatternKey::new(&same_at), &same_at, 0).unwrap();
                let want_counts = if name == "flat-forced" {
                    forced_depths(Pattern::new(&same), counts.map(|c| c as u8), &same).map(usize::from)
                } else {
                    counts
                };
                prop_assert_eq!(my_counts(hit.win, &same), want_counts, "{} translated winning ranks", name);
                if let Some(broken) = break_structure(&same, counts, &mut rng) {
                    prop_assert!(!should_match(&hands, leader, counts, &broken, leader));
                    prop_assert_eq!(answers(tt.as_mut(), &broken, leader), none.clone(), "{} broken", name);
                }
                // Another leader: another key.
                let other = leader.offset(1 + rng.below(3) as usize);
                prop_assert_eq!(answers(tt.as_mut(), &same, other), none.clone(), "{} other leader", name);
                // A random position of the same size: a hit iff the definition says so.
                let n = hands[Seat::North].len();
                let random = *rng.partial_deal(n).hands();
                let expect = if should_match(&hands, leader, counts, &random, leader) {
                    want.clone()
                } else {
                    none.clone()
                };
                prop_assert_eq!(answers(tt.as_mut(), &random, leader), expect, "{} random", name);
            }
        }
    }

    /// Bounds stored several times for one set of positions merge (lower rises, upper falls);
    /// a probe answers `reached` only if the merged lower bound is at least the threshold and
    /// `!reached` only if the merged upper bound is below it — and then always answers.
    #[test]
    fn probes_are_never_looser_than_stored_bounds(seed in any::<u64>()) {
        let mut rng = DealRng::new(seed);
        let hands = random_hands(&mut rng, 13);
        let leader = Seat::ALL[rng.below(4) as usize];
        let left = hands[leader].len() as u8;
        let win = Hand(remaining(&hands).0 & rng.next_u64());
        let value = rng.below(u64::from(left) + 1) as u8;
        for (name, mut tt) in tables() {
            let (mut lo, mut hi) = (0u8, left);
            for _ in 0..1 + rng.below(4) {
                let l = rng.below(u64::from(value) + 1) as u8;
                let u = value + rng.below(u64::from(left - value) + 1) as u8;
                store(tt.as_mut(), &hands, leader, win, l, u);
                lo = lo.max(l);
                hi = hi.min(u);
                prop_assert_eq!(answers(tt.as_mut(), &hands, leader), expected(left, lo, hi), "{}", name);
            }
            prop_assert_eq!(tt.stats().entries, 1, "{} merges identical entries", name);
        }
    }

    /// Many entries in one table: every answer is justified by a matching stored entry whose
    /// bound decides the threshold, and when such an entry exists the table answers.
    #[test]
    fn answers_agree_with_a_plain_list_of_entries(seed in any::<u64>()) {
        let mut rng = DealRng::new(seed);
        // A few layouts of few cards, so that keys collide and partitions overlap.
        let layouts: Vec<SeatMap<Hand>> = (0..4).map(|_| random_hands(&mut rng, 3)).collect();
        // Each stored entry: hands, leader, counts, lower, upper. Bounds are consistent with
        // a value fixed per entry (key, winning ranks and their owners), so merged bounds never
        // cross. Winning ranks vary, so that partitions nest and overlap and the forest has
        // to try alternatives and back up.
        let value = |hands: &SeatMap<Hand>, l: Seat, win: Hand| {
            let mask = Pattern::mask(relative_counts(win, hands));
            let p = (Pattern::new(hands).0 & mask)
                ^ mask.rotate_left(7)
                ^ u128::from(ShapeKey::new(hands, l).lengths)
                ^ l.index() as u128;
            (p % 0x7fff_ffff % 4) as u8
        };
        let mut list: Vec<ListEntry> = Vec::new();
        let mut forest = TtForest::new(16);
        // The paper's depths: the plain list's model (and the made-up values, which differ
        // between positions that forced depths put in one entry).
        let mut flat = TtFlat::new(16).paper_depths();
        for _ in 0..160 {
            let i = rng.below(layouts.len() as u64) as usize;
            let leader = Seat::ALL[rng.below(2) as usize];
            let hands = same_structure(&layouts[i], [3; 4], &mut rng);
            let left = hands[leader].len() as u8;
            if rng.below(2) == 0 {
                let win = match rng.below(3) {
                    0 => remaining(&hands),
                    _ => Hand(remaining(&hands).0 & rng.next_u64()),
                };
                let v = value(&hands, leader, win).min(left);
                let lo = rng.below(u64::from(v) + 1) as u8;
                let hi = v + rng.below(u64::from(left - v) + 1) as u8;
                store(&mut forest, &hands, leader, win, lo, hi);
                store(&mut flat, &hands, leader, win, lo, hi);
                list.push((hands, leader, my_counts(win, &hands), lo, hi));
            } else {
                let matching: Vec<_> = list
                    .iter()
                    .filter(|e| should_match(&e.0, e.1, e.2, &hands, leader))
                    .collect();
                let from_forest = answers(&mut forest, &hands, leader);
                let from_flat = answers(&mut flat, &hands, leader);
                for x in 0..=left + 1 {
                    let decides = matching.iter().any(|e| e.3 >= x || e.4 < x);
                    for (name, got) in [
                        ("forest", from_forest[x as usize]),
                        ("flat", from_flat[x as usize]),
                    ] {
                        match got {
                            Some(true) => prop_assert!(matching.iter().any(|e| e.3 >= x), "{} reached at {}", name, x),
                            Some(false) => prop_assert!(matching.iter().any(|e| e.4 < x), "{} not reached at {}", name, x),
                            None => prop_assert!(!decides, "{} missed a deciding entry at {}", name, x),
                        }
                    }
                }
            }
        }
    }

    /// relative_counts(absolute_win_ranks(counts)) == counts for counts within the suit
    /// lengths, and absolute_win_ranks(relative_counts(win)) is the top of each suit down to
    /// the lowest card of `win`.
    #[test]
    fn relative_absolute_round_trip(seed in any::<u64>()) {
        let mut rng = DealRng::new(seed);
        let hands = random_hands(&mut rng, 13);
        let all = remaining(&hands);
        let counts: [u8; 4] = Suit::ALL.map(|s| rng.below(u64::from(all.suit(s).len()) + 1) as u8);
        let abs = absolute_win_ranks(counts, &hands);
        prop_assert_eq!(abs.0 & !all.0, 0, "winning ranks are remaining cards");
        for s in Suit::ALL {
            prop_assert_eq!(abs.suit(s).len(), u32::from(counts[s.index()]));
            // The top cards of the suit.
            let top: Vec<Rank> = all.suit(s).iter().take(counts[s.index()] as usize).collect();
            let got: Vec<Rank> = abs.suit(s).iter().collect();
            prop_assert_eq!(got, top);
        }
        prop_assert_eq!(relative_counts(abs, &hands), counts);

        let win = Hand(all.0 & rng.next_u64() & rng.next_u64());
        let rc = relative_counts(win, &hands);
        prop_assert_eq!(rc.map(usize::from), my_counts(win, &hands));
        let filled = absolute_win_ranks(rc, &hands);
        for s in Suit::ALL {
            let want: Holding = match win.suit(s).lowest() {
                None => Holding::EMPTY,
                Some(low) => Holding(all.suit(s).0 & !((1u16 << low.get()) - 1)),
            };
            prop_assert_eq!(filled.suit(s), want);
        }
        prop_assert_eq!(relative_counts(filled, &hands), rc);
    }
}

/// The key: tricks left from the leader's hand, and every hand's suit lengths.
#[test]
fn key_is_lengths_leader_and_tricks_left() {
    let mut rng = DealRng::new(3);
    for _ in 0..500 {
        let hands = random_hands(&mut rng, 13);
        let same = same_structure(&hands, [0; 4], &mut rng);
        for leader in Seat::ALL {
            let k = ShapeKey::new(&hands, leader);
            assert_eq!(k, ShapeKey::new(&same, leader));
            assert_eq!(u32::from(k.tricks_left), hands[leader].len());
            assert_eq!(k.leader, leader);
        }
        if let Some(b) = break_structure(&hands, [13; 4], &mut rng) {
            // Swapping cards of one suit between hands keeps the lengths: same key...
            assert_eq!(
                ShapeKey::new(&hands, Seat::North),
                ShapeKey::new(&b, Seat::North)
            );
            // ... but not the same pattern.
            assert_ne!(Pattern::new(&hands), Pattern::new(&b));
        }
    }
}
