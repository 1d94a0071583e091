//! The vocabulary: suits, strains, ranks, seats, sides and cards.

use std::fmt;

/// A suit, in DDS order (spades first).
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Suit {
    /// ♠
    Spades = 0,
    /// ♥
    Hearts = 1,
    /// ♦
    Diamonds = 2,
    /// ♣
    Clubs = 3,
}

impl Suit {
    /// All four suits in DDS order.
    pub const ALL: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

    /// The suit with DDS index `i` (0 = spades .. 3 = clubs).
    #[inline]
    pub const fn from_index(i: usize) -> Option<Suit> {
        match i {
            0 => Some(Suit::Spades),
            1 => Some(Suit::Hearts),
            2 => Some(Suit::Diamonds),
            3 => Some(Suit::Clubs),
            _ => None,
        }
    }

    /// The suit with index `i & 3`.
    #[inline]
    pub const fn from_index_wrapping(i: usize) -> Suit {
        match i & 3 {
            0 => Suit::Spades,
            1 => Suit::Hearts,
            2 => Suit::Diamonds,
            _ => Suit::Clubs,
        }
    }

    /// The DDS index of the suit.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// `S`, `H`, `D` or `C`.
    pub const fn letter(self) -> char {
        ['S', 'H', 'D', 'C'][self as usize]
    }

    /// Parses a suit letter, either case.
    pub const fn from_letter(c: char) -> Option<Suit> {
        match c {
            'S' | 's' => Some(Suit::Spades),
            'H' | 'h' => Some(Suit::Hearts),
            'D' | 'd' => Some(Suit::Diamonds),
            'C' | 'c' => Some(Suit::Clubs),
            _ => None,
        }
    }

    /// The strain in which this suit is trumps.
    pub const fn strain(self) -> Strain {
        match self {
            Suit::Spades => Strain::Spades,
            Suit::Hearts => Strain::Hearts,
            Suit::Diamonds => Strain::Diamonds,
            Suit::Clubs => Strain::Clubs,
        }
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A strain: a trump suit or notrump, in DDS order.
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Strain {
    /// Spades are trumps.
    Spades = 0,
    /// Hearts are trumps.
    Hearts = 1,
    /// Diamonds are trumps.
    Diamonds = 2,
    /// Clubs are trumps.
    Clubs = 3,
    /// No trumps.
    NoTrump = 4,
}

impl Strain {
    /// All five strains in DDS order (S, H, D, C, NT).
    pub const ALL: [Strain; 5] = [
        Strain::Spades,
        Strain::Hearts,
        Strain::Diamonds,
        Strain::Clubs,
        Strain::NoTrump,
    ];

    /// The strain with DDS index `i` (0..=4, 4 = notrump).
    pub const fn from_index(i: usize) -> Option<Strain> {
        match i {
            0 => Some(Strain::Spades),
            1 => Some(Strain::Hearts),
            2 => Some(Strain::Diamonds),
            3 => Some(Strain::Clubs),
            4 => Some(Strain::NoTrump),
            _ => None,
        }
    }

    /// The DDS index of the strain.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The trump suit, or `None` in notrump.
    #[inline]
    pub const fn trump(self) -> Option<Suit> {
        Suit::from_index(self as usize)
    }

    /// `S`, `H`, `D`, `C` or `N`.
    pub const fn letter(self) -> char {
        ['S', 'H', 'D', 'C', 'N'][self as usize]
    }

    /// The short name every front end writes: `S`, `H`, `D`, `C` or `NT` (its `Display`).
    pub const fn short_name(self) -> &'static str {
        ["S", "H", "D", "C", "NT"][self as usize]
    }

    /// The strain named by `s`, if any: `s.parse().ok()` (see [`Strain`]'s `FromStr`, whose
    /// error says what is expected).
    pub fn from_str_name(s: &str) -> Option<Strain> {
        s.parse().ok()
    }
}

impl fmt::Display for Strain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.short_name())
    }
}

/// A card rank, 2..=14 (14 is the ace), as DDS numbers them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rank(u8);

impl Rank {
    /// The deuce.
    pub const TWO: Rank = Rank(2);
    /// The ten.
    pub const TEN: Rank = Rank(10);
    /// The jack.
    pub const JACK: Rank = Rank(11);
    /// The queen.
    pub const QUEEN: Rank = Rank(12);
    /// The king.
    pub const KING: Rank = Rank(13);
    /// The ace.
    pub const ACE: Rank = Rank(14);

    /// The rank at bit `bit` of a holding whose bits are ranks only (`bit` in 2..=14, which
    /// callers guarantee by masking with `RANK_BITS`).
    #[inline]
    pub(crate) const fn from_bit(bit: u32) -> Rank {
        debug_assert!(bit >= 2 && bit <= 14);
        Rank(bit as u8)
    }

    /// The rank numbered `r` (2..=14), if valid.
    #[inline]
    pub const fn new(r: u8) -> Option<Rank> {
        if r >= 2 && r <= 14 {
            Some(Rank(r))
        } else {
            None
        }
    }

    /// The rank's number, 2..=14.
    #[inline]
    pub const fn get(self) -> u8 {
        self.0
    }

    /// `2`..`9`, `T`, `J`, `Q`, `K`, `A`.
    pub const fn letter(self) -> char {
        b"??23456789TJQKA"[self.0 as usize] as char
    }

