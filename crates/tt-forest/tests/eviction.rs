//! Eviction order under the budget: a full table evicts stale entries before fresh ones
//! (an entry is fresh when it was stored, or decided a probe, in the current search) and,
//! among entries of one age, the most specific (the fewest cards left free) first.

use ddsolve_cards::{DealRng, Hand, Seat, Strain};
use ddsolve_tt::{TranspositionTable, TrickStart, TtEntry};
use ddsolve_tt_forest::{TtFlat, TtForest};
use ddsolve_tt_key::PatternKey;
use std::collections::HashSet;

const LIMIT: usize = 1 << 20;
/// Cards a hand in the stored positions: every entry has the same tricks left.
const CARDS: u32 = 8;

/// A stored position and its key.
struct Stored {
    at: TrickStart,
    key: PatternKey,
}

/// Random positions with distinct keys, so that no entry answers a probe for another
/// (an entry that pins no card matches every position of its key).
struct Positions {
    rng: DealRng,
    keys: HashSet<u64>,
}

impl Positions {
    fn new(seed: u64) -> Positions {
        Positions {
            rng: DealRng::new(seed),
            keys: HashSet::new(),
        }
    }

    fn next(&mut self) -> Stored {
        loop {
            let deal = self.rng.partial_deal(CARDS);
            let hands = *deal.hands();
            let leader = Seat::ALL[self.rng.below(4) as usize];
            let at = TrickStart::new(hands, Strain::NoTrump, leader);
            let key = PatternKey::new(&at);
            if self.keys.insert(key.shape.packed()) {
                return Stored { at, key };
            }
        }
    }
}

/// Stores `p` with exact value 3; `specific` pins every card (no card left free), else
/// none is pinned (every card free).
fn store<T: TranspositionTable<Key = PatternKey>>(tt: &mut T, p: &Stored, specific: bool) {
    let win = if specific {
        p.at.remaining()
    } else {
        Hand::EMPTY
    };
    let entry = TtEntry {
        lower: 3,
        upper: 3,
        win,
        best: None,
    };
    tt.store(&p.key, &p.at, entry);
}

fn present<T: TranspositionTable<Key = PatternKey>>(tt: &mut T, p: &Stored) -> bool {
    tt.probe(&p.key, &p.at, 3).is_some()
}

fn count<T: TranspositionTable<Key = PatternKey>>(tt: &mut T, ps: &[Stored]) -> usize {
    ps.iter().filter(|p| present(tt, p)).count()
}

/// Old entries, some of them used again in the new search, then new entries until the
/// table sweeps once: the sweep takes only old entries that were not used again.
fn stale_before_fresh<T: TranspositionTable<Key = PatternKey>>(name: &str, mut tt: T) {
    let mut positions = Positions::new(0xe71c_0001);
    let mut old = Vec::new();
    while tt.stats().bytes < LIMIT * 6 / 10 {
        let p = positions.next();
        store(&mut tt, &p, false);
        old.push(p);
    }
    tt.new_search();
    // The first third of the old entries decide a probe in the new search: they are fresh.
    let used = old.len() / 3;
    for p in &old[..used] {
        assert!(
            present(&mut tt, p),
            "[{name}] old entry lost before any sweep"
        );
    }
    let mut new = Vec::new();
    while tt.stats().sweeps == 0 {
        let p = positions.next();
        store(&mut tt, &p, false);
        new.push(p);
    }
    let stats = tt.stats();
    let evicted = stats.evictions as usize;
    assert!(evicted > 0, "[{name}] {stats:?}");
    assert!(
        evicted <= old.len() - used,
        "[{name}] the test needs more unused old entries than a sweep evicts: {stats:?}"
    );
    assert_eq!(
        count(&mut tt, &new),
        new.len(),
        "[{name}] a fresh entry went"
    );
    assert_eq!(
        count(&mut tt, &old[..used]),
        used,
        "[{name}] an entry used in this search went"
    );
    assert_eq!(
        count(&mut tt, &old[used..]),
        old.len() - used - evicted,
        "[{name}] the sweep did not take only unused old entries"
    );
}

/// One search, specific and general entries alternately until the table sweeps once: the
/// sweep takes only specific ones.
fn specific_before_general<T: TranspositionTable<Key = PatternKey>>(name: &str, mut tt: T) {
    let mut positions = Positions::new(0xe71c_0002);
    let (mut specific, mut general) = (Vec::new(), Vec::new());
    while tt.stats().sweeps == 0 {
        let p = positions.next();
        let is_specific = specific.len() <= general.len();
        store(&mut tt, &p, is_specific);
        if is_specific {
            specific.push(p);
        } else {
            general.push(p);
        }
    }
    let stats = tt.stats();
    let evicted = stats.evictions as usize;
    assert!(
        evicted > 0 && evicted <= specific.len(),
        "[{name}] {stats:?}"
    );
    assert_eq!(
        count(&mut tt, &general),
        general.len(),
        "[{name}] a general entry went"
    );
    assert_eq!(
        count(&mut tt, &specific),
        specific.len() - evicted,
        "[{name}] {stats:?}"
    );
}

#[test]
fn flat_evicts_stale_before_fresh() {
    stale_before_fresh("flat", TtFlat::new(1));
}

#[test]
fn forest_evicts_stale_before_fresh() {
    stale_before_fresh("forest", TtForest::new(1));
}

#[test]
fn flat_evicts_specific_before_general() {
    specific_before_general("flat", TtFlat::new(1));
}

#[test]
fn forest_evicts_specific_before_general() {
    specific_before_general("forest", TtForest::new(1));
}
