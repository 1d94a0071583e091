//! Seats, strains and cards read from text: one [`FromStr`] each, with an error that names
//! the text at fault and says what is expected. Every other reader of seats, strains and
//! cards (the command line, the file formats) calls these through `str::parse`.
//!
//! ```
//! use ddsolve_cards::{Card, Seat, Strain};
//!
//! assert_eq!("w".parse::<Seat>()?, Seat::West);
//! assert_eq!("North".parse::<Seat>()?, Seat::North);
//! assert_eq!("nt".parse::<Strain>()?, Strain::NoTrump);
//! assert_eq!("H".parse::<Strain>()?, Strain::Hearts);
//! assert_eq!("S10".parse::<Card>()?, "ST".parse::<Card>()?);
//! assert_eq!(
//!     "HX".parse::<Card>().unwrap_err().to_string(),
//!     "\"HX\" is not a card: \"X\" is not a rank (2-9, T or 10, J, Q, K, A)"
//! );
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::{Card, Rank, Seat, Strain, Suit};
use std::str::FromStr;
use thiserror::Error;

/// A seat that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{0:?} is not a seat: use N, E, S or W (or north, east, south, west)")]
pub struct SeatParseError(pub String);

impl FromStr for Seat {
    type Err = SeatParseError;

    /// Reads `N`, `E`, `S`, `W` or `north`, `east`, `south`, `west`, in any case, with
    /// surrounding whitespace ignored.
    fn from_str(s: &str) -> Result<Seat, SeatParseError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "n" | "north" => Ok(Seat::North),
            "e" | "east" => Ok(Seat::East),
            "s" | "south" => Ok(Seat::South),
            "w" | "west" => Ok(Seat::West),
            _ => Err(SeatParseError(s.to_string())),
        }
    }
}

/// A strain that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{0:?} is not a strain: use S, H, D, C or N (or NT) for notrump")]
pub struct StrainParseError(pub String);

impl FromStr for Strain {
    type Err = StrainParseError;

    /// Reads `S`, `H`, `D`, `C`, `N` or `NT`, or the words `spades`, `hearts`, `diamonds`,
    /// `clubs`, `notrump`, in any case, with surrounding whitespace ignored.
    fn from_str(s: &str) -> Result<Strain, StrainParseError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "s" | "spades" => Ok(Strain::Spades),
            "h" | "hearts" => Ok(Strain::Hearts),
            "d" | "diamonds" => Ok(Strain::Diamonds),
            "c" | "clubs" => Ok(Strain::Clubs),
            "n" | "nt" | "notrump" => Ok(Strain::NoTrump),
            _ => Err(StrainParseError(s.to_string())),
        }
    }
}

/// A card that could not be read, and why.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CardParseError {
    /// Nothing to read.
    #[error("\"\" is not a card: write suit then rank, like SA or HT")]
    Empty,
    /// The first character is not a suit letter.
    #[error("{text:?} is not a card: {suit:?} is not a suit (S, H, D or C; write suit then rank, like SA or HT)")]
    BadSuit {
        /// The text read.
        text: String,
        /// Its first character.
        suit: char,
    },
    /// A suit letter with nothing after it.
    #[error("{text:?} is not a card: a rank must follow the suit (2-9, T or 10, J, Q, K, A)")]
    NoRank {
        /// The text read.
        text: String,
    },
    /// What follows the suit is not a rank.
    #[error("{text:?} is not a card: {rank:?} is not a rank (2-9, T or 10, J, Q, K, A)")]
    BadRank {
        /// The text read.
        text: String,
        /// What follows the suit letter.
        rank: String,
    },
}

impl FromStr for Card {
    type Err = CardParseError;

    /// Reads a suit letter then a rank (`SA`, `hT`, `C2`, also `S10` for the ten), in any
    /// case. No whitespace: cards are read from lists that split on it.
    fn from_str(s: &str) -> Result<Card, CardParseError> {
        let mut chars = s.chars();
        let Some(first) = chars.next() else {
            return Err(CardParseError::Empty);
        };
        let suit = Suit::from_letter(first).ok_or(CardParseError::BadSuit {
            text: s.to_string(),
            suit: first,
        })?;
        let rank_text = chars.as_str();
        let mut rank_chars = rank_text.chars();
        let rank = match (rank_chars.next(), rank_chars.next(), rank_chars.next()) {
            (None, _, _) => {
                return Err(CardParseError::NoRank {
                    text: s.to_string(),
                })
            }
            (Some(c), None, _) => Rank::from_letter(c),
            (Some('1'), Some('0'), None) => Some(Rank::TEN),
            _ => None,
        };
        rank.map(|rank| Card::new(suit, rank))
            .ok_or_else(|| CardParseError::BadRank {
                text: s.to_string(),
                rank: rank_text.to_string(),
            })
    }
}

/// A card of a list that could not be read ([`parse_card_list`]).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("card {number} ({word:?}): {error}")]
pub struct CardListError {
    /// Which card of the list, from 1.
    pub number: usize,
    /// The word it is in (cards may be written together, `HJH8`).
    pub word: String,
    /// Why it is not a card.
    pub error: CardParseError,
}

/// Reads a list of cards, each a suit letter and a rank (`T` or `10` for the ten), written
/// together as in DDS's files (`HJH8H10`) or separated by commas or spaces (`HJ, H8 HT`).
/// The one card-list syntax of every front end.
///
/// ```
/// use ddsolve_cards::parse_card_list;
///
/// let cards = parse_card_list("S10HJ, h8")?;
/// assert_eq!(cards.iter().map(|c| c.to_string()).collect::<Vec<_>>(), ["ST", "HJ", "H8"]);
/// assert!(parse_card_list("HJH").unwrap_err().to_string().contains("card 2"));
/// # Ok::<(), ddsolve_cards::CardListError>(())
/// ```
pub fn parse_card_list(s: &str) -> Result<Vec<Card>, CardListError> {
    let mut cards = Vec::new();
    for word in s
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|w| !w.is_empty())
    {
        let chars: Vec<char> = word.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            // A suit letter, then a rank: `10` takes two characters, every other one.
            let len = if chars.get(i + 1) == Some(&'1') && chars.get(i + 2) == Some(&'0') {
                3
            } else {
                2
            };
            let end = (i + len).min(chars.len());
            let text: String = chars[i..end].iter().collect();
            let card = text.parse::<Card>().map_err(|error| CardListError {
                number: cards.len() + 1,
                word: word.to_string(),
                error,
            })?;
            cards.push(card);
            i = end;
        }
    }
    Ok(cards)
}

/// The UTF-8 byte-order mark, which some editors (Windows Notepad) write at the start of a
/// file.
pub const BOM: &str = "\u{feff}";

/// `s` without a leading byte-order mark ([`BOM`]); every reader of text calls it, so that
/// a file or string that starts with one reads as if it did not.
///
/// ```
/// assert_eq!(ddsolve_cards::without_bom("\u{feff}N:A... K... Q... J..."), "N:A... K... Q... J...");
/// assert_eq!(ddsolve_cards::without_bom("N:"), "N:");
/// ```
pub fn without_bom(s: &str) -> &str {
    s.strip_prefix(BOM).unwrap_or(s)
}

/// `bytes` without a leading UTF-8 byte-order mark (`EF BB BF`): [`without_bom`] for
/// readers of bytes (files in Latin-1 or UTF-8).
pub fn without_bom_bytes(bytes: &[u8]) -> &[u8] {
    bytes.strip_prefix(BOM.as_bytes()).unwrap_or(bytes)
}