    /// Parses a rank letter (`T` for ten; `10` is not a letter), either case.
    pub const fn from_letter(c: char) -> Option<Rank> {
        match c {
            '2'..='9' => Some(Rank(c as u8 - b'0')),
            'T' | 't' => Some(Rank(10)),
            'J' | 'j' => Some(Rank(11)),
            'Q' | 'q' => Some(Rank(12)),
            'K' | 'k' => Some(Rank(13)),
            'A' | 'a' => Some(Rank(14)),
            _ => None,
        }
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A seat at the table, in DDS order (clockwise from North).
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Seat {
    /// North.
    North = 0,
    /// East.
    East = 1,
    /// South.
    South = 2,
    /// West.
    West = 3,
}

impl Seat {
    /// The seats clockwise from North.
    pub const ALL: [Seat; 4] = [Seat::North, Seat::East, Seat::South, Seat::West];

    /// The seat with DDS index `i` (0 = North .. 3 = West).
    #[inline]
    pub const fn from_index(i: usize) -> Option<Seat> {
        match i {
            0 => Some(Seat::North),
            1 => Some(Seat::East),
            2 => Some(Seat::South),
            3 => Some(Seat::West),
            _ => None,
        }
    }

    #[inline]
    const fn from_index_wrapping(i: usize) -> Seat {
        match i & 3 {
            0 => Seat::North,
            1 => Seat::East,
            2 => Seat::South,
            _ => Seat::West,
        }
    }

    /// The DDS index of the seat.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The seat `n` places clockwise from this one.
    #[inline]
    pub const fn offset(self, n: usize) -> Seat {
        Seat::from_index_wrapping(self as usize + n)
    }

    /// The next seat clockwise (the left-hand opponent).
    #[inline]
    pub const fn next(self) -> Seat {
        self.offset(1)
    }

    /// The partner.
    #[inline]
    pub const fn partner(self) -> Seat {
        self.offset(2)
    }

    /// The previous seat clockwise (the right-hand opponent).
    #[inline]
    pub const fn prev(self) -> Seat {
        self.offset(3)
    }

    /// The side this seat belongs to.
    #[inline]
    pub const fn side(self) -> Side {
        if self as u8 & 1 == 0 {
            Side::NorthSouth
        } else {
            Side::EastWest
        }
    }

    /// `N`, `E`, `S` or `W`.
    pub const fn letter(self) -> char {
        ['N', 'E', 'S', 'W'][self as usize]
    }

    /// `North`, `East`, `South` or `West`.
    pub const fn name(self) -> &'static str {
        ["North", "East", "South", "West"][self as usize]
    }

    /// Parses a seat letter, either case.
    pub const fn from_letter(c: char) -> Option<Seat> {
        match c {
            'N' | 'n' => Some(Seat::North),
            'E' | 'e' => Some(Seat::East),
            'S' | 's' => Some(Seat::South),
            'W' | 'w' => Some(Seat::West),
            _ => None,
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A partnership.
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Side {
    /// North and South.
    NorthSouth = 0,
    /// East and West.
    EastWest = 1,
}

impl Side {
    /// The index of the side, 0 for North-South.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The other side.
    #[inline]
    pub const fn opponents(self) -> Side {
        match self {
            Side::NorthSouth => Side::EastWest,
            Side::EastWest => Side::NorthSouth,
        }
    }

    /// The side's two seats, North or East first.
    #[inline]
    pub const fn seats(self) -> (Seat, Seat) {
        match self {
            Side::NorthSouth => (Seat::North, Seat::South),
            Side::EastWest => (Seat::East, Seat::West),
        }
    }

    /// `NS` or `EW` (its `Display`).
    pub const fn short_name(self) -> &'static str {
        ["NS", "EW"][self as usize]
    }

    /// `North-South` or `East-West`.
    pub const fn name(self) -> &'static str {
        ["North-South", "East-West"][self as usize]
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.short_name())
    }
}

/// A playing card: a suit and a rank.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Card(u8);

impl Card {
    /// The card of `suit` and `rank`.
    #[inline]
    pub const fn new(suit: Suit, rank: Rank) -> Card {
        Card(((suit as u8) << 4) | rank.0)
    }

    /// The card's suit.
    #[inline]
    pub const fn suit(self) -> Suit {
        Suit::from_index_wrapping((self.0 >> 4) as usize)
    }

    /// The card's rank.
    #[inline]
    pub const fn rank(self) -> Rank {
        Rank(self.0 & 15)
    }

    /// The bit of this card in a [`crate::Hand`]: `16 * suit + rank`.
    #[inline]
    pub const fn bit_index(self) -> u32 {
        ((self.0 >> 4) as u32) * 16 + (self.0 & 15) as u32
    }

    /// The card at bit `i` of a [`crate::Hand`], if that bit is a card.
    #[inline]
    pub const fn from_bit_index(i: u32) -> Option<Card> {
        let r = (i & 15) as u8;
        if i < 64 && r >= 2 && r <= 14 {
            Some(Card((((i >> 4) as u8) << 4) | r))
        } else {
            None
        }
    }

    /// Parses a card as suit then rank (`SA`, `hT`, `C2`, `S10`) with [`Card`]'s `FromStr`,
    /// reporting a bad card as a [`crate::PbnError::BadCard`]; `s.parse::<Card>()` says
    /// precisely what is wrong with it.
    pub fn parse(s: &str) -> Result<Card, crate::PbnError> {
        s.parse()
            .map_err(|_: crate::CardParseError| crate::PbnError::BadCard(s.to_string()))
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.suit().letter(), self.rank().letter())
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}
