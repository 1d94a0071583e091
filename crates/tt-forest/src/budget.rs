//! The memory budget: which entries go when a table is full.
//!
//! A table never grows past its budget and never wipes itself. When the next store would
//! pass the budget, it sweeps: every entry gets a value class from its *age* (generations
//! since it was stored or last decided a probe; a generation is one search, and each sweep
//! starts a new one too, so that "recently useful" means something inside a long search)
//! and its *generality* (how many of the position's cards it leaves free: the more, the
//! more positions it stands for), and the worst part goes (a sixteenth of the flat table,
//! a quarter of the forest): the stalest first, and among
//! entries of one age the most specific first. Specific entries are also the shallow ones
//! (few cards left), which are the cheapest to find again.
//!
//! The limit, the generation counter, the stamps' aging and the eviction plan are
//! `ddsolve-tt`'s ([`ddsolve_tt::Budget`], [`Generation`], [`Aging`], [`EvictionPlan`]),
//! shared by every table; what is the forest's own is the value class of an entry.

use ddsolve_tt::{Aging, EvictionPlan, Generation};

/// Ages are compared up to this many generations; older entries count as this old.
pub(crate) const AGE_BINS: usize = 16;

/// Generality is the number of cards of the position an entry does not pin: 0..=52.
pub(crate) const GENERALITY_BINS: usize = 53;

/// The tables' aging (`ddsolve-tt`'s mechanism): 8-bit stamps, ages told apart up to 32,
/// stamps refreshed every 64 generations (so that an 8-bit stamp never wraps into looking
/// fresh).
const AGING: Aging = Aging::new(8, 32);
const _: () = assert!(AGING.max_age() as usize >= AGE_BINS);

/// The part of the flat table's entries a sweep evicts: one in `SWEEP_DIVISOR`. Small
/// sweeps keep more of what the search is using (16 against 4: `BENCHMARKS.md`).
pub(crate) const SWEEP_DIVISOR: usize = 16;

/// The same for the forest, whose roots' maps keep their buckets after a sweep: a quarter,
/// so that a sweep frees enough for a map that must grow (smaller sweeps refuse stores).
pub(crate) const FOREST_SWEEP_DIVISOR: usize = 4;

/// The generation clock of a table: `ddsolve-tt`'s [`Generation`] counter, read through
/// [`AGING`] as an 8-bit stamp per entry.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Clock(Generation);

impl Clock {
    /// The stamp of the current generation.
    #[inline]
    pub fn now(&self) -> u8 {
        AGING.stamp(self.0) as u8
    }

    /// Generations since `stamp` (at most [`AGING`]'s oldest age).
    #[inline]
    pub fn age(&self, stamp: u8) -> u8 {
        AGING.age(self.0, u16::from(stamp)) as u8
    }

    /// Starts a new generation. Returns true when the table must call [`Clock::saturate`]
    /// on every stamp now.
    #[inline]
    pub fn tick(&mut self) -> bool {
        self.0 = self.0.next();
        AGING.refresh_due(self.0)
    }

    /// Pulls a stamp older than the oldest age that matters up to that age.
    #[inline]
    pub fn saturate(&self, stamp: &mut u8) {
        *stamp = AGING.refreshed(self.0, u16::from(*stamp)) as u8;
    }

    /// The value class of an entry stamped `stamp` that leaves `generality` cards free:
    /// a higher class is evicted first.
    #[inline]
    pub fn class(&self, stamp: u8, generality: u8) -> usize {
        let age = usize::from(self.age(stamp)).min(AGE_BINS - 1);
        let g = usize::from(generality).min(GENERALITY_BINS - 1);
        age * GENERALITY_BINS + (GENERALITY_BINS - 1 - g)
    }
}

/// The number of value classes.
pub(crate) const CLASSES: usize = AGE_BINS * GENERALITY_BINS;

/// Counts of entries per value class, to find how far a sweep must go.
#[derive(Clone, Debug)]
pub(crate) struct Histogram(Vec<usize>);

impl Histogram {
    pub fn new() -> Histogram {
        Histogram(vec![0; CLASSES])
    }

    #[inline]
    pub fn add(&mut self, class: usize) {
        self.0[class] += 1;
    }

    /// The plan (`ddsolve-tt`'s) that evicts `n` entries, the highest classes first.
    pub fn plan(&self, n: usize) -> EvictionPlan {
        EvictionPlan::new(&self.0, n)
    }
}

/// The buckets of a hash map (std's, that is hashbrown's) that holds `capacity` keys
/// without growing: a power of two at most 7/8 full, at least 4.
pub(crate) fn buckets(capacity: usize) -> usize {
    match capacity {
        0 => 0,
        1..=3 => 4,
        4..=7 => 8,
        _ => (capacity * 8 / 7).next_power_of_two(),
    }
}

/// The real size of a hash map. `capacity()` counts the keys a map takes before it must
/// grow, which removals lower (they leave tombstones) though the buckets stay: the largest
/// capacity seen since the map was made or shrunk is the size of its buckets.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct MapSize {
    capacity: usize,
}

