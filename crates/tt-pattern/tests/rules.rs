//! The rules of the rank-pattern table: general patterns before specific ones, bounds
//! tightened in place, redundant specific entries absorbed, the depths the suit lengths
//! force, the memory budget and aging.

use ddsolve_cards::{Card, Deal, DealRng, Hand, Rank, Seat, SeatMap, Strain, Suit};
use ddsolve_tt::{TranspositionTable, TrickStart, TtEntry};
use ddsolve_tt_key::{absolute_win_ranks, Pattern, PatternKey, ShapeKey};
use ddsolve_tt_pattern::{forced_depths, RankPattern, TtPattern};

/// Spades: North A K Q, East J T 9, South 8 7 6, West 5 4 3. Hearts: East A, South K,
/// West Q, North 2 (North's 2 is the suit's bottom block: its owner is forced).
const DEAL: &str = "N:AKQ.2.. JT9.A.. 876.K.. 543.Q..";

/// The same key as [`DEAL`] (every suit length, North on lead), but East holds the spade
/// king and North the jack: the same top spade owner, another second one.
const OTHER: &str = "N:AQJ.2.. KT9.A.. 876.K.. 543.Q..";

struct Pos {
    hands: SeatMap<Hand>,
    at: TrickStart,
    key: PatternKey,
}

fn pos(pbn: &str, leader: Seat) -> Pos {
    let deal: Deal = pbn.parse().expect("valid deal");
    let hands = *deal.hands();
    let at = TrickStart::new(hands, Strain::NoTrump, leader);
    Pos {
        hands,
        at,
        key: PatternKey::new(&at),
    }
}

/// The entry of bounds `lower..=upper` resting on `win`, with best move `best`.
fn entry(win: Hand, lower: u8, upper: u8, best: Option<Card>) -> TtEntry {
    TtEntry {
        lower,
        upper,
        win,
        best,
    }
}

impl Pos {
    /// The winning ranks of the top `depths` relative cards of each suit.
    fn win(&self, depths: [u8; 4]) -> Hand {
        absolute_win_ranks(depths, &self.hands)
    }

    fn store(&self, tt: &mut TtPattern, depths: [u8; 4], lower: u8, upper: u8) {
        tt.store(
            &self.key,
            &self.at,
            entry(self.win(depths), lower, upper, None),
        );
    }

    /// The probe's decision and the number of winning cards it reports.
    fn probe(&self, tt: &mut TtPattern, tricks: u8) -> Option<(bool, u8, u32)> {
        tt.probe(&self.key, &self.at, tricks)
            .map(|h| (h.reached, h.bound, h.win.len()))
    }
}

fn card(s: &str) -> Card {
    Card::parse(s).expect("a card")
}

#[test]
fn the_more_general_pattern_answers_first_whatever_the_order_of_stores() {
    let p = pos(DEAL, Seat::North);
    for general_first in [true, false] {
        let mut tt = TtPattern::new(1);
        let general = |tt: &mut TtPattern| p.store(tt, [1, 0, 0, 0], 3, 4);
        let specific = |tt: &mut TtPattern| p.store(tt, [3, 0, 0, 0], 3, 3);
        if general_first {
            general(&mut tt);
            specific(&mut tt);
        } else {
            specific(&mut tt);
            general(&mut tt);
        }
        assert_eq!(tt.stats().entries, 2, "the specific entry knows more: kept");
        // Both decide "at least 3": the general one answers, with its one winning card.
        let hit = tt.probe(&p.key, &p.at, 3).expect("decided");
        assert!(hit.reached);
        assert_eq!(hit.win, Hand::single(card("SA")));
        // Only the specific one decides "at least 4".
        assert_eq!(p.probe(&mut tt, 4), Some((false, 3, 3)));
    }
}

#[test]
fn a_general_pattern_matches_positions_a_specific_one_does_not() {
    let (p, q) = (pos(DEAL, Seat::North), pos(OTHER, Seat::North));
    assert_eq!(p.key.shape, q.key.shape);
    let mut tt = TtPattern::new(1);
    p.store(&mut tt, [2, 0, 0, 0], 0, 2);
    assert_eq!(q.probe(&mut tt, 3), None, "another owner of the spade king");
    p.store(&mut tt, [1, 0, 0, 0], 1, 4);
    assert_eq!(q.probe(&mut tt, 1), Some((true, 1, 1)));
    assert_eq!(q.probe(&mut tt, 3), None);
    assert_eq!(p.probe(&mut tt, 3), Some((false, 2, 2)));
}

