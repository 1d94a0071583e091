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
    let others = all.0 & !mine.0;
    if others == 0 {
        return Holding(all.0);
    }
    let hb = 15 - others.leading_zeros();
    Holding(all.0 & !((2u32 << hb) - 1) as u16)
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
