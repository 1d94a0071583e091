//! Bitsets of cards: [`Holding`] (one suit) and [`Hand`] (four suits), and
//! containers indexed by seat and by suit.

use crate::{Card, Rank, Seat, Suit};
use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Index, IndexMut, Not, Sub};

/// The ranks held in one suit: rank `r` at bit `r` (bits 2..=14), the DDS convention.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Holding(pub u16);

/// The bits of a holding that are ranks.
pub const RANK_BITS: u16 = 0x7ffc;

impl Holding {
    /// No cards.
    pub const EMPTY: Holding = Holding(0);
    /// All thirteen ranks.
    pub const ALL: Holding = Holding(RANK_BITS);

    /// The holding of just `rank`.
    #[inline]
    pub const fn single(rank: Rank) -> Holding {
        Holding(1 << rank.get())
    }

    /// The holding with the given raw bits, if they are all ranks.
    #[inline]
    pub const fn from_bits(bits: u16) -> Option<Holding> {
        if bits & !RANK_BITS == 0 {
            Some(Holding(bits))
        } else {
            None
        }
    }

    /// The raw bits.
    #[inline]
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// High-card points (Milton Work's count: ace 4, king 3, queen 2, jack 1).
    ///
    /// ```
    /// use ddsolve_cards::Holding;
    /// // Rank r at bit r: the ace at 14, the king at 13, the jack at 11, the two at 2.
    /// let akj2 = Holding((1 << 14) | (1 << 13) | (1 << 11) | (1 << 2));
    /// assert_eq!(akj2.high_card_points(), 8);
    /// ```
    #[inline]
    pub const fn high_card_points(self) -> u32 {
        let v = self.0 as u32;
        4 * ((v >> 14) & 1) + 3 * ((v >> 13) & 1) + 2 * ((v >> 12) & 1) + ((v >> 11) & 1)
    }

    /// Number of cards.
    #[inline]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// No cards?
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Holds `rank`?
    #[inline]
    pub const fn contains(self, rank: Rank) -> bool {
        self.0 & (1 << rank.get()) != 0
    }

    /// The highest rank held (bits that are not ranks are ignored).
    #[inline]
    pub const fn highest(self) -> Option<Rank> {
        let bits = self.0 & RANK_BITS;
        if bits == 0 {
            None
        } else {
            Some(Rank::from_bit(15 - bits.leading_zeros()))
        }
    }

    /// The lowest rank held (bits that are not ranks are ignored).
    #[inline]
    pub const fn lowest(self) -> Option<Rank> {
        let bits = self.0 & RANK_BITS;
        if bits == 0 {
            None
        } else {
            Some(Rank::from_bit(bits.trailing_zeros()))
        }
    }

    /// The ranks strictly above `rank`.
    #[inline]
    pub const fn above(rank: Rank) -> Holding {
        Holding(RANK_BITS & !((2u16 << rank.get()) - 1))
    }

    /// The ranks strictly below `rank`.
    #[inline]
    pub const fn below(rank: Rank) -> Holding {
        Holding(RANK_BITS & ((1u16 << rank.get()) - 1))
    }

    /// Ranks from the highest down (bits that are not ranks are skipped).
    #[inline]
    pub fn iter(self) -> HoldingIter {
        HoldingIter(self.0 & RANK_BITS)
    }
}

/// Iterator over a holding's ranks, highest first (it keeps the rank bits only).
#[derive(Clone, Debug)]
pub struct HoldingIter(u16);

impl Iterator for HoldingIter {
    type Item = Rank;
    #[inline]
    fn next(&mut self) -> Option<Rank> {
        if self.0 == 0 {
            return None;
        }
        let r = 15 - self.0.leading_zeros();
        self.0 &= !(1 << r);
        Some(Rank::from_bit(r))
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for HoldingIter {}

macro_rules! bitset_ops {
    ($t:ident, $mask:expr) => {
        impl BitOr for $t {
            type Output = $t;
            #[inline]
            fn bitor(self, o: $t) -> $t {
                $t(self.0 | o.0)
            }
        }
        impl BitAnd for $t {
            type Output = $t;
            #[inline]
            fn bitand(self, o: $t) -> $t {
                $t(self.0 & o.0)
            }
        }
        impl BitXor for $t {
            type Output = $t;
            #[inline]
            fn bitxor(self, o: $t) -> $t {
                $t(self.0 ^ o.0)
            }
        }
        impl Sub for $t {
            type Output = $t;
            /// Set difference.
            #[inline]
            fn sub(self, o: $t) -> $t {
                $t(self.0 & !o.0)
            }
        }
        impl Not for $t {
            type Output = $t;
            /// The complement within the valid cards.
            #[inline]
            fn not(self) -> $t {
                $t(!self.0 & $mask)
            }
        }
        impl BitOrAssign for $t {
            #[inline]
            fn bitor_assign(&mut self, o: $t) {
                self.0 |= o.0;
            }
        }
        impl BitAndAssign for $t {
            #[inline]
            fn bitand_assign(&mut self, o: $t) {
                self.0 &= o.0;
            }
        }
    };
}

bitset_ops!(Holding, RANK_BITS);
bitset_ops!(Hand, Hand::ALL.0);

impl fmt::Display for Holding {
    /// Ranks highest first, e.g. `AKT2`; empty for a void.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in self.iter() {
            write!(f, "{}", r.letter())?;
        }
        Ok(())
    }
}

