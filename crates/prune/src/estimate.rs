//! What every estimator returns, [`Estimate`], and the holding helpers they share (per suit,
//! and per 16-bit lane for all four suits at once).

use ddsolve_cards::{Hand, Holding, Seat, SeatMap, Suit};

/// A sure number of tricks and the cards whose ranks it rests on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Estimate {
    /// Tricks the side is sure to take.
    pub tricks: u8,
    /// The cards that win by rank in the argument (to back up into the transposition table).
    pub win: Hand,
}

/// The hands clockwise from `first`: `first`, its left-hand opponent, its partner, its
/// right-hand opponent (by index arithmetic, which compiles to less than `Seat::next`).
#[inline]
pub(crate) fn clockwise(hands: &SeatMap<Hand>, first: Seat) -> [Hand; 4] {
    std::array::from_fn(|k| hands.0[(first.index() + k) & 3])
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

/// The `n` highest cards of `h` (at most its length).
#[inline]
pub(crate) fn top_cards(h: Holding, n: u32) -> Holding {
    let mut bits = h.0;
    for _ in n..h.len() {
        bits &= bits - 1;
    }
    Holding(bits)
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

// Lane arithmetic: a `Hand` as four 16-bit lanes, one per suit, worked on all at once.

/// Bit 15 of every 16-bit lane (suit) of a [`Hand`].
pub(crate) const TOPS: u64 = 0x8000_8000_8000_8000;

/// The suits of `h` holding a card, bit `16 s + 15` set for suit `s`. Lanes hold at most
/// 0x7ffc, so adding 0x7fff sets the top bit of exactly the lanes that hold a card, and
/// nothing carries across lanes.
#[inline]
pub(crate) fn nonempty(h: Hand) -> u64 {
    (h.0 + 0x7fff_7fff_7fff_7fff) & TOPS
}

/// The suits whose top card of `all` is in `mine` (a part of `all`), bit `16 s + 15` set
/// for suit `s`. Holdings are bitsets of ranks, so of two disjoint ones the one with the
/// higher top card is the larger number, which `mine + 0x8000 - others` tells by keeping
/// its top bit, per lane and without a borrow across lanes (the difference stays between 4
/// and 0xfffc).
#[inline]
pub(crate) fn tops_held(mine: Hand, all: Hand) -> u64 {
    nonempty(mine) & ((mine.0 | TOPS) - (all.0 & !mine.0)) & TOPS
}

/// The whole 16-bit lane of every suit whose bit 15 is set in `suits`.
#[inline]
pub(crate) fn lanes(suits: u64) -> u64 {
    (suits >> 15) * 0xffff
}

/// The first suit (in [`Suit::ALL`] order) among `suits` (bit `16 s + 15` for suit `s`).
#[inline]
pub(crate) fn first_suit(suits: u64) -> Suit {
    Suit::from_index_wrapping(suits.trailing_zeros() as usize / 16)
}

/// Per suit, every rank at or below the highest card of `h`: the highest card smeared
/// down its lane (each shift masks off what it brings in from the lane above).
#[inline]
pub(crate) fn at_or_below_top(h: u64) -> u64 {
    let mut o = h;
    o |= (o >> 1) & 0x7fff_7fff_7fff_7fff;
    o |= (o >> 2) & 0x3fff_3fff_3fff_3fff;
    o |= (o >> 4) & 0x0fff_0fff_0fff_0fff;
    o |= (o >> 8) & 0x00ff_00ff_00ff_00ff;
    o
}

/// The highest card of each suit of `h` (none where `h` has none).
#[inline]
pub(crate) fn highest_cards(h: u64) -> u64 {
    let s = at_or_below_top(h);
    s & !((s >> 1) & 0x7fff_7fff_7fff_7fff)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ddsolve_cards::DealRng;

    /// The lane helpers agree with the same questions asked suit by suit.
    #[test]
    fn lanes_agree_with_each_suit() {
        let mut rng = DealRng::new(0x1a9e_5eed);
        for _ in 0..100_000 {
            // Random cards (sparse or dense), and a random part of them.
            let all = Hand(rng.next_u64() & rng.next_u64().rotate_left(9) & Hand::ALL.0);
            let all = if rng.below(2) == 0 {
                all
            } else {
                Hand(all.0 | rng.next_u64() & Hand::ALL.0)
            };
            let mine = Hand(all.0 & rng.next_u64());
            let mut want_nonempty = 0;
            let mut want_tops = 0;
            let mut want_below = 0;
            let mut want_highest = 0;
            let mut want_lanes = 0;
            for s in Suit::ALL {
                let (a, m) = (all.suit(s), mine.suit(s));
                let bit = 1u64 << (16 * s.index() + 15);
                if !m.is_empty() {
                    want_nonempty |= bit;
                    want_lanes |= 0xffff << (16 * s.index());
                }
                if !m.is_empty() && m.0 > (a - m).0 {
                    want_tops |= bit;
                }
                if let Some(top) = a.highest() {
                    let below = (2u64 << top.get()) - 1;
                    want_below |= below << (16 * s.index());
                    want_highest |= hand_of(s, highest(a)).0;
                }
            }
            assert_eq!(nonempty(mine), want_nonempty, "{mine:?}");
            assert_eq!(tops_held(mine, all), want_tops, "{mine:?} {all:?}");
            assert_eq!(at_or_below_top(all.0), want_below, "{all:?}");
            assert_eq!(highest_cards(all.0), want_highest, "{all:?}");
            assert_eq!(lanes(want_nonempty), want_lanes, "{mine:?}");
            if want_nonempty != 0 {
                let first = Suit::ALL.into_iter().find(|&s| !mine.suit(s).is_empty());
                assert_eq!(Some(first_suit(want_nonempty)), first, "{mine:?}");
            }
        }
    }
}