#[test]
fn bounds_of_one_pattern_are_tightened_in_place() {
    let p = pos(DEAL, Seat::North);
    let mut tt = TtPattern::new(1);
    p.store(&mut tt, [2, 0, 0, 0], 2, 4);
    p.store(&mut tt, [2, 0, 0, 0], 0, 3);
    p.store(&mut tt, [2, 0, 0, 0], 1, 4); // looser: changes nothing
    assert_eq!(tt.stats().entries, 1);
    assert_eq!(tt.counters().merges, 2);
    assert_eq!(p.probe(&mut tt, 2), Some((true, 2, 2)));
    assert_eq!(p.probe(&mut tt, 4), Some((false, 3, 2)));
    assert_eq!(p.probe(&mut tt, 3), None);
}

#[test]
fn a_best_move_is_kept_until_another_replaces_it() {
    let p = pos(DEAL, Seat::North);
    let mut tt = TtPattern::new(1);
    let win = p.win([1, 0, 0, 0]);
    tt.store(&p.key, &p.at, entry(win, 2, 4, Some(card("SA"))));
    tt.store(&p.key, &p.at, entry(win, 2, 3, None));
    let hit = tt.probe(&p.key, &p.at, 2).expect("decided");
    assert_eq!(hit.best, Some(card("SA")));
    tt.store(&p.key, &p.at, entry(win, 2, 3, Some(card("SK"))));
    let hit = tt.probe(&p.key, &p.at, 2).expect("decided");
    assert_eq!(hit.best, Some(card("SK")));
}

#[test]
fn a_general_store_absorbs_the_specific_entries_it_makes_redundant() {
    let p = pos(DEAL, Seat::North);
    let mut tt = TtPattern::new(1);
    p.store(&mut tt, [3, 0, 0, 0], 2, 4);
    p.store(&mut tt, [1, 1, 0, 0], 2, 4);
    p.store(&mut tt, [1, 2, 0, 0], 3, 3); // knows more than the general entry to come
    assert_eq!(tt.stats().entries, 3);
    p.store(&mut tt, [1, 0, 0, 0], 3, 4);
    assert_eq!(tt.absorbed(), 2);
    assert_eq!(tt.stats().entries, 2);
    assert_eq!(p.probe(&mut tt, 3), Some((true, 3, 1)));
    // The specific entry that said more stays, and answers what only it knows.
    assert_eq!(p.probe(&mut tt, 4), Some((false, 3, 3)));
}

#[test]
fn tightening_a_general_entry_dissolves_the_specific_ones_it_now_implies() {
    let p = pos(DEAL, Seat::North);
    let mut tt = TtPattern::new(1);
    p.store(&mut tt, [1, 0, 0, 0], 0, 3);
    p.store(&mut tt, [2, 0, 0, 0], 3, 4);
    assert_eq!(tt.stats().entries, 2);
    assert_eq!(p.probe(&mut tt, 4), Some((false, 3, 1)));
    assert_eq!(p.probe(&mut tt, 3), Some((true, 3, 2)));
    // The general entry learns the lower bound too: [3, 3], all the specific one said.
    p.store(&mut tt, [1, 0, 0, 0], 3, 4);
    assert_eq!(tt.counters().merges, 1);
    assert_eq!(tt.absorbed(), 1);
    assert_eq!(tt.stats().entries, 1);
    assert_eq!(p.probe(&mut tt, 3), Some((true, 3, 1)));
}

#[test]
fn depths_stop_above_a_bottom_block_whose_owner_the_lengths_force() {
    let p = pos(DEAL, Seat::North);
    // Spades down to the 6: South's 8 7 6 are not West's 5 4 3, nothing forced above.
    assert_eq!(
        forced_depths(p.key.pattern, [9, 0, 0, 0], &p.hands),
        [9, 0, 0, 0]
    );
    // All twelve spades: West's block is forced; all four hearts: North's 2 is.
    assert_eq!(
        forced_depths(p.key.pattern, [12, 4, 0, 0], &p.hands),
        [9, 3, 0, 0]
    );
    let mut tt = TtPattern::new(1);
    tt.store(&p.key, &p.at, entry(all(&p.hands), 3, 3, None));
    let hit = tt.probe(&p.key, &p.at, 3).expect("decided");
    let mut want = all(&p.hands);
    for c in ["S5", "S4", "S3", "H2"] {
        want.remove(card(c));
    }
    assert_eq!(hit.win, want);
    // A suit held by one hand needs no card at all.
    let q = pos("N:AKQ.2.. .AJT9.. .K876.. .Q543..", Seat::North);
    assert_eq!(
        forced_depths(q.key.pattern, [3, 4, 0, 0], &q.hands),
        [0, 4, 0, 0]
    );
}

