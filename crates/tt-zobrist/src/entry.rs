//! One entry of the table: 16 bytes in two words.
//!
//! ```text
//! tag:  bits  0..46 lock (the low 46 bits of the Zobrist key)
//!       bits 46..53 era (which `clear` the entry belongs to)
//!       bits 53..58 generation (which search last stored or used it)
//!       bits 58..64 best move (suit * 13 + rank - 2; 63 = none)
//! data: bits  0..52 winning cards (13 bits per suit, spades lowest)
//!       bits 52..56 lower bound, 56..60 upper bound (tricks of the side on lead)
//!       bits 60..64 depth (tricks left; 0 = empty slot)
//! ```
//!
//! The chess paper's flag (lower bound, upper bound or exact value) is the pair of bounds:
//! an exact value has `lower == upper`, a lower bound alone has `upper == depth`, an upper
//! bound alone `lower == 0`; a second search of the same position narrows both.

use ddsolve_cards::{Card, Hand, Holding, Rank, Suit};

/// Bits of the Zobrist key kept in an entry as its lock.
pub const LOCK_BITS: u32 = 46;
/// Bits of the era stamp.
pub(crate) const ERA_BITS: u32 = 7;
/// Bits of the generation stamp.
pub(crate) const GEN_BITS: u32 = 5;

pub(crate) const LOCK_MASK: u64 = (1 << LOCK_BITS) - 1;
const ERA_SHIFT: u32 = LOCK_BITS;
pub(crate) const ERA_MASK: u64 = ((1 << ERA_BITS) - 1) << ERA_SHIFT;
const GEN_SHIFT: u32 = ERA_SHIFT + ERA_BITS;
const GEN_MASK: u64 = ((1 << GEN_BITS) - 1) << GEN_SHIFT;
const BEST_SHIFT: u32 = GEN_SHIFT + GEN_BITS;
const NO_BEST: u64 = 63;
const _: () = assert!(BEST_SHIFT + 6 == 64);

const WIN_MASK: u64 = (1 << 52) - 1;
const LOWER_SHIFT: u32 = 52;
const UPPER_SHIFT: u32 = 56;
const DEPTH_SHIFT: u32 = 60;

/// The part of a tag that must equal the probe's: the lock and the era.
pub(crate) const MATCH_MASK: u64 = LOCK_MASK | ERA_MASK;

/// A stored position (or an empty slot: `data == 0`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Entry {
    tag: u64,
    data: u64,
}

const _: () = assert!(std::mem::size_of::<Entry>() == 16);

/// What an entry says about its position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Bounds {
    pub lower: u8,
    pub upper: u8,
    pub win: Hand,
    pub best: Option<Card>,
}

impl Entry {
    /// The entry of a position whose key has the lock and era of `want` (see
    /// [`Entry::want`]).
    #[inline]
    pub fn new(want: u64, generation: u8, depth: u8, b: Bounds) -> Entry {
        debug_assert!((1..=13).contains(&depth) && b.lower <= b.upper && b.upper <= depth);
        let best = b.best.map_or(NO_BEST, |c| {
            (c.suit().index() as u64) * 13 + u64::from(c.rank().get()) - 2
        });
        Entry {
            tag: (want & MATCH_MASK)
                | ((u64::from(generation) << GEN_SHIFT) & GEN_MASK)
                | (best << BEST_SHIFT),
            data: compress(b.win)
                | (u64::from(b.lower) << LOWER_SHIFT)
                | (u64::from(b.upper) << UPPER_SHIFT)
                | (u64::from(depth) << DEPTH_SHIFT),
        }
    }

    /// The tag bits a probe of `hash` in `era` must match.
    #[inline]
    pub fn want(hash: u64, era: u8) -> u64 {
        (hash & LOCK_MASK) | ((u64::from(era) << ERA_SHIFT) & ERA_MASK)
    }

    /// Tricks left in the position; 0 for an empty slot.
    #[inline]
    pub fn depth(self) -> u8 {
        (self.data >> DEPTH_SHIFT) as u8
    }

    /// Does this slot hold a position of the table's current era?
    #[inline]
    pub fn is_live(self, era: u8) -> bool {
        self.depth() != 0 && (self.tag & ERA_MASK) == (u64::from(era) << ERA_SHIFT) & ERA_MASK
    }

    /// Is this the entry of the position with `want`'s lock (in `want`'s era) and `depth`
    /// tricks left?
    #[inline]
    pub fn matches(self, want: u64, depth: u8) -> bool {
        (self.tag ^ want) & MATCH_MASK == 0 && self.depth() == depth
    }

    /// The generation that last stored or used the entry.
    #[inline]
    pub fn generation(self) -> u8 {
        ((self.tag & GEN_MASK) >> GEN_SHIFT) as u8
    }

    /// The same entry stamped with `generation`.
    #[inline]
    pub fn touched(self, generation: u8) -> Entry {
        Entry {
            tag: (self.tag & !GEN_MASK) | ((u64::from(generation) << GEN_SHIFT) & GEN_MASK),
            data: self.data,
        }
    }

    /// The entry's bounds, winning cards and best move.
    #[inline]
    pub fn bounds(self) -> Bounds {
        let best = self.tag >> BEST_SHIFT;
        Bounds {
            lower: ((self.data >> LOWER_SHIFT) & 15) as u8,
            upper: ((self.data >> UPPER_SHIFT) & 15) as u8,
            win: expand(self.data & WIN_MASK),
            best: if best == NO_BEST {
                None
            } else {
                let suit = Suit::from_index_wrapping((best / 13) as usize);
                Rank::new((best % 13) as u8 + 2).map(|r| Card::new(suit, r))
            },
        }
    }
}

/// The 52 card bits of a hand, 13 per suit.
#[inline]
fn compress(win: Hand) -> u64 {
    let mut out = 0;
    for (s, h) in win.holdings().iter().enumerate() {
        out |= u64::from((h.0 >> 2) & 0x1fff) << (13 * s);
    }
    out
}

/// The hand of [`compress`]ed card bits.
#[inline]
fn expand(bits: u64) -> Hand {
    let h = |s: u32| Holding((((bits >> (13 * s)) & 0x1fff) as u16) << 2);
    Hand::from_holdings([h(0), h(1), h(2), h(3)])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_round_trip() {
        let win: Hand = ["SA", "S2", "HK", "DT", "C2", "CA"]
            .iter()
            .map(|c| Card::parse(c).unwrap())
            .collect();
        for best in [
            None,
            Some(Card::parse("CA").unwrap()),
            Some(Card::parse("S2").unwrap()),
        ] {
            let b = Bounds {
                lower: 3,
                upper: 11,
                win,
                best,
            };
            let e = Entry::new(u64::MAX, 31, 13, b);
            assert_eq!(e.bounds(), b);
            assert_eq!(e.depth(), 13);
            assert_eq!(e.generation(), 31);
            assert!(e.matches(Entry::want(u64::MAX, 127), 13));
            assert!(!e.matches(Entry::want(u64::MAX, 126), 13));
            assert!(!e.matches(Entry::want(u64::MAX ^ 1, 127), 13));
            assert!(!e.matches(Entry::want(u64::MAX, 127), 12));
            assert_eq!(e.touched(4).generation(), 4);
            assert_eq!(e.touched(4).bounds(), b);
        }
        assert!(!Entry::default().is_live(0));
    }
}