impl fmt::Debug for Holding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Holding({self})")
    }
}

/// A set of cards of any suits: suit `s` occupies bits `16*s .. 16*s+16`, as a [`Holding`].
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Hand(pub u64);

impl Hand {
    /// No cards.
    pub const EMPTY: Hand = Hand(0);
    /// The whole pack.
    pub const ALL: Hand = Hand(0x7ffc_7ffc_7ffc_7ffc);

    /// The hand made of four holdings (spades, hearts, diamonds, clubs).
    #[inline]
    pub const fn from_holdings(h: [Holding; 4]) -> Hand {
        Hand(h[0].0 as u64 | (h[1].0 as u64) << 16 | (h[2].0 as u64) << 32 | (h[3].0 as u64) << 48)
    }

    /// The hand of one card.
    #[inline]
    pub const fn single(card: Card) -> Hand {
        Hand(1 << card.bit_index())
    }

    /// The holding in `suit`.
    #[inline]
    pub const fn suit(self, suit: Suit) -> Holding {
        Holding((self.0 >> (16 * suit as u32)) as u16)
    }

    /// All cards of `suit` in the hand, as a hand.
    #[inline]
    pub const fn only_suit(self, suit: Suit) -> Hand {
        Hand(self.0 & (0xffff << (16 * suit as u32)))
    }

    /// High-card points of the whole hand (ace 4, king 3, queen 2, jack 1).
    #[inline]
    pub const fn high_card_points(self) -> u32 {
        let h = self.holdings();
        h[0].high_card_points()
            + h[1].high_card_points()
            + h[2].high_card_points()
            + h[3].high_card_points()
    }

    /// Number of cards.
    #[inline]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// No cards?
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Holds `card`?
    #[inline]
    pub const fn contains(self, card: Card) -> bool {
        self.0 & (1 << card.bit_index()) != 0
    }

    /// Adds a card.
    #[inline]
    pub fn insert(&mut self, card: Card) {
        self.0 |= 1 << card.bit_index();
    }

    /// Removes a card.
    #[inline]
    pub fn remove(&mut self, card: Card) {
        self.0 &= !(1 << card.bit_index());
    }

    /// The cards, spades first, each suit from the ace down.
    pub fn iter(self) -> impl Iterator<Item = Card> {
        Suit::ALL
            .into_iter()
            .flat_map(move |s| self.suit(s).iter().map(move |r| Card::new(s, r)))
    }

    /// The four holdings, spades first.
    #[inline]
    pub const fn holdings(self) -> [Holding; 4] {
        [
            self.suit(Suit::Spades),
            self.suit(Suit::Hearts),
            self.suit(Suit::Diamonds),
            self.suit(Suit::Clubs),
        ]
    }
}

impl fmt::Display for Hand {
    /// PBN form: `AKQ2.JT9.876.54`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let h = self.holdings();
        write!(f, "{}.{}.{}.{}", h[0], h[1], h[2], h[3])
    }
}

impl fmt::Debug for Hand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Hand({self})")
    }
}

impl FromIterator<Card> for Hand {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> Hand {
        let mut h = Hand::EMPTY;
        for c in iter {
            h.insert(c);
        }
        h
    }
}

macro_rules! keyed_map {
    ($name:ident, $key:ident, $doc:literal) => {
        #[doc = $doc]
        #[derive(Clone, Copy, Default, PartialEq, Eq, Hash, Debug)]
        pub struct $name<T>(pub [T; 4]);

        impl<T> $name<T> {
            /// The map built by calling `f` for each key in DDS order.
            #[inline]
            pub fn from_fn(mut f: impl FnMut($key) -> T) -> Self {
                $name($key::ALL.map(|k| f(k)))
            }

            /// Keys and values in DDS order.
            pub fn iter(&self) -> impl Iterator<Item = ($key, &T)> {
                $key::ALL.into_iter().zip(self.0.iter())
            }
        }

        impl<T> Index<$key> for $name<T> {
            type Output = T;
            #[inline]
            fn index(&self, k: $key) -> &T {
                &self.0[k as usize]
            }
        }

        impl<T> IndexMut<$key> for $name<T> {
            #[inline]
            fn index_mut(&mut self, k: $key) -> &mut T {
                &mut self.0[k as usize]
            }
        }
    };
}

keyed_map!(SeatMap, Seat, "One value per seat, indexed by [`Seat`].");
keyed_map!(SuitMap, Suit, "One value per suit, indexed by [`Suit`].");
