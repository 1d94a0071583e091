use crate::pattern::KeyHashBuilder;
use crate::pattern::{absolute_win_ranks, relative_counts};
use crate::{Pattern, TranspositionTable, TtHit, TtKey, TtStats};
use ddsolve_cards::{Card, Hand, SeatMap};
use std::collections::HashMap;

/// One stored set of positions: the owners of the relative ranks that matter and their
/// masks (spades and hearts in `lo`, diamonds and clubs in `hi`: the lanes of
/// [`Pattern`]), how many top ranks of each suit matter, and the bounds. 40 bytes, in
/// 8-byte words (a `u128` would align the entry to 16 and pad it to 48).
#[derive(Clone, Copy, Debug)]
struct Entry {
    lo: u64,
    hi: u64,
    mask_lo: u64,
    mask_hi: u64,
    counts: [u8; 4],
    lower: u8,
    upper: u8,
    best: Option<Card>,
}

/// A flat variant of the winning-rank table: per key (tricks left, leader, suit lengths)
/// a list of entries, each matching all four suits with one 128-bit compare. Newest entries
/// are tried first. Same semantics as [`crate::TtForest`]; usually faster, because a probe
/// scans contiguous memory instead of following links.
#[derive(Debug)]
pub struct TtFlat {
    map: HashMap<u64, Vec<Entry>, KeyHashBuilder>,
    entries: usize,
    limit_bytes: usize,
    resets: u64,
}

const ENTRY_BYTES: usize = std::mem::size_of::<Entry>();
const _: () = assert!(ENTRY_BYTES == 40);
const KEY_BYTES: usize = 64;

impl TtFlat {
    /// An empty table that never uses more than `limit_mb` megabytes (at least 1).
    pub fn new(limit_mb: usize) -> TtFlat {
        TtFlat {
            map: HashMap::default(),
            entries: 0,
            limit_bytes: limit_mb.max(1) << 20,
            resets: 0,
        }
    }

    fn bytes(&self) -> usize {
        self.entries * ENTRY_BYTES + self.map.len() * KEY_BYTES
    }

    #[inline]
    fn map_key(key: &TtKey) -> u64 {
        key.packed()
    }
}

impl TranspositionTable for TtFlat {
    #[inline]
    fn probe(
        &mut self,
        key: &TtKey,
        pattern: &Pattern,
        hands: &SeatMap<Hand>,
        tricks: u8,
    ) -> Option<TtHit> {
        let list = self.map.get(&Self::map_key(key))?;
        let (plo, phi) = (pattern.0 as u64, (pattern.0 >> 64) as u64);
        for e in list.iter().rev() {
            if (plo & e.mask_lo) == e.lo && (phi & e.mask_hi) == e.hi {
                if e.lower >= tricks {
                    return Some(TtHit {
                        reached: true,
                        bound: e.lower,
                        win: absolute_win_ranks(e.counts, hands),
                        best: e.best,
                    });
                }
                if e.upper < tricks {
                    return Some(TtHit {
                        reached: false,
                        bound: e.upper,
                        win: absolute_win_ranks(e.counts, hands),
                        best: e.best,
                    });
                }
            }
        }
        None
    }

    fn store(
        &mut self,
        key: &TtKey,
        pattern: &Pattern,
        win: Hand,
        hands: &SeatMap<Hand>,
        lower: u8,
        upper: u8,
        best: Option<Card>,
    ) {
        if self.bytes() + ENTRY_BYTES * 2 + KEY_BYTES > self.limit_bytes {
            self.clear();
            self.resets += 1;
        }
        let counts = relative_counts(win, hands);
        let mask = Pattern::mask(counts);
        let owners = pattern.0 & mask;
        let (lo, hi) = (owners as u64, (owners >> 64) as u64);
        let (mask_lo, mask_hi) = (mask as u64, (mask >> 64) as u64);
        let list = self.map.entry(Self::map_key(key)).or_default();
        if let Some(e) = list
            .iter_mut()
            .find(|e| e.counts == counts && e.lo == lo && e.hi == hi)
        {
            e.lower = e.lower.max(lower);
            e.upper = e.upper.min(upper);
            debug_assert!(e.lower <= e.upper, "merged bounds crossed");
            if best.is_some() {
                e.best = best;
            }
            return;
        }
        list.push(Entry {
            lo,
            hi,
            mask_lo,
            mask_hi,
            counts,
            lower,
            upper,
            best,
        });
        self.entries += 1;
    }

    fn clear(&mut self) {
        self.map.clear();
        self.entries = 0;
    }

    fn stats(&self) -> TtStats {
        TtStats {
            entries: self.entries,
            bytes: self.bytes(),
            resets: self.resets,
        }
    }
}