impl MapSize {
    /// Notes the map's `capacity()` after an insertion.
    #[inline]
    pub fn observe(&mut self, capacity: usize) {
        self.capacity = self.capacity.max(capacity);
    }

    /// Starts over from a map just made or shrunk to `capacity()`.
    pub fn reset(&mut self, capacity: usize) {
        self.capacity = capacity;
    }

    /// Bytes of the map's buckets, each `bucket_bytes` (key, value and control byte), and
    /// the control bytes' tail.
    #[inline]
    pub fn bytes(&self, bucket_bytes: usize) -> usize {
        Self::table_bytes(buckets(self.capacity), bucket_bytes)
    }

    fn table_bytes(buckets: usize, bucket_bytes: usize) -> usize {
        if buckets == 0 {
            0
        } else {
            buckets * bucket_bytes + 16
        }
    }

    /// The bytes a new key makes the map allocate, for a map of `len` keys whose
    /// `capacity()` is `capacity` now: none while it has room (or can rehash in place
    /// because tombstones fill it), else the whole grown table (the old one is freed only
    /// once the keys have moved).
    #[inline]
    pub fn growth_bytes(&self, len: usize, capacity: usize, bucket_bytes: usize) -> usize {
        if len < capacity || (len + 1) * 2 <= self.capacity {
            0
        } else {
            let grown = buckets((len + 1).max(self.capacity + 1));
            Self::table_bytes(grown, bucket_bytes)
        }
    }
}

/// Cards a hand of the key's position holds (every hand holds as many), from the suit
/// lengths of North in the low 16 bits of a packed or full key.
#[inline]
pub(crate) fn tricks_left_of(lengths: u64) -> u8 {
    ((lengths & 0xf) + ((lengths >> 4) & 0xf) + ((lengths >> 8) & 0xf) + ((lengths >> 12) & 0xf))
        as u8
}

/// Cards of a position with `tricks_left` tricks left that an entry pinning `counts` top
/// ranks per suit leaves free.
#[inline]
pub(crate) fn generality(tricks_left: u8, counts: [u8; 4]) -> u8 {
    let pinned: u8 = counts.iter().sum();
    (4 * tricks_left).saturating_sub(pinned)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stale_and_specific_classes_go_first() {
        let mut c = Clock::default();
        let old = c.now();
        c.tick();
        c.tick();
        let fresh = c.now();
        // Older is higher whatever the generality.
        assert!(c.class(old, 0) > c.class(fresh, 52));
        // Same age: the more specific (fewer free cards) is higher.
        assert!(c.class(fresh, 3) > c.class(fresh, 30));
    }

    #[test]
    fn saturation_keeps_old_stamps_old() {
        let mut c = Clock::default();
        let mut stamp = c.now();
        for _ in 0..1000 {
            if c.tick() {
                c.saturate(&mut stamp);
            }
            assert!(c.age(stamp) >= 1);
        }
        assert!(c.age(stamp) >= AGE_BINS as u8 - 1);
    }

    #[test]
    fn plan_takes_the_highest_classes_and_a_quota() {
        let mut h = Histogram::new();
        for _ in 0..3 {
            h.add(10);
        }
        for _ in 0..5 {
            h.add(20);
        }
        let mut p = h.plan(6);
        assert!(p.evicts(20));
        assert!(!p.evicts(5));
        // 5 of class 20 and one of class 10.
        assert!(p.evicts(10));
        assert!(!p.evicts(10));
    }

    #[test]
    fn map_size_follows_hashbrown() {
        use std::collections::HashMap;
        let mut map: HashMap<u64, u64> = HashMap::new();
        let mut size = MapSize::default();
        let mut grew = 0;
        for k in 0..1000u64 {
            let before = size.bytes(17);
            let growth = size.growth_bytes(map.len(), map.capacity(), 17);
            map.insert(k, k);
            size.observe(map.capacity());
            // The predicted growth is the table the map grew to, if it grew.
            if size.bytes(17) != before {
                assert_eq!(growth, size.bytes(17), "key {k}");
                grew += 1;
            } else {
                assert_eq!(growth, 0, "key {k}");
            }
        }
        assert!(grew >= 8, "the map grew {grew} times");
        // Removals leave the buckets.
        let before = size.bytes(17);
        map.retain(|k, _| k % 3 == 0);
        size.observe(map.capacity());
        assert_eq!(size.bytes(17), before);
        map.shrink_to_fit();
        size.reset(map.capacity());
        assert!(size.bytes(17) < before);
    }

    #[test]
    fn tricks_left_and_generality() {
        // North: 3 spades, 2 hearts, 0 diamonds, 1 club.
        assert_eq!(tricks_left_of(0x1023), 6);
        assert_eq!(generality(6, [2, 1, 0, 0]), 21);
        assert_eq!(generality(1, [4, 4, 4, 4]), 0);
    }
}
