//! [`TtKind`] and [`AnyTable`]: the workspace's tables, chosen at run time
//! ([`crate::SolverBuilder::tt`]) and dispatched by a `match` (no virtual calls).

use ddsolve_cards::{Hand, SeatMap};
use ddsolve_tt::{TranspositionTable, TrickStart, TtEntry, TtHit, TtStats};
use ddsolve_tt_forest::{TtFlat, TtForest};
use ddsolve_tt_key::PatternKey;
use ddsolve_tt_pattern::TtPattern;

/// Which table design to use, chosen at run time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum TtKind {
    /// [`TtFlat`]: one list of 128-bit patterns per key.
    Flat,
    /// [`TtForest`]: the paper's forest of winning-cards nodes.
    Forest,
    /// [`TtPattern`]: the rank-pattern table (per suit-length shape and leader, general
    /// patterns first, bounds tightened in place). The default: fewer nodes than `Flat`,
    /// above all on freak deals, and less memory on symmetric ones (`BENCHMARKS.md`).
    #[default]
    Pattern,
}

/// Any of the tables, dispatched by a `match` (no virtual calls).
// An explicit tag: the dispatch of every probe and store tests one byte. The default table
// first, tag 0: its dispatch is a test for zero.
#[derive(Debug)]
#[repr(u8)]
pub enum AnyTable {
    /// The rank-pattern table.
    Pattern(TtPattern),
    /// The flat table.
    Flat(TtFlat),
    /// The forest.
    Forest(TtForest),
}

impl Default for AnyTable {
    /// The default table ([`TtKind::default`]) of the default size
    /// ([`crate::DEFAULT_TT_MEMORY_MB`]).
    fn default() -> AnyTable {
        AnyTable::new(TtKind::default(), crate::DEFAULT_TT_MEMORY_MB)
    }
}

impl AnyTable {
    /// A table of `kind` limited to `limit_mb` megabytes.
    pub fn new(kind: TtKind, limit_mb: usize) -> AnyTable {
        match kind {
            TtKind::Flat => AnyTable::Flat(TtFlat::new(limit_mb)),
            TtKind::Forest => AnyTable::Forest(TtForest::new(limit_mb)),
            TtKind::Pattern => AnyTable::Pattern(TtPattern::new(limit_mb)),
        }
    }
}

impl TranspositionTable for AnyTable {
    /// Every table here is keyed by the rank pattern.
    type Key = PatternKey;

    fn prepare(&mut self, root: &SeatMap<Hand>) {
        match self {
            AnyTable::Flat(t) => t.prepare(root),
            AnyTable::Forest(t) => t.prepare(root),
            AnyTable::Pattern(t) => t.prepare(root),
        }
    }

    /// The key of whichever table: one key computation after the dispatch (each table's
    /// key is its `RankOwners::key`). Always inlined into the search: the call and the
    /// key's return through memory cost more than its few lookups.
    #[inline(always)]
    fn key(&mut self, at: &TrickStart) -> PatternKey {
        let owners = match self {
            AnyTable::Flat(t) => t.rank_owners(),
            AnyTable::Forest(t) => t.rank_owners(),
            AnyTable::Pattern(t) => t.rank_owners(),
        };
        owners.key(at)
    }

    /// The default table's probe is inlined here; the others are called (so that their
    /// code does not swell the default's).
    #[inline]
    fn probe(&mut self, key: &PatternKey, at: &TrickStart, tricks: u8) -> Option<TtHit> {
        match self {
            AnyTable::Pattern(t) => t.probe(key, at, tricks),
            AnyTable::Flat(t) => probe_out_of_line(t, key, at, tricks),
            AnyTable::Forest(t) => probe_out_of_line(t, key, at, tricks),
        }
    }

    #[inline]
    fn store(&mut self, key: &PatternKey, at: &TrickStart, entry: TtEntry) {
        match self {
            AnyTable::Pattern(t) => t.store(key, at, entry),
            AnyTable::Flat(t) => t.store(key, at, entry),
            AnyTable::Forest(t) => t.store(key, at, entry),
        }
    }

    fn clear(&mut self) {
        match self {
            AnyTable::Flat(t) => t.clear(),
            AnyTable::Forest(t) => t.clear(),
            AnyTable::Pattern(t) => t.clear(),
        }
    }

    #[inline]
    fn new_search(&mut self) {
        match self {
            AnyTable::Flat(t) => t.new_search(),
            AnyTable::Forest(t) => t.new_search(),
            AnyTable::Pattern(t) => t.new_search(),
        }
    }

    fn stats(&self) -> TtStats {
        match self {
            AnyTable::Flat(t) => t.stats(),
            AnyTable::Forest(t) => t.stats(),
            AnyTable::Pattern(t) => t.stats(),
        }
    }
}

/// `t.probe(..)`, never inlined: the probe of a table other than the default.
#[inline(never)]
fn probe_out_of_line<T: TranspositionTable<Key = PatternKey>>(
    t: &mut T,
    key: &PatternKey,
    at: &TrickStart,
    tricks: u8,
) -> Option<TtHit> {
    t.probe(key, at, tricks)
}
