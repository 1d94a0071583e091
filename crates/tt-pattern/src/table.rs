//! The rank-pattern table behind [`TranspositionTable`].

use crate::budget::{eviction_score, AGING, SCORES};
use crate::cache::{ShapeCache, ENTRY_BYTES, SLOT_BYTES};
use crate::entry::{Entry, Stamp};
use crate::shape::ProbeOrder;
use crate::{Bounds, RankPattern};
use ddsolve_cards::{Hand, SeatMap};
use ddsolve_tt::{
    Budget, Counters, EvictionPlan, Generation, TranspositionTable, TrickStart, TtEntry, TtHit,
    TtStats,
};
use ddsolve_tt_key::{PatternKey, RankOwners};

/// Slots of a new table's shape array (fewer if the budget is tiny).
const FIRST_SLOTS: usize = 1 << 10;

/// The rank-pattern transposition table.
///
/// Per shape (tricks left, leader, every hand's suit lengths: [`ddsolve_tt_key::ShapeKey::packed`])
/// a list of [`RankPattern`]s with bounds, the most general first. A probe returns the first matching
/// entry that decides, so the winning ranks it reports are those of the most general
/// pattern that knows the answer. A store tightens an entry of the same pattern in place (or
/// goes in before the more specific patterns), and absorbs the more specific entries it
/// makes redundant. Patterns stop above a suit's bottom cards when the suit lengths force
/// their owners ([`crate::forced_depths`]).
///
/// Its key is the [`PatternKey`], found by a [`RankOwners`] that
/// [`TranspositionTable::prepare`] builds for each deal (from the hands until then).
///
/// The entries' memory never passes the budget given to [`TtPattern::new`]: under it,
/// entries are evicted in batches, the stalest (by generation, counted by
/// [`TranspositionTable::new_search`]), never-hit, most specific first; the table is never
/// wiped to make room. The key accelerator is outside the budget: once prepared it takes
/// [`RankOwners::TABLE_BYTES`] more.
///
/// ```
/// use ddsolve_cards::{Deal, Hand, Seat, Strain, Suit};
/// use ddsolve_tt::{TranspositionTable, TrickStart, TtEntry};
/// use ddsolve_tt_pattern::TtPattern;
///
/// let deal: Deal = "N:AK... QJ... T9... 87...".parse()?;
/// let at = TrickStart::new(*deal.hands(), Strain::NoTrump, Seat::North);
/// let mut tt = TtPattern::new(16);
/// let key = tt.key(&at);
/// // North's side takes both tricks, resting on the ace and king.
/// let win = Hand::from_holdings([deal.hand(Seat::North).suit(Suit::Spades), Default::default(), Default::default(), Default::default()]);
/// tt.store(&key, &at, TtEntry { lower: 2, upper: 2, win, best: None });
/// let hit = tt.probe(&key, &at, 2).expect("stored");
/// assert!(hit.reached);
/// assert_eq!(hit.win, win);
/// # Ok::<(), ddsolve_cards::PbnError>(())
/// ```
#[derive(Debug)]
pub struct TtPattern {
    owners: RankOwners,
    cache: ShapeCache,
    budget: Budget,
    first_slots: usize,
    max_slots: usize,
    now: Generation,
    /// The stamp of `now`, for the entries.
    stamp: Stamp,
    order: ProbeOrder,
    counters: Counters,
    /// More specific entries absorbed by a more general store (no [`TtStats`] field).
    absorbed: u64,
}

impl TtPattern {
    /// An empty table that never holds more than `mb` megabytes (at least 1).
    pub fn new(mb: usize) -> TtPattern {
        TtPattern::with_order(mb, ProbeOrder::default())
    }

    /// An empty table of at most `mb` megabytes that tries the entries of a shape in
    /// `order`.
    pub fn with_order(mb: usize, order: ProbeOrder) -> TtPattern {
        let budget = Budget::new(mb);
        let max_slots = budget.max_slots(SLOT_BYTES);
        let first_slots = FIRST_SLOTS.min(max_slots);
        TtPattern {
            owners: RankOwners::new(),
            cache: ShapeCache::new(first_slots),
            budget,
            first_slots,
            max_slots,
            now: Generation::default(),
            stamp: Stamp::of(Generation::default()),
            order,
            counters: Counters::default(),
            absorbed: 0,
        }
    }

    /// What the table did since it was made: the counters every table keeps
    /// ([`TranspositionTable::stats`] reports them with the sizes).
    pub fn counters(&self) -> Counters {
        self.counters
    }

