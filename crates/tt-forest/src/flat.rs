//! [`TtFlat`]: one list of 128-bit patterns per key, matched with one masked compare.

use crate::budget::{self, Clock, Histogram, MapSize, SWEEP_DIVISOR};
use ddsolve_cards::{Card, Hand, SeatMap};
use ddsolve_tt::Counters;
use ddsolve_tt::{TranspositionTable, TrickStart, TtEntry, TtHit, TtStats};
use ddsolve_tt_key::KeyHashBuilder;
use ddsolve_tt_key::{absolute_win_ranks, relative_counts, win_depths};
use ddsolve_tt_key::{Pattern, PatternKey, RankOwners, ShapeKey};
use std::collections::hash_map;
use std::collections::HashMap;

/// One stored set of positions: the owners of the relative ranks that matter and their
/// masks (spades and hearts in `lo`, diamonds and clubs in `hi`: the lanes of
/// [`Pattern`]), how many top ranks of each suit matter, the bounds, the best move and the
/// generation stamp. 40 bytes, in 8-byte words (a `u128` would align the entry to 16 and
/// pad it to 48).
#[derive(Clone, Copy, Debug)]
struct Entry {
    lo: u64,
    hi: u64,
    mask_lo: u64,
    mask_hi: u64,
    counts: [u8; 4],
    lower: u8,
    upper: u8,
    /// The best move's bit index in a `Hand`, or `NO_BEST`.
    best: u8,
    /// The generation in which the entry was stored or last decided a probe.
    stamp: u8,
}

const NO_BEST: u8 = u8::MAX;

/// The spread of a [`TtFlat`]'s entries over its keys' lists ([`TtFlat::list_profile`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ListProfile {
    /// Keys (lists).
    pub keys: usize,
    /// Entries in all lists.
    pub entries: usize,
    /// The longest list's length.
    pub longest: usize,
    /// Keys whose list length is at most `BOUNDS[i]` (and above the bound before); the last
    /// count is of lists longer than every bound.
    pub keys_by_length: [usize; 7],
    /// The entries of those lists.
    pub entries_by_length: [usize; 7],
}

impl ListProfile {
    /// The upper bounds of the length classes.
    pub const BOUNDS: [usize; 6] = [1, 4, 16, 64, 256, 1024];
}

#[inline]
fn encode_best(best: Option<Card>) -> u8 {
    best.map_or(NO_BEST, |c| c.bit_index() as u8)
}

#[inline]
fn decode_best(b: u8) -> Option<Card> {
    Card::from_bit_index(u32::from(b))
}

/// A flat variant of the winning-rank table: per key (tricks left, leader, suit lengths)
/// a list of entries, each matching all four suits with one 128-bit compare. Newest entries
/// are tried first. Same semantics as [`TtForest`](crate::TtForest); usually faster, because a probe
/// scans contiguous memory instead of following links.
///
/// Memory is a budget: the byte count (the map's buckets and every list's allocated
/// capacity) never passes it. When a store would pass it, the table evicts the least
/// valuable sixteenth of its entries (stalest first, most specific first; see
/// `budget.rs`) and goes on; it never wipes itself.
/// The per-deal key accelerator ([`ddsolve_tt_key::RankOwners`], built by
/// [`TranspositionTable::prepare`]) is outside the budget.
#[derive(Debug)]
pub struct TtFlat {
    /// The per-deal accelerator of the keys.
    owners: RankOwners,
    map: HashMap<u64, Vec<Entry>, KeyHashBuilder>,
    entries: usize,
    /// Sum of the lists' capacities, in entries.
    capacity: usize,
    map_size: MapSize,
    limit_bytes: usize,
    clock: Clock,
    counters: Counters,
    /// Cut each entry's depths above the suit's bottom block of one owner
    /// ([`forced_depths`]); off only for [`TtFlat::paper_depths`].
    forced: bool,
}

const ENTRY_BYTES: usize = std::mem::size_of::<Entry>();
const _: () = assert!(ENTRY_BYTES == 40);
/// A map bucket: the key, the list's header, one control byte.
const BUCKET_BYTES: usize = std::mem::size_of::<(u64, Vec<Entry>)>() + 1;
/// What the allocator adds to each list's block.
const ALLOC_OVERHEAD: usize = 16;
/// A new list's first capacity.
const FIRST_CAPACITY: usize = 2;

impl TtFlat {
    /// An empty table that never uses more than `limit_mb` megabytes (at least 1).
    pub fn new(limit_mb: usize) -> TtFlat {
        TtFlat {
            owners: RankOwners::new(),
            map: HashMap::default(),
            entries: 0,
            capacity: 0,
            map_size: MapSize::default(),
            limit_bytes: ddsolve_tt::Budget::new(limit_mb).limit(),
            clock: Clock::default(),
            counters: Counters::default(),
            forced: true,
        }
    }

