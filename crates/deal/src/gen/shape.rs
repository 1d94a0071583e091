//! Sets of hand shapes: the 560 ways to split 13 cards over four suits.

use ddsolve_cards::{Hand, Suit};
use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not, Sub};

/// The number of hand shapes.
pub const SHAPES: usize = 560;

const WORDS: usize = SHAPES.div_ceil(64);

/// Shape number of each (spades, hearts, diamonds) triple; `u16::MAX` when the three exceed 13.
const SHAPE_ID: [u16; 14 * 14 * 14] = {
    let mut t = [u16::MAX; 14 * 14 * 14];
    let mut id = 0u16;
    let mut s = 0;
    while s <= 13 {
        let mut h = 0;
        while s + h <= 13 {
            let mut d = 0;
            while s + h + d <= 13 {
                t[(s * 14 + h) * 14 + d] = id;
                id += 1;
                d += 1;
            }
            h += 1;
        }
        s += 1;
    }
    t
};

/// Suit lengths (spades, hearts, diamonds, clubs) of each shape number.
const SHAPE_LENGTHS: [[u8; 4]; SHAPES] = {
    let mut t = [[0u8; 4]; SHAPES];
    let mut id = 0;
    let mut s = 0;
    while s <= 13 {
        let mut h = 0;
        while s + h <= 13 {
            let mut d = 0;
            while s + h + d <= 13 {
                t[id] = [s as u8, h as u8, d as u8, (13 - s - h - d) as u8];
                id += 1;
                d += 1;
            }
            h += 1;
        }
        s += 1;
    }
    t
};

/// The shape number (0..560) of suit lengths spades, hearts, diamonds, clubs, if they add up
/// to 13.
#[inline]
pub fn shape_id(lengths: [u8; 4]) -> Option<usize> {
    let [s, h, d, c] = lengths.map(usize::from);
    if s + h + d + c != 13 {
        return None;
    }
    Some(SHAPE_ID[(s * 14 + h) * 14 + d] as usize)
}

/// The shape number of a 13-card hand.
///
/// # Panics
/// In debug builds, if the hand does not hold 13 cards.
#[inline]
pub fn hand_shape_id(hand: Hand) -> usize {
    debug_assert_eq!(hand.len(), 13);
    let s = hand.suit(Suit::Spades).len() as usize;
    let h = hand.suit(Suit::Hearts).len() as usize;
    let d = hand.suit(Suit::Diamonds).len() as usize;
    SHAPE_ID[(s * 14 + h) * 14 + d] as usize
}

/// The suit lengths (spades, hearts, diamonds, clubs) of shape number `id` (0..560).
///
/// # Panics
/// If `id` is 560 or more.
#[inline]
pub fn shape_lengths(id: usize) -> [u8; 4] {
    SHAPE_LENGTHS[id]
}

/// A set of hand shapes (suit lengths in the order spades, hearts, diamonds, clubs, adding up
/// to 13): a bitset over the 560 shapes, numbered by [`shape_id`].
///
/// dealer's `shape(north, any 4333 + 5xxx - 55xx)` is
/// `ShapeSet::from_pattern_any(..) | ShapeSet::from_pattern(..) - ShapeSet::from_pattern(..)`,
/// with `x` as `None`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct ShapeSet([u64; WORDS]);

impl ShapeSet {
    /// No shapes.
    pub const EMPTY: ShapeSet = ShapeSet([0; WORDS]);

    /// All 560 shapes.
    pub fn all() -> ShapeSet {
        !ShapeSet::EMPTY
    }

    /// The shapes matching a pattern of suit lengths, spades first, `None` for any length
    /// (dealer's `x`): `[Some(5), None, None, None]` is dealer's `5xxx`. A pattern whose
    /// digits exceed 13, or add up to other than 13 with no `x`, matches nothing.
    pub fn from_pattern(pattern: &[Option<u8>; 4]) -> ShapeSet {
        let mut set = ShapeSet::EMPTY;
        for (id, lengths) in SHAPE_LENGTHS.iter().enumerate() {
            if pattern
                .iter()
                .zip(lengths)
                .all(|(p, &l)| p.is_none_or(|p| p == l))
            {
                set.insert_id(id);
            }
        }
        set
    }

    /// The shapes matching any rearrangement of the suits of a pattern (dealer's
    /// `any 4432`, `any 5xx3`).
    pub fn from_pattern_any(pattern: &[Option<u8>; 4]) -> ShapeSet {
        let mut set = ShapeSet::EMPTY;
        for perm in PERMUTATIONS {
            let p = [
                pattern[perm[0]],
                pattern[perm[1]],
                pattern[perm[2]],
                pattern[perm[3]],
            ];
            set |= ShapeSet::from_pattern(&p);
        }
        set
    }

