//! Table usage figures: size, budget, and what probes and stores did, per depth.

/// Depths are counted in tricks left at the probed or stored position: index 0..=13.
pub const DEPTHS: usize = 14;

/// Table usage figures. Every counter covers the table's whole life (clearing the table
/// empties it but keeps the counts). `Default` gives all zeros, so a table that counts
/// less can fill the rest with `..TtStats::default()`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TtStats {
    /// Entries (sets of positions) stored.
    pub entries: usize,
    /// Bytes in use (allocated capacity, not only what the entries fill).
    pub bytes: usize,
    /// The most bytes the table has held.
    pub peak_bytes: usize,
    /// The memory budget in bytes: `bytes` never passes it.
    pub limit_bytes: usize,
    /// Times the table was wiped because it reached its limit (the tables of this crate
    /// evict by value instead and never wipe: 0).
    pub resets: u64,
    /// Searches begun (`new_search` calls): the generation count.
    pub searches: u64,
    /// Eviction sweeps: each frees a part of the entries (a sixteenth of the flat table,
    /// a quarter of the forest), by value.
    pub sweeps: u64,
    /// Entries evicted by the sweeps.
    pub evictions: u64,
    /// Stores refused because nothing could be evicted to make room.
    pub dropped: u64,
    /// Stores that tightened an identical entry instead of adding one.
    pub merges: u64,
    /// Probes, per tricks left.
    pub probes: [u64; DEPTHS],
    /// Probes that decided their threshold, per tricks left.
    pub hits: [u64; DEPTHS],
    /// Entries (or tree nodes) compared by probes, per tricks left: the probe length is
    /// `scanned / probes`.
    pub scanned: [u64; DEPTHS],
    /// Stores that added an entry, per tricks left.
    pub stores: [u64; DEPTHS],
}

impl TtStats {
    /// Probes at every depth.
    pub fn total_probes(&self) -> u64 {
        self.probes.iter().sum()
    }

    /// Decisive probes at every depth.
    pub fn total_hits(&self) -> u64 {
        self.hits.iter().sum()
    }

    /// Entries compared by probes at every depth.
    pub fn total_scanned(&self) -> u64 {
        self.scanned.iter().sum()
    }

    /// Entries added at every depth.
    pub fn total_stores(&self) -> u64 {
        self.stores.iter().sum()
    }

    /// The counters of `self` minus those of `earlier` (the same table, read before): what
    /// happened in between. Sizes (`entries`, `bytes`, `peak_bytes`, `limit_bytes`) are
    /// those of `self`.
    pub fn since(&self, earlier: &TtStats) -> TtStats {
        let d = |a: &[u64; DEPTHS], b: &[u64; DEPTHS]| -> [u64; DEPTHS] {
            std::array::from_fn(|i| a[i].saturating_sub(b[i]))
        };
        TtStats {
            resets: self.resets.saturating_sub(earlier.resets),
            searches: self.searches.saturating_sub(earlier.searches),
            sweeps: self.sweeps.saturating_sub(earlier.sweeps),
            evictions: self.evictions.saturating_sub(earlier.evictions),
            dropped: self.dropped.saturating_sub(earlier.dropped),
            merges: self.merges.saturating_sub(earlier.merges),
            probes: d(&self.probes, &earlier.probes),
            hits: d(&self.hits, &earlier.hits),
            scanned: d(&self.scanned, &earlier.scanned),
            stores: d(&self.stores, &earlier.stores),
            ..*self
        }
    }
}

/// The counters a table keeps as it works (everything in [`TtStats`] but the sizes): every
/// table crate keeps these and reports them through [`Counters::stats`], so the figures mean
/// the same whatever the table. A table that never sweeps or refuses a store leaves those
/// counters at 0; one that replaces entries counts the victims as evictions.
#[derive(Clone, Copy, Debug, Default)]
pub struct Counters {
    /// As [`TtStats::peak_bytes`] (the sizes seen at sweeps; `stats` adds the current one).
    pub peak_bytes: usize,
    /// As [`TtStats::resets`].
    pub resets: u64,
    /// As [`TtStats::searches`].
    pub searches: u64,
    /// As [`TtStats::sweeps`].
    pub sweeps: u64,
    /// As [`TtStats::evictions`].
    pub evictions: u64,
    /// As [`TtStats::dropped`].
    pub dropped: u64,
    /// As [`TtStats::merges`].
    pub merges: u64,
    /// As [`TtStats::probes`].
    pub probes: [u64; DEPTHS],
    /// As [`TtStats::hits`].
    pub hits: [u64; DEPTHS],
    /// As [`TtStats::scanned`].
    pub scanned: [u64; DEPTHS],
    /// As [`TtStats::stores`].
    pub stores: [u64; DEPTHS],
}

impl Counters {
    /// The figures of a table holding `entries` in `bytes` of a `limit_bytes` budget.
    pub fn stats(&self, entries: usize, bytes: usize, limit_bytes: usize) -> TtStats {
        TtStats {
            entries,
            bytes,
            peak_bytes: self.peak_bytes.max(bytes),
            limit_bytes,
            resets: self.resets,
            searches: self.searches,
            sweeps: self.sweeps,
            evictions: self.evictions,
            dropped: self.dropped,
            merges: self.merges,
            probes: self.probes,
            hits: self.hits,
            scanned: self.scanned,
            stores: self.stores,
        }
    }

    /// Records a probe at `depth` tricks left that compared `scanned` entries.
    #[inline]
    pub fn probe(&mut self, depth: u8, scanned: u64, hit: bool) {
        let d = usize::from(depth).min(DEPTHS - 1);
        self.probes[d] += 1;
        self.scanned[d] += scanned;
        self.hits[d] += u64::from(hit);
    }

    /// Records a new entry at `depth` tricks left.
    #[inline]
    pub fn store(&mut self, depth: u8) {
        self.stores[usize::from(depth).min(DEPTHS - 1)] += 1;
    }
}
