//! A bucket: four entries in one 64-byte cache line, and the replacement policy.

use crate::entry::{Entry, GEN_BITS};
use ddsolve_tt::{Aging, Generation};

/// Entries per bucket.
pub const BUCKET_ENTRIES: usize = 4;

/// Four entries, aligned to a cache line: a probe reads one line.
#[derive(Clone, Copy, Debug, Default)]
#[repr(C, align(64))]
pub(crate) struct Bucket(pub [Entry; BUCKET_ENTRIES]);

/// Bytes per bucket.
pub const BUCKET_BYTES: usize = std::mem::size_of::<Bucket>();
const _: () = assert!(BUCKET_BYTES == 64);

/// The table's aging (`ddsolve-tt`'s mechanism): stamps of [`GEN_BITS`] bits in the entries'
/// tags. The stamps are never refreshed (that would be a pass over the whole array), so
/// ages count modulo their range: a stamp 32 searches old reads as current, which only
/// changes which slot a bucket gives up.
pub(crate) const AGING: Aging = Aging::new(GEN_BITS, (1 << GEN_BITS) - 1);

impl Bucket {
    /// The slot holding the position with `want`'s lock and era and `depth` tricks left.
    #[inline]
    pub fn find(&self, want: u64, depth: u8) -> Option<usize> {
        self.0.iter().position(|e| e.matches(want, depth))
    }

    /// The slot a new position goes to (the paper's replacement scheme, per bucket): an empty
    /// slot or one of an earlier era (cleared) if any; otherwise a stale entry (not stored or
    /// used in the current search) before a current one; among those the shallowest (fewest
    /// tricks left: the least work to redo), and among equally deep the oldest.
    ///
    /// A new position always gets a slot: the shallowest current entry of a bucket gives way
    /// to it, so the deep entries of a bucket survive (depth-preferred) while the newest
    /// position, the likeliest to be met again soon, is always kept.
    #[inline]
    pub fn victim(&self, era: u8, now: Generation) -> usize {
        let mut best = 0;
        let mut best_score = u32::MAX;
        for (i, e) in self.0.iter().enumerate() {
            if !e.is_live(era) {
                return i;
            }
            let a = AGING.age(now, u16::from(e.generation()));
            // Lower is replaced first: current above stale, then depth, then youth.
            let score =
                (u32::from(a == 0) << 16) | (u32::from(e.depth()) << 8) | (255 - u32::from(a));
            if score < best_score {
                best_score = score;
                best = i;
            }
        }
        best
    }
}