    /// More specific entries absorbed by a more general store since the table was made.
    pub fn absorbed(&self) -> u64 {
        self.absorbed
    }

    /// The per-deal accelerator of this table's keys ([`TranspositionTable::key`] is its
    /// [`RankOwners::key`]): for a caller that dispatches over tables of this key and
    /// wants one key computation.
    #[inline]
    pub fn rank_owners(&self) -> &RankOwners {
        &self.owners
    }

    /// Shapes (keys) stored.
    pub fn shapes(&self) -> usize {
        self.cache.shapes()
    }

    /// The current generation.
    pub fn generation(&self) -> Generation {
        self.now
    }

    /// How many shapes hold each number of entries: `(entries, shapes)` pairs, fewest
    /// entries first (the lengths a probe of a missing position scans).
    pub fn list_lengths(&self) -> Vec<(usize, usize)> {
        let mut by_len = std::collections::BTreeMap::new();
        self.cache
            .for_each_list(|l| *by_len.entry(l.len()).or_insert(0) += 1);
        by_len.into_iter().collect()
    }

    /// Makes sure a store under `packed` fits the budget: grows the shape array or evicts
    /// entries (or, when the shape array is full and may not grow, whole shapes). `found` is
    /// [`ShapeCache::find`] of `packed` as the cache stands; returns it as the cache is left.
    fn make_room(&mut self, packed: u64, mut found: Result<usize, usize>) -> Result<usize, usize> {
        let limit = self.budget.limit();
        for _ in 0..16 {
            if found.is_err() && !self.cache.has_free_slot() {
                let slots = self.cache.slots();
                // The old and the new array live side by side while the shapes move.
                if slots * 2 <= self.max_slots
                    && self.cache.bytes() + 2 * slots * SLOT_BYTES <= limit
                {
                    self.cache.grow();
                } else if slots * 2 <= self.max_slots {
                    self.evict_entries(2 * slots * SLOT_BYTES);
                } else {
                    self.evict_shapes();
                }
                found = self.cache.find(packed);
                continue;
            }
            let extra = self.cache.growth_at(found) * ENTRY_BYTES;
            if self.cache.bytes() + extra <= limit {
                return found;
            }
            self.evict_entries(extra);
            found = self.cache.find(packed);
        }
        // Unreachable with the budget's shares (slots at most an eighth); kept so that the
        // limit holds whatever happens.
        self.cache.clear(self.first_slots);
        self.counters.resets += 1;
        self.cache.find(packed)
    }

    /// Evicts the worst entries so that `extra` more bytes fit under the low-water mark, and
    /// at least an eighth of the entries (so that evictions come in batches).
    // Rare, and its histogram would swell the frame of every store.
    #[cold]
    #[inline(never)]
    fn evict_entries(&mut self, extra: usize) {
        let target = self.budget.low_water();
        let excess = (self.cache.bytes() + extra).saturating_sub(target);
        let entries = self.cache.entries();
        let count = excess.div_ceil(ENTRY_BYTES).max(entries / 8).min(entries);
        let now = self.now;
        let mut histogram = [0usize; SCORES];
        self.cache.for_each_list(|l| {
            for e in l.entries() {
                histogram[eviction_score(e, now)] += 1;
            }
        });
        let mut plan = EvictionPlan::new(&histogram, count);
        let removed = self.cache.sweep(|l| {
            l.retain(|e| !plan.evicts(eviction_score(e, now)));
        });
        self.count_sweep(removed);
    }

    /// Evicts a quarter of the shapes, those whose best entry is worth least.
    #[cold]
    #[inline(never)]
    fn evict_shapes(&mut self) {
        let now = self.now;
        let worth = |entries: &[Entry]| {
            entries
                .iter()
                .map(|e| eviction_score(e, now))
                .min()
                .unwrap_or(SCORES - 1)
        };
        let mut histogram = [0usize; SCORES];
        self.cache
            .for_each_list(|l| histogram[worth(l.entries())] += 1);
        let mut plan = EvictionPlan::new(&histogram, self.cache.shapes().div_ceil(4));
        let removed = self.cache.sweep(|l| {
            if plan.evicts(worth(l.entries())) {
                l.retain(|_| false);
            }
        });
        self.count_sweep(removed);
    }
}

