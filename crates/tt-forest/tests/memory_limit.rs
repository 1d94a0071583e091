//! The memory budget: with a 1 MB table, a million random stores with a new search every
//! thousand never take the byte count past the limit; the table evicts (it never wipes
//! itself), keeps what it just stored, and uses the budget it has.
//!
//! The forest may refuse a store now and then: its roots' maps keep their buckets after a
//! sweep, and a map that must grow when the budget is spent on arena slots (freed, but
//! not returned) finds no room. The flat table returns what it frees and never refuses.

use ddsolve_cards::{DealRng, Hand, Seat, Strain};
use ddsolve_tt::{TranspositionTable, TrickStart, TtEntry};
use ddsolve_tt_forest::{TtFlat, TtForest};
use ddsolve_tt_key::PatternKey;

const STORES: usize = 1_000_000;
const LIMIT: usize = 1 << 20;

fn fill<T: TranspositionTable<Key = PatternKey>>(
    name: &str,
    tt: &mut T,
    seed: u64,
    max_dropped: u64,
) {
    let mut rng = DealRng::new(seed);
    let mut max_bytes = 0;
    for i in 0..STORES {
        if i % 1000 == 0 {
            tt.new_search();
        }
        let n = 1 + rng.below(13) as u32;
        let deal = rng.partial_deal(n);
        let hands = deal.hands();
        let leader = Seat::ALL[rng.below(4) as usize];
        let all = hands.0[0] | hands.0[1] | hands.0[2] | hands.0[3];
        let win = Hand(all.0 & rng.next_u64());
        let lower = rng.below(u64::from(n) + 1) as u8;
        let at = TrickStart::new(*hands, Strain::NoTrump, leader);
        let key = PatternKey::new(&at);
        let entry = TtEntry {
            lower,
            upper: n as u8,
            win,
            best: None,
        };
        tt.store(&key, &at, entry);
        let bytes = tt.stats().bytes;
        max_bytes = max_bytes.max(bytes);
        assert!(
            bytes <= LIMIT,
            "[{name}] {bytes} bytes after store {i}, limit {LIMIT}"
        );
        if i % 4096 == 0 {
            // The entry just stored is there (a sweep happens before a store, never after).
            let hit = tt.probe(&key, &at, lower);
            assert!(
                hit.is_some_and(|h| h.reached),
                "[{name}] fresh entry lost after store {i}"
            );
        }
    }
    let stats = tt.stats();
    assert_eq!(stats.resets, 0, "[{name}] wiped itself: {stats:?}");
    assert_eq!(stats.limit_bytes, LIMIT, "[{name}]");
    assert!(stats.sweeps > 0, "[{name}] never evicted: {stats:?}");
    assert!(
        stats.evictions >= stats.sweeps,
        "[{name}] sweeps that evicted nothing: {stats:?}"
    );
    assert!(
        stats.dropped <= max_dropped,
        "[{name}] refused stores: {stats:?}"
    );
    assert_eq!(stats.searches, (STORES / 1000) as u64, "[{name}]");
    // Every store added an entry, merged into one or was refused.
    assert_eq!(
        stats.total_stores() + stats.merges + stats.dropped,
        STORES as u64,
        "[{name}] {stats:?}"
    );
    assert_eq!(
        stats.entries as u64,
        stats.total_stores() - stats.evictions,
        "[{name}] {stats:?}"
    );
    assert!(stats.peak_bytes <= LIMIT, "[{name}] {stats:?}");
    // The limit is used, not just respected: the table keeps most of it after a sweep.
    assert!(
        max_bytes > LIMIT / 2,
        "[{name}] peaked at {max_bytes} bytes"
    );
}

#[test]
fn flat_stays_under_one_megabyte() {
    let mut tt = TtFlat::new(1);
    assert_eq!(tt.limit_bytes(), LIMIT);
    fill("flat", &mut tt, 0x3e3_0001, 0);
}

#[test]
fn forest_stays_under_one_megabyte() {
    let mut tt = TtForest::new(1);
    assert_eq!(tt.limit_bytes(), LIMIT);
    fill("forest", &mut tt, 0x3e3_0002, STORES as u64 / 10_000);
}

/// clear() empties the table without counting as a reset, and keeps the counters.
#[test]
fn clear_forgets_everything() {
    let mut rng = DealRng::new(5);
    let mut tables: Vec<Box<dyn TranspositionTable<Key = PatternKey>>> =
        vec![Box::new(TtFlat::new(1)), Box::new(TtForest::new(1))];
    for tt in tables.iter_mut() {
        let deal = rng.partial_deal(4);
        let hands = deal.hands();
        let at = TrickStart::new(*hands, Strain::NoTrump, Seat::South);
        let key = tt.key(&at);
        let entry = TtEntry {
            lower: 2,
            upper: 3,
            win: Hand::EMPTY,
            best: None,
        };
        tt.store(&key, &at, entry);
        assert!(tt.probe(&key, &at, 2).is_some());
        tt.clear();
        assert!(tt.probe(&key, &at, 2).is_none());
        let stats = tt.stats();
        assert_eq!(stats.entries, 0);
        assert_eq!(stats.resets, 0);
        assert_eq!(stats.total_stores(), 1);
        assert_eq!(stats.total_probes(), 2);
        assert_eq!(stats.total_hits(), 1);
        assert_eq!(stats.probes[4], 2);
    }
}
