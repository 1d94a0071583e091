//! One stored set of positions: a rank pattern, its bounds, its best move and its age.

use crate::budget::AGING;
use crate::{Bounds, RankPattern};
use ddsolve_cards::Card;
use ddsolve_tt::Generation;

/// The encoding of "no best move" in [`Entry::best`].
const NO_CARD: u8 = u8::MAX;

/// A table entry: every position matching `pattern` (in its shape) has `bounds`.
/// 40 bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Entry {
    pub pattern: RankPattern,
    pub bounds: Bounds,
    /// The best move as [`Card::bit_index`], or [`NO_CARD`].
    best: u8,
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
            best: encode(best),
            order: pattern.order(),
            used: AGING.stamp(now),
            hits: 0,
        }
    }

    /// The best move, if any.
    #[inline]
    pub fn best(&self) -> Option<Card> {
        Card::from_bit_index(u32::from(self.best))
    }

    /// Records a best move (a `None` keeps the old one).
    #[inline]
    pub fn set_best(&mut self, best: Option<Card>) {
        if best.is_some() {
            self.best = encode(best);
        }
    }

    /// Records a decisive probe in generation `now`.
    #[inline]
    pub fn touch_hit(&mut self, now: Generation) {
        self.used = AGING.stamp(now);
        self.hits = self.hits.saturating_add(1);
    }
}

#[inline]
fn encode(best: Option<Card>) -> u8 {
    best.map_or(NO_CARD, |c| c.bit_index() as u8)
}
