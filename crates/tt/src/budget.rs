//! The memory budget, one mechanism for every table: [`Budget`] (the limit given in
//! megabytes, and where an eviction stops) and [`EvictionPlan`] (which entries a sweep
//! removes, the worst first, from a histogram of the entries' scores).

/// A memory budget in bytes.
///
/// A table never holds more than [`Budget::limit`] bytes. A table that evicts in batches
/// may stop at [`Budget::low_water`] (three quarters), so that evictions do not come at
/// every store.
///
/// ```
/// use ddsolve_tt::Budget;
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

    /// A budget of exactly `limit` bytes (for tests that must see a small search fill a
    /// table).
    pub fn bytes(limit: usize) -> Budget {
        Budget { limit }
    }

    /// The most bytes the table may hold.
    #[inline]
    pub fn limit(&self) -> usize {
        self.limit
    }

    /// Where an eviction in batches stops: three quarters of the limit.
    #[inline]
    pub fn low_water(&self) -> usize {
        self.limit / 4 * 3
    }

    /// The most slots (a power of two) of `slot_bytes` each that an index array may have:
    /// an eighth of the budget, so that entries keep most of it even below the low-water
    /// mark.
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

/// Which entries one sweep removes: every entry scoring above `threshold`, and the first
/// `at_threshold` entries met that score exactly `threshold` (a higher score is evicted
/// sooner; each table scores its entries by its own measure of age and worth).
///
/// ```
/// use ddsolve_tt::EvictionPlan;
///
/// // Three entries score 10, five score 20: evicting six takes the five and one more.
/// let mut histogram = [0usize; 32];
/// histogram[10] = 3;
/// histogram[20] = 5;
/// let mut plan = EvictionPlan::new(&histogram, 6);
/// assert!(plan.evicts(20));
/// assert!(!plan.evicts(5));
/// assert!(plan.evicts(10));
/// assert!(!plan.evicts(10));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EvictionPlan {
    threshold: usize,
    at_threshold: usize,
}

impl EvictionPlan {
    /// The plan that removes `count` entries, the highest scores first, given how many
    /// entries have each score (`histogram[score]`). Fewer entries than `count`: all go.
    pub fn new(histogram: &[usize], count: usize) -> EvictionPlan {
        let mut left = count;
        for (score, &n) in histogram.iter().enumerate().rev() {
            if n >= left {
                return EvictionPlan {
                    threshold: score,
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

    /// Should an entry of `score` go? Counts down the quota at the threshold (call once per
    /// entry, in sweep order).
    #[inline]
    pub fn evicts(&mut self, score: usize) -> bool {
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