    /// The same table with entries that pin every card of a suit down to its lowest
    /// winning rank, as in the paper's example (section 7.3), instead of stopping above the
    /// suit's bottom block of one owner (whose owners the lengths force: the same positions
    /// either way, but the default's patterns are more general and report fewer winning
    /// ranks). For tests that walk the paper's example.
    pub fn paper_depths(self) -> TtFlat {
        TtFlat {
            forced: false,
            ..self
        }
    }

    /// An empty table that never uses more than `limit` bytes: for tests that must see a
    /// small search fill its table. [`TtFlat::new`] takes megabytes.
    pub fn with_limit_bytes(limit: usize) -> TtFlat {
        TtFlat {
            limit_bytes: ddsolve_tt::Budget::bytes(limit).limit(),
            ..TtFlat::new(1)
        }
    }

    /// The memory limit in bytes.
    pub fn limit_bytes(&self) -> usize {
        self.limit_bytes
    }

    /// The per-deal accelerator of this table's keys ([`TranspositionTable::key`] is its
    /// [`RankOwners::key`]): for a caller that dispatches over tables of this key and
    /// wants one key computation.
    #[inline]
    pub fn rank_owners(&self) -> &RankOwners {
        &self.owners
    }

    /// How the entries spread over the keys' lists (a probe scans one list), for
    /// diagnosis: a few very long lists make every probe of their keys slow.
    pub fn list_profile(&self) -> ListProfile {
        let mut p = ListProfile {
            keys: self.map.len(),
            entries: self.entries,
            ..ListProfile::default()
        };
        for list in self.map.values() {
            let n = list.len();
            p.longest = p.longest.max(n);
            let bin = ListProfile::BOUNDS
                .iter()
                .position(|&b| n <= b)
                .unwrap_or(ListProfile::BOUNDS.len());
            p.keys_by_length[bin] += 1;
            p.entries_by_length[bin] += n;
        }
        p
    }

    fn map_bytes(&self) -> usize {
        self.map_size.bytes(BUCKET_BYTES)
    }

    fn list_bytes(&self) -> usize {
        self.capacity * ENTRY_BYTES + self.map.len() * ALLOC_OVERHEAD
    }

    fn bytes(&self) -> usize {
        self.map_bytes() + self.list_bytes()
    }

    #[inline]
    fn map_key(key: &ShapeKey) -> u64 {
        key.packed()
    }

    /// The capacity a full list of `cap` grows to.
    #[inline]
    fn grown(cap: usize) -> usize {
        if cap < FIRST_CAPACITY {
            FIRST_CAPACITY
        } else {
            cap + cap.div_ceil(2)
        }
    }

    /// Would `extra` more bytes stay within the budget?
    #[inline]
    fn fits(&self, extra: usize) -> bool {
        self.bytes() + extra <= self.limit_bytes
    }

    /// Bytes a new key costs: its list, and the map's growth if the map is full (the old
    /// buckets and the new live together while the map moves).
    fn new_key_bytes(&self) -> usize {
        FIRST_CAPACITY * ENTRY_BYTES
            + ALLOC_OVERHEAD
            + self
                .map_size
                .growth_bytes(self.map.len(), self.map.capacity(), BUCKET_BYTES)
    }

    /// Evicts the least valuable sixteenth of the entries, releases the memory of emptied
    /// and shrunken lists, and starts a new generation.
    fn sweep(&mut self) {
        let clock = self.clock;
        let mut histogram = Histogram::new();
        for (&k, list) in &self.map {
            let tl = budget::tricks_left_of(k);
            for e in list {
                histogram.add(clock.class(e.stamp, budget::generality(tl, e.counts)));
            }
        }
        let n = (self.entries / SWEEP_DIVISOR).max(1);
        let mut plan = histogram.plan(n);
        let mut evicted = 0usize;
        let mut capacity = 0usize;
        self.map.retain(|&k, list| {
            let tl = budget::tricks_left_of(k);
            let before = list.len();
            list.retain(|e| !plan.evicts(clock.class(e.stamp, budget::generality(tl, e.counts))));
            evicted += before - list.len();
            if list.is_empty() {
                return false;
            }
            if list.capacity() > Self::grown(list.len()) {
                list.shrink_to_fit();
            }
            capacity += list.capacity();
            true
        });
        // Shrink the map only if it is mostly empty (moving it costs both sizes at once).
        if self.map.len() * 4 < self.map.capacity() {
            self.map.shrink_to_fit();
            self.map_size.reset(self.map.capacity());
        }
        self.entries -= evicted;
        self.capacity = capacity;
        self.counters.sweeps += 1;
        self.counters.evictions += evicted as u64;
        self.tick();
    }

    /// A new generation; every 64, old stamps are pulled up so that none wraps.
    fn tick(&mut self) {
        if self.clock.tick() {
            let clock = self.clock;
            for list in self.map.values_mut() {
                for e in list {
                    clock.saturate(&mut e.stamp);
                }
            }
        }
    }

    fn note_peak(&mut self) {
        let b = self.bytes();
        if b > self.counters.peak_bytes {
            self.counters.peak_bytes = b;
        }
    }