impl TtPattern {
    /// Counts a sweep that removed `removed` entries, and the bytes held before it.
    fn count_sweep(&mut self, removed: usize) {
        self.counters.sweeps += 1;
        self.counters.evictions += removed as u64;
        self.counters.peak_bytes = self.counters.peak_bytes.max(self.cache.bytes());
    }
}

impl TtPattern {
    ddsolve_cards::fast_copy! {
        Self:
        /// [`TranspositionTable::probe`].
        fn probe_entry / probe_entry_fast(
            table: &mut TtPattern,
            key: &PatternKey,
            at: &TrickStart,
            tricks: u8,
        ) -> Option<TtHit> {
        let depth = at.tricks_left();
        let Some(list) = table.cache.get_mut(key.shape.packed()) else {
            table.counters.probe(depth, 0, false);
            return None;
        };
        let len = list.len();
        let Some((i, e, reached)) = list.probe(&key.pattern, tricks, table.order) else {
            table.counters.probe(depth, len as u64, false);
            return None;
        };
        let scanned = match table.order {
            ProbeOrder::GeneralFirst => i + 1,
            ProbeOrder::NewestFirst => len - i,
        } as u64;
        e.touch_hit(table.stamp);
        table.counters.probe(depth, scanned, true);
        let bounds = e.bounds();
        Some(TtHit {
            reached,
            bound: if reached { bounds.lower } else { bounds.upper },
            win: e.pattern().win_ranks(at.hands()),
            best: e.best(),
        })
    }
    }

    ddsolve_cards::fast_copy! {
        Self:
        /// [`TranspositionTable::store`].
        fn store_entry / store_entry_fast(
            table: &mut TtPattern,
            key: &PatternKey,
            at: &TrickStart,
            entry: TtEntry,
        ) {
        table.counters.store(at.tricks_left());
        let entry = Entry::new(
            RankPattern::of_win(key.pattern, entry.win, at.hands()),
            Bounds::new(entry.lower, entry.upper),
            entry.best,
            table.stamp,
        );
        let packed = key.shape.packed();
        let (now, order) = (table.stamp, table.order);
        let found = table.cache.find(packed);
        let list = match found {
            // The common case: the shape is there and its list has room.
            Ok(i) if table.cache.list_at(i).len() < table.cache.list_at(i).capacity() => {
                table.cache.list_at(i)
            }
            _ => {
                let found = table.make_room(packed, found);
                let Some((list, _)) = table.cache.list_with_room(packed, found) else {
                    unreachable!("make_room leaves a free slot for a new shape")
                };
                list
            }
        };
        let before = list.len();
        let out = list.store(entry, now, order);
        let after = list.len();
        table.cache.count_entries(before, after);
        table.counters.merges += u64::from(out.merged);
        table.absorbed += out.absorbed as u64;
    }
    }
}

impl TranspositionTable for TtPattern {
    type Key = PatternKey;

    fn prepare(&mut self, root: &SeatMap<Hand>) {
        self.owners.prepare(root);
    }

    #[inline]
    fn key(&mut self, at: &TrickStart) -> PatternKey {
        self.owners.key(at)
    }

    // The probe and the store run out of line, compiled twice (baseline and fast,
    // `ddsolve_cards::cpu`): called from the search's fast copy, their bit counts use the
    // processor's instructions too.
    #[inline]
    fn probe(&mut self, key: &PatternKey, at: &TrickStart, tricks: u8) -> Option<TtHit> {
        Self::probe_entry(self, key, at, tricks)
    }

    #[inline]
    fn store(&mut self, key: &PatternKey, at: &TrickStart, entry: TtEntry) {
        Self::store_entry(self, key, at, entry)
    }

    fn clear(&mut self) {
        self.cache.clear(self.first_slots);
    }

    fn new_search(&mut self) {
        self.counters.searches += 1;
        self.now = self.now.next();
        self.stamp = Stamp::of(self.now);
        // Ages matter only to evictions: below half the budget, none is near, and the stamps
        // may wrap (a sweep of every entry every other search would cost more than it
        // tells); from there on they are refreshed, well before the table is full.
        if AGING.refresh_due(self.now) && self.cache.bytes() > self.budget.limit() / 2 {
            let now = self.now;
            self.cache.for_each_list_mut(|l| {
                l.for_each_mut(|e| e.refresh(now));
            });
        }
    }

    fn stats(&self) -> TtStats {
        self.counters.stats(
            self.cache.entries(),
            self.cache.bytes(),
            self.budget.limit(),
        )
    }
}
