//! What every estimator returns, [`Estimate`], and the holding helpers they share.

use ddsolve_cards::{Hand, Holding, SeatMap, Suit};

/// A sure number of tricks and the cards whose ranks it rests on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Estimate {
    /// Tricks the side is sure to take.
    pub tricks: u8,
    /// The cards that win by rank in the argument (to back up into the transposition table).
    pub win: Hand,
}

#[inline]
pub(crate) fn suit_all(hands: &SeatMap<Hand>, s: Suit) -> Holding {
    hands.0[0].suit(s) | hands.0[1].suit(s) | hands.0[2].suit(s) | hands.0[3].suit(s)
}

/// The top cards of `all` held by `mine`, down to the first card held by someone else.
#[inline]
pub(crate) fn top_run(all: Holding, mine: Holding) -> Holding {
    let others = u32::from(all.0 & !mine.0);
    // The bits up to the highest card of the others (none if they hold none).
    let below = (1u32 << (32 - others.leading_zeros())) - 1;
    Holding(all.0 & !below as u16)
}

/// Does `mine`, a part of `all`, hold its top card? Holdings are bitsets of ranks, so of
/// two disjoint ones the one with the higher top card is the larger number.
#[inline]
pub(crate) fn holds_top(all: Holding, mine: Holding) -> bool {
    mine.0 > all.0 & !mine.0
}

/// Does every card of `hi` outrank every card of `lo`, `hi` holding at least one? (The
/// lowest card of `hi` is then a larger number than all of `lo`.)
#[inline]
pub(crate) fn all_above(hi: Holding, lo: Holding) -> bool {
    hi.0 & hi.0.wrapping_neg() > lo.0
}

/// The highest card of `h` (empty if `h` is).
#[inline]
pub(crate) fn highest(h: Holding) -> Holding {
    Holding((0x8000u32 >> h.0.leading_zeros()) as u16)
}

/// The rank of the lowest card of `h` (0 if `h` is empty).
#[inline]
pub(crate) fn lowest_rank(h: Holding) -> u8 {
    h.lowest().map_or(0, |r| r.get())
}

/// The cards of `all` from the top down to `rank` included.
#[inline]
pub(crate) fn down_to(all: Holding, rank: u8) -> Holding {
    Holding(all.0 & !((1u32 << rank) - 1) as u16)
}

#[inline]
pub(crate) fn hand_of(s: Suit, h: Holding) -> Hand {
    Hand((h.0 as u64) << (16 * s.index()))
}