fn all(hands: &SeatMap<Hand>) -> Hand {
    hands.0[0] | hands.0[1] | hands.0[2] | hands.0[3]
}

#[test]
fn forced_owners_make_no_difference_to_the_positions_matched() {
    // For random positions and depths, a position matches the cut pattern exactly when it
    // matches the full one (among positions of the same key).
    let mut rng = DealRng::new(11);
    for _ in 0..2000 {
        let n = 1 + rng.below(6) as u32;
        let a = rng.partial_deal(n);
        let (ha, pa) = (*a.hands(), Pattern::new(a.hands()));
        let depths = [0u8; 4].map(|_| rng.below(14) as u8);
        let full = RankPattern::new(pa, depths);
        let cut = RankPattern::new(pa, forced_depths(pa, depths, &ha));
        assert!(cut.covers(&full));
        // Another position of the same key: the same owners and lengths, suits shuffled
        // into other ranks keep relative ranks; here, permute owners within a suit instead.
        for _ in 0..20 {
            let b = same_lengths(&mut rng, &ha);
            let pb = Pattern::new(&b);
            assert_eq!(
                ShapeKey::new(&b, Seat::North),
                ShapeKey::new(&ha, Seat::North)
            );
            assert_eq!(full.matches(&pb), cut.matches(&pb), "{a} / {depths:?}");
        }
    }
}

/// A random deal with every hand's suit lengths those of `hands`, on the same cards.
fn same_lengths(rng: &mut DealRng, hands: &SeatMap<Hand>) -> SeatMap<Hand> {
    let mut out = SeatMap([Hand::EMPTY; 4]);
    for s in Suit::ALL {
        let mut cards: Vec<Rank> = all(hands).suit(s).iter().collect();
        for i in (1..cards.len()).rev() {
            cards.swap(i, rng.below(i as u64 + 1) as usize);
        }
        let mut next = cards.into_iter();
        for h in 0..4 {
            for _ in 0..hands.0[h].suit(s).len() {
                out.0[h].insert(Card::new(s, next.next().expect("enough cards")));
            }
        }
    }
    out
}

/// Trick-start positions with lower bounds only (so that no two stores of one shape
/// contradict each other) and random depths: fifty positions a shape, the cards of a random
/// deal dealt again with the same suit lengths.
struct Item {
    at: TrickStart,
    key: PatternKey,
    win: Hand,
    lower: u8,
}

fn item(rng: &mut DealRng, hands: SeatMap<Hand>, leader: Seat, depths: [u8; 4]) -> Item {
    let tl = hands.0[0].len() as u8;
    let at = TrickStart::new(hands, Strain::NoTrump, leader);
    Item {
        at,
        key: PatternKey::new(&at),
        win: absolute_win_ranks(depths, &hands),
        lower: 1 + rng.below(u64::from(tl)) as u8,
    }
}

fn items(seed: u64, leader: Seat, count: usize) -> Vec<Item> {
    let mut rng = DealRng::new(seed);
    let mut base = SeatMap([Hand::EMPTY; 4]);
    (0..count)
        .map(|i| {
            if i % 50 == 0 {
                let n = 6 + rng.below(8) as u32;
                base = *rng.partial_deal(n).hands();
            }
            let hands = same_lengths(&mut rng, &base);
            let depths = [0u8; 4].map(|_| 1 + rng.below(5) as u8);
            item(&mut rng, hands, leader, depths)
        })
        .collect()
}

impl Item {
    fn store(&self, tt: &mut TtPattern) {
        let tl = self.at.tricks_left();
        tt.store(&self.key, &self.at, entry(self.win, self.lower, tl, None));
    }

