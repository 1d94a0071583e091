//! One stored set of positions: a rank pattern, its bounds, its best move and its age.

use crate::budget::AGING;
use crate::{Bounds, RankPattern};
use ddsolve_cards::Card;
use ddsolve_tt::Generation;

/// A table entry: every position matching `pattern` (in its shape) has `bounds`.
/// 40 bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Entry {
    pub pattern: RankPattern,
    pub bounds: Bounds,
    /// The best move, if any.
    best: Option<Card>,
    /// `pattern.order()`, kept for sorting and eviction.
    pub order: u8,
    /// The stamp ([`AGING`]) of the generation of the last store, tightening or hit.
    pub used: u16,
    /// Decisive probes answered, saturating.
    pub hits: u8,
}

const _: () = assert!(std::mem::size_of::<Entry>() == 40);

impl Entry {
    /// A fresh entry, stamped `now`.
    #[inline]
    pub fn new(pattern: RankPattern, bounds: Bounds, best: Option<Card>, now: Generation) -> Entry {
        Entry {
            pattern,
            bounds,
            best,
            order: pattern.order(),
            used: AGING.stamp(now),
            hits: 0,
        }
    }

    /// The best move, if any.
    #[inline]
    pub fn best(&self) -> Option<Card> {
        self.best
    }

    /// Records a best move (a `None` keeps the old one).
    #[inline]
    pub fn set_best(&mut self, best: Option<Card>) {
        if best.is_some() {
            self.best = best;
        }
    }

    /// Records a decisive probe in generation `now`.
    #[inline]
    pub fn touch_hit(&mut self, now: Generation) {
        self.used = AGING.stamp(now);
        self.hits = self.hits.saturating_add(1);
    }
}
