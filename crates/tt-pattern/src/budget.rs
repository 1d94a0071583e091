//! The memory budget and what to evict under it.

use crate::entry::Entry;
use crate::Generation;

/// A memory budget in bytes, and the share of it the shapes' slot array may take.
///
/// The table never holds more than [`Budget::limit`] bytes of slots and entries. When a
/// store would pass it, entries are evicted down to [`Budget::low_water`] (three quarters),
/// so that evictions come in batches rather than at every store.
///
/// ```
/// use ddsolve_tt_pattern::Budget;
///
/// let b = Budget::new(4);
/// assert_eq!(b.limit(), 4 << 20);
/// assert_eq!(b.low_water(), 3 << 20);
/// assert!(b.max_slots(32) * 32 <= b.limit() / 8);
/// assert_eq!(Budget::new(0).limit(), 1 << 20); // at least 1 MB
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    limit: usize,
}

impl Budget {
    /// A budget of `mb` megabytes (at least 1).
    pub fn new(mb: usize) -> Budget {
        Budget {
            limit: mb.max(1) << 20,
        }
    }

    /// The most bytes the table may hold.
    #[inline]
    pub fn limit(&self) -> usize {
        self.limit
    }

    /// Where an eviction stops: three quarters of the limit.
    #[inline]
    pub fn low_water(&self) -> usize {
        self.limit / 4 * 3
    }

    /// The most slots (a power of two) of `slot_bytes` each the shapes' array may have: an
    /// eighth of the budget, so that entries keep most of it even below the low-water mark.
    #[inline]
    pub fn max_slots(&self, slot_bytes: usize) -> usize {
        let n = (self.limit / 8 / slot_bytes).max(2);
        if n.is_power_of_two() {
            n
        } else {
            n.next_power_of_two() / 2
        }
    }
}

/// How much an entry is worth keeping, as a number where higher means evict sooner:
/// the stalest first (generations since it was last stored, tightened or hit, up to
/// [`Generation::MAX_AGE`]), then among equally old ones those never hit, then the most
/// specific (the most cards fixed).
#[inline]
pub(crate) fn eviction_score(e: &Entry, now: Generation) -> u16 {
    let age = u16::from(now.age_of(e.used));
    let unused = u16::from(e.hits == 0);
    (age << 7) | (unused << 6) | u16::from(e.order.min(63))
}

/// Scores range over `0..SCORES`.
pub(crate) const SCORES: usize = (Generation::MAX_AGE as usize + 1) << 7;

/// Which entries one eviction removes: every entry scoring above `threshold`, and the first
/// `at_threshold` entries met that score exactly `threshold`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct EvictionPlan {
    pub threshold: u16,
    pub at_threshold: usize,
}

impl EvictionPlan {
    /// The plan that removes `count` entries, the worst first, given how many entries have
    /// each score (`histogram[score]`).
    pub fn new(histogram: &[usize; SCORES], count: usize) -> EvictionPlan {
        let mut left = count;
        for score in (0..SCORES).rev() {
            let n = histogram[score];
            if n >= left {
                return EvictionPlan {
                    threshold: score as u16,
                    at_threshold: left,
                };
            }
            left -= n;
        }
        EvictionPlan {
            threshold: 0,
            at_threshold: usize::MAX,
        }
    }

    /// Should an entry of `score` go? Counts down the quota at the threshold.
    #[inline]
    pub fn evicts(&mut self, score: u16) -> bool {
        if score > self.threshold {
            true
        } else if score == self.threshold && self.at_threshold > 0 {
            self.at_threshold -= 1;
            true
        } else {
            false
        }
    }
}