    fn hit(&self, tt: &mut TtPattern) -> bool {
        tt.probe(&self.key, &self.at, self.lower)
            .is_some_and(|h| h.reached)
    }
}

#[test]
fn memory_stays_within_the_budget_and_the_entry_just_stored_is_kept() {
    for mb in [1, 2] {
        let mut tt = TtPattern::new(mb);
        for (i, it) in items(7, Seat::South, 150_000).iter().enumerate() {
            it.store(&mut tt);
            assert!(tt.stats().bytes <= mb << 20, "{} bytes", tt.stats().bytes);
            assert!(it.hit(&mut tt), "store {i} decides at once");
        }
        let c = tt.counters();
        assert!(c.sweeps > 0 && c.evictions > 0, "{c:?}");
        assert_eq!(tt.stats().resets, 0, "never wiped");
        assert!(tt.stats().entries > 10_000, "{:?}", tt.stats());
        // The budget was used: more than half of it at the end.
        assert!(tt.stats().bytes > mb << 19, "{:?}", tt.stats());
    }
}

#[test]
fn stale_entries_go_before_fresh_ones() {
    let mut tt = TtPattern::new(1);
    let old = items(1, Seat::North, 12_000);
    let fresh = items(2, Seat::East, 2_000);
    let filler = items(3, Seat::South, 100_000);
    for it in &old {
        it.store(&mut tt);
    }
    tt.new_search();
    tt.new_search();
    for it in &fresh {
        it.store(&mut tt);
    }
    for it in &filler {
        if tt.counters().sweeps > 0 {
            break;
        }
        it.store(&mut tt);
    }
    assert_eq!(tt.counters().sweeps, 1, "the filler fills the table");
    let fresh_hits = fresh.iter().filter(|it| it.hit(&mut tt)).count();
    let old_hits = old.iter().filter(|it| it.hit(&mut tt)).count();
    assert_eq!(fresh_hits, fresh.len(), "every fresh entry kept");
    assert!(old_hits < old.len(), "old entries evicted: {old_hits}");
    assert!(old_hits > 0, "an eviction is a batch, not a wipe");
}

#[test]
fn a_hit_keeps_an_old_entry_young() {
    let mut tt = TtPattern::new(1);
    let old = items(4, Seat::North, 8_000);
    for it in &old {
        it.store(&mut tt);
    }
    tt.new_search();
    tt.new_search();
    // Hitting the first half in the current generation makes it as fresh as a new store.
    let (used, unused) = old.split_at(4_000);
    for it in used {
        assert!(it.hit(&mut tt));
    }
    for it in &items(5, Seat::South, 100_000) {
        if tt.counters().sweeps > 0 {
            break;
        }
        it.store(&mut tt);
    }
    assert_eq!(tt.counters().sweeps, 1);
    assert_eq!(used.iter().filter(|it| it.hit(&mut tt)).count(), used.len());
    assert!(unused.iter().filter(|it| it.hit(&mut tt)).count() < unused.len());
}

#[test]
fn within_a_generation_the_most_specific_go_first() {
    let mut tt = TtPattern::new(1);
    // General entries (at most one card fixed), one a shape, among many specific ones.
    let mut rng = DealRng::new(9);
    let mut general = Vec::new();
    for _ in 0..1_000 {
        let n = 6 + rng.below(8) as u32;
        let hands = *rng.partial_deal(n).hands();
        let it = item(&mut rng, hands, Seat::West, [1, 0, 0, 0]);
        it.store(&mut tt);
        general.push(it);
    }
    for it in &items(6, Seat::South, 100_000) {
        if tt.counters().sweeps > 0 {
            break;
        }
        it.store(&mut tt);
    }
    assert_eq!(tt.counters().sweeps, 1);
    assert_eq!(
        general.iter().filter(|it| it.hit(&mut tt)).count(),
        general.len()
    );
}

#[test]
fn clear_forgets_everything_and_new_search_forgets_nothing() {
    let p = pos(DEAL, Seat::North);
    let mut tt = TtPattern::new(1);
    p.store(&mut tt, [1, 0, 0, 0], 2, 4);
    for _ in 0..100 {
        tt.new_search();
    }
    assert_eq!(p.probe(&mut tt, 2), Some((true, 2, 1)));
    tt.clear();
    assert_eq!(p.probe(&mut tt, 2), None);
    assert_eq!(tt.stats().entries, 0);
}