    /// The set of one shape, if the lengths add up to 13.
    pub fn single(lengths: [u8; 4]) -> Option<ShapeSet> {
        let mut set = ShapeSet::EMPTY;
        set.insert_id(shape_id(lengths)?);
        Some(set)
    }

    fn insert_id(&mut self, id: usize) {
        self.0[id / 64] |= 1 << (id % 64);
    }

    /// Adds a shape; false if the lengths do not add up to 13.
    pub fn insert(&mut self, lengths: [u8; 4]) -> bool {
        match shape_id(lengths) {
            Some(id) => {
                self.insert_id(id);
                true
            }
            None => false,
        }
    }

    /// Holds shape number `id` (see [`shape_id`])?
    #[inline]
    pub fn contains_id(&self, id: usize) -> bool {
        id < SHAPES && self.0[id / 64] >> (id % 64) & 1 != 0
    }

    /// Holds this shape (spades, hearts, diamonds, clubs)?
    #[inline]
    pub fn contains(&self, lengths: [u8; 4]) -> bool {
        shape_id(lengths).is_some_and(|id| self.contains_id(id))
    }

    /// Holds the shape of this 13-card hand?
    #[inline]
    pub fn contains_hand(&self, hand: Hand) -> bool {
        self.contains_id(hand_shape_id(hand))
    }

    /// The number of shapes in the set.
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// No shapes?
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// All 560 shapes?
    pub fn is_all(&self) -> bool {
        *self == ShapeSet::all()
    }

    /// The shapes in the set, by shape number.
    pub fn iter(&self) -> impl Iterator<Item = [u8; 4]> + '_ {
        (0..SHAPES)
            .filter(|&id| self.contains_id(id))
            .map(shape_lengths)
    }

    /// The raw bits: shape number `id` at bit `id % 64` of word `id / 64`.
    pub fn bits(&self) -> &[u64; WORDS] {
        &self.0
    }
}

const PERMUTATIONS: [[usize; 4]; 24] = {
    let mut t = [[0usize; 4]; 24];
    let mut n = 0;
    let mut a = 0;
    while a < 4 {
        let mut b = 0;
        while b < 4 {
            let mut c = 0;
            while c < 4 {
                if a != b && a != c && b != c && a + b + c <= 6 && 6 - a - b - c < 4 {
                    let d = 6 - a - b - c;
                    if d != a && d != b && d != c {
                        t[n] = [a, b, c, d];
                        n += 1;
                    }
                }
                c += 1;
            }
            b += 1;
        }
        a += 1;
    }
    t
};

impl Not for ShapeSet {
    type Output = ShapeSet;
    fn not(self) -> ShapeSet {
        let mut w = self.0.map(|x| !x);
        w[WORDS - 1] &= (1u64 << (SHAPES % 64)) - 1;
        ShapeSet(w)
    }
}

impl BitOr for ShapeSet {
    type Output = ShapeSet;
    fn bitor(mut self, rhs: ShapeSet) -> ShapeSet {
        self |= rhs;
        self
    }
}

impl BitOrAssign for ShapeSet {
    fn bitor_assign(&mut self, rhs: ShapeSet) {
        for (a, b) in self.0.iter_mut().zip(rhs.0) {
            *a |= b;
        }
    }
}

impl BitAnd for ShapeSet {
    type Output = ShapeSet;
    fn bitand(mut self, rhs: ShapeSet) -> ShapeSet {
        self &= rhs;
        self
    }
}

impl BitAndAssign for ShapeSet {
    fn bitand_assign(&mut self, rhs: ShapeSet) {
        for (a, b) in self.0.iter_mut().zip(rhs.0) {
            *a &= b;
        }
    }
}

impl Sub for ShapeSet {
    type Output = ShapeSet;
    fn sub(mut self, rhs: ShapeSet) -> ShapeSet {
        for (a, b) in self.0.iter_mut().zip(rhs.0) {
            *a &= !b;
        }
        self
    }
}

impl fmt::Debug for ShapeSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set()
            .entries(
                self.iter()
                    .map(|l| format!("{}-{}-{}-{}", l[0], l[1], l[2], l[3])),
            )
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbering_round_trips() {
        for id in 0..SHAPES {
            assert_eq!(shape_id(shape_lengths(id)), Some(id));
        }
        assert_eq!(ShapeSet::all().len(), SHAPES);
    }

    #[test]
    fn any_4432_has_12_shapes() {
        let p = [Some(4), Some(4), Some(3), Some(2)];
        assert_eq!(ShapeSet::from_pattern_any(&p).len(), 12);
        assert_eq!(ShapeSet::from_pattern(&p).len(), 1);
        let five = ShapeSet::from_pattern(&[Some(5), None, None, None]);
        assert!(five.iter().all(|l| l[0] == 5));
        assert_eq!((ShapeSet::all() - five) | five, ShapeSet::all());
        assert!((!five & five).is_empty());
    }
}
