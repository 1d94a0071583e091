//! Kuijf's small-card rule ([`SmallCardFilter`](crate::SmallCardFilter), the paper's
//! `NextMove`): the filter the move picker applies to the moves it hands out.

use crate::Move;
use ddsolve_cards::{Hand, Holding, Suit};

/// Kuijf's small-card rule: once a card of a suit has been searched without winning by rank
/// (it lies below every rank that the search backed up as winning in that suit), the other
/// cards of that hand and suit below the lowest winning rank lead to the same result and
/// need not be searched.
#[derive(Clone, Copy, Debug, Default)]
pub struct SmallCardFilter {
    /// Per suit: ranks strictly below this value are skipped; 0 until a searched move sets
    /// it (once: a set floor never changes).
    floor: [u8; 4],
}

impl SmallCardFilter {
    /// A filter that skips nothing yet.
    #[inline]
    pub const fn new() -> SmallCardFilter {
        SmallCardFilter { floor: [0; 4] }
    }

    /// A filter that never skips anything: every floor is already set, below every rank,
    /// so [`SmallCardFilter::searched`] never raises one (the rule switched off).
    pub const OFF: SmallCardFilter = SmallCardFilter { floor: [1; 4] };

    /// Should `mv` be searched?
    #[inline]
    pub fn admits(&self, mv: &Move) -> bool {
        mv.card.rank().get() >= self.floor[mv.card.suit().index()]
    }

    /// Would the filter admit any move of `suit` whose card is one of `ranks`? (Whether
    /// the highest of them is at or above the suit's floor; false when `ranks` is empty.)
    #[inline]
    pub(crate) fn admits_any(&self, suit: Suit, ranks: Holding) -> bool {
        // 16 leading zeros for no rank: 0, below every floor.
        let top = (16 - ranks.0.leading_zeros()) as u8;
        top > self.floor[suit.index()]
    }

    /// Records that `mv` was searched and the ranks backed up as winning (`win`, a set of
    /// cards of all suits, in absolute ranks).
    #[inline]
    pub fn searched(&mut self, mv: &Move, win: Hand) {
        let suit = mv.card.suit();
        let w = win.suit(suit);
        // Bit 15 is no rank: 15 when `w` is empty.
        let lowest = (w.0 | 0x8000).trailing_zeros() as u8;
        // A select and an unconditional store rather than a branch: whether the move's
        // rank is below the lowest winner is data, hard to predict.
        let floor = &mut self.floor[suit.index()];
        let raise = mv.card.rank().get() < lowest && *floor == 0;
        *floor = if raise { lowest } else { *floor };
    }
}