    /// Adds `entry` under `mk`, making room first if needed. Returns whether it was stored.
    fn insert(&mut self, mk: u64, mut entry: Entry) -> bool {
        for attempt in 0..2 {
            let extra = match self.map.get(&mk) {
                Some(list) if list.len() < list.capacity() => 0,
                // Growing a list: the new block (the old one is freed right after).
                Some(list) => Self::grown(list.capacity()) * ENTRY_BYTES,
                None => self.new_key_bytes(),
            };
            if extra == 0 || self.fits(extra) {
                let (list, before) = match self.map.entry(mk) {
                    hash_map::Entry::Occupied(o) => {
                        let list = o.into_mut();
                        let cap = list.capacity();
                        (list, cap)
                    }
                    hash_map::Entry::Vacant(v) => (v.insert(Vec::with_capacity(FIRST_CAPACITY)), 0),
                };
                if list.len() == list.capacity() {
                    list.reserve_exact(Self::grown(list.capacity()) - list.len());
                }
                list.push(entry);
                self.capacity += list.capacity() - before;
                self.map_size.observe(self.map.capacity());
                self.entries += 1;
                self.note_peak();
                return true;
            }
            if attempt == 0 && self.entries > 0 {
                self.sweep();
                // The sweep started a new generation: the entry belongs to it.
                entry.stamp = self.clock.now();
            }
        }
        self.counters.dropped += 1;
        false
    }
}

impl TranspositionTable for TtFlat {
    type Key = PatternKey;

    fn prepare(&mut self, root: &SeatMap<Hand>) {
        self.owners.prepare(root);
    }

    #[inline]
    fn key(&mut self, at: &TrickStart) -> PatternKey {
        self.owners.key(at)
    }

    #[inline]
    fn probe(&mut self, key: &PatternKey, at: &TrickStart, tricks: u8) -> Option<TtHit> {
        let (pattern, hands) = (&key.pattern, at.hands());
        let key = &key.shape;
        let now = self.clock.now();
        let Some(list) = self.map.get_mut(&Self::map_key(key)) else {
            self.counters.probe(key.tricks_left, 0, false);
            return None;
        };
        let (plo, phi) = (pattern.0 as u64, (pattern.0 >> 64) as u64);
        let len = list.len();
        for (i, e) in list.iter_mut().rev().enumerate() {
            if (plo & e.mask_lo) == e.lo && (phi & e.mask_hi) == e.hi {
                let reached = e.lower >= tricks;
                if reached || e.upper < tricks {
                    e.stamp = now;
                    let hit = TtHit {
                        reached,
                        bound: if reached { e.lower } else { e.upper },
                        win: absolute_win_ranks(e.counts, hands),
                        best: decode_best(e.best),
                    };
                    self.counters.probe(key.tricks_left, i as u64 + 1, true);
                    return Some(hit);
                }
            }
        }
        self.counters.probe(key.tricks_left, len as u64, false);
        None
    }

    fn store(&mut self, key: &PatternKey, at: &TrickStart, entry: TtEntry) {
        let (pattern, hands) = (&key.pattern, at.hands());
        let key = &key.shape;
        let TtEntry {
            lower,
            upper,
            win,
            best,
        } = entry;
        // Each suit down to its lowest winning rank, less the bottom block of one owner
        // (whose owners the lengths force): the same positions, a more general pattern.
        let counts = if self.forced {
            win_depths(win, hands)
        } else {
            relative_counts(win, hands)
        };
        let mask = Pattern::mask(counts);
        let owners = pattern.0 & mask;
        let (lo, hi) = (owners as u64, (owners >> 64) as u64);
        let (mask_lo, mask_hi) = (mask as u64, (mask >> 64) as u64);
        let mk = Self::map_key(key);
        let now = self.clock.now();
        if let Some(list) = self.map.get_mut(&mk) {
            if let Some(e) = list
                .iter_mut()
                .find(|e| e.counts == counts && e.lo == lo && e.hi == hi)
            {
                e.lower = e.lower.max(lower);
                e.upper = e.upper.min(upper);
                debug_assert!(e.lower <= e.upper, "merged bounds crossed");
                if best.is_some() {
                    e.best = encode_best(best);
                }
                e.stamp = now;
                self.counters.merges += 1;
                return;
            }
        }
        let entry = Entry {
            lo,
            hi,
            mask_lo,
            mask_hi,
            counts,
            lower,
            upper,
            best: encode_best(best),
            stamp: now,
        };
        if self.insert(mk, entry) {
            self.counters.store(key.tricks_left);
        }
    }

    fn clear(&mut self) {
        self.map.clear();
        self.entries = 0;
        self.capacity = 0;
    }

    #[inline]
    fn new_search(&mut self) {
        self.counters.searches += 1;
        self.tick();
    }

    fn stats(&self) -> TtStats {
        self.counters
            .stats(self.entries, self.bytes(), self.limit_bytes)
    }
}
