//! What the table counts as it works, for [`ddsolve_tt::TtStats`].

use ddsolve_tt::{TtStats, DEPTHS};

/// Counters over the table's whole life (clearing keeps them).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Counters {
    /// `new_search` calls.
    pub searches: u64,
    /// Live entries of other positions overwritten by a store (the replacement scheme's
    /// victims).
    pub replaced: u64,
    /// Stores that narrowed the entry of the same position.
    pub merges: u64,
    /// Per tricks left: probes, decisive probes, entries compared, stores that took a slot.
    pub probes: [u64; DEPTHS],
    pub hits: [u64; DEPTHS],
    pub scanned: [u64; DEPTHS],
    pub stores: [u64; DEPTHS],
}

impl Counters {
    /// The figures of a table holding `entries` in `bytes`, all allocated at once, of a
    /// `limit_bytes` budget. The table never wipes itself (`resets` 0), never sweeps and
    /// never refuses a store; `evictions` counts the entries its replacement overwrote.
    pub fn stats(&self, entries: usize, bytes: usize, limit_bytes: usize) -> TtStats {
        TtStats {
            entries,
            bytes,
            peak_bytes: bytes,
            limit_bytes,
            resets: 0,
            searches: self.searches,
            sweeps: 0,
            evictions: self.replaced,
            dropped: 0,
            merges: self.merges,
            probes: self.probes,
            hits: self.hits,
            scanned: self.scanned,
            stores: self.stores,
        }
    }
}
