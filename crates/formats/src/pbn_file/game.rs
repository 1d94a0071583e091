//! The game model: a game's tag pairs with their section data, and what a game's tags say
//! (its deal, board number, dealer and vulnerability), with the errors of tags whose values
//! cannot be used.

use super::board::{board_dealer, board_vulnerability};
use super::lines::LineEnd;
use crate::excerpt::quote;
use ddsolve_cards::{Deal, Seat, Vulnerability};
use smallvec::SmallVec;
use std::ops::Range;
use thiserror::Error;

/// A tag pair, `[Name "value"]`, and the section data after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tag {
    /// The tag's name (`Deal`), as written.
    pub name: String,
    /// The value, its `\"` and `\\` escapes undone; bytes as in the file.
    pub value: Vec<u8>,
    /// The line of its `[`, from 1.
    pub line: usize,
    /// From its `[` to just after the last token of its section data (just after its `]`
    /// if it has none), in the file's bytes.
    pub span: Range<usize>,
}

impl Tag {
    /// The value read as Latin-1 (every byte is a character), so never fails.
    pub fn text(&self) -> String {
        self.value.iter().map(|&b| char::from(b)).collect()
    }
}

/// A game's tags ([`Game::tags`]), inline up to 24: room for PBN's fifteen mandatory tags
/// with `[Auction]`, `[Play]` and the four tags of a double-dummy annotation. A game with
/// more spills them to the heap.
pub type GameTags = SmallVec<[Tag; 24]>;

/// A game: a board's tag pairs with their sections, up to the empty line that ends it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// The tags in file order.
    pub tags: GameTags,
    /// The line of its first tag, from 1.
    pub line: usize,
    /// Where the game's last non-empty line ends (after its line end, if it has one).
    pub end: usize,
    /// The line end of the game's first line.
    pub line_end: LineEnd,
}

impl Game {
    /// The first tag named `name` (names are case-sensitive, as PBN says).
    pub fn tag(&self, name: &str) -> Option<&Tag> {
        self.tags.iter().find(|t| t.name == name)
    }

    /// The value of the first tag named `name` as Latin-1 text, if it is there and is not
    /// empty or `?` (PBN's unknown).
    pub fn value(&self, name: &str) -> Option<String> {
        self.tag(name)
            .map(Tag::text)
            .filter(|v| !v.trim().is_empty() && v.trim() != "?")
    }

    /// The game's deal: its `[Deal]` tag read, [`GameDeal::Unknown`] for PBN's unknown
    /// (`"?"`), [`GameDeal::Missing`] if it has none (or an empty one). Two `[Deal]` tags in
    /// one game (two games without the empty line that separates them) are an error that
    /// names both lines.
    pub fn deal(&self) -> Result<GameDeal, BoardError> {
        let mut deals = self.tags.iter().filter(|t| t.name == "Deal");
        let Some(tag) = deals.next() else {
            return Ok(GameDeal::Missing);
        };
        if let Some(second) = deals.next() {
            return Err(BoardError {
                board: self.value("Board"),
                line: second.line,
                message: format!(
                    "[Deal]: a second [Deal] tag in the game whose [Deal] is on line {}: \
                     one game has one deal, and an empty line ends each game",
                    tag.line
                ),
            });
        }
        let text = tag.text();
        match text.trim() {
            "" => Ok(GameDeal::Missing),
            "?" => Ok(GameDeal::Unknown { line: tag.line }),
            t => Deal::from_pbn(t)
                .map(|deal| GameDeal::Known {
                    deal,
                    line: tag.line,
                })
                .map_err(|e| BoardError {
                    board: self.value("Board"),
                    line: tag.line,
                    message: format!("[Deal]: {e}: {}", quote(&tag.value, 0)),
                }),
        }
    }

    /// The board number: the `[Board]` tag, if it is a number.
    pub fn board(&self) -> Option<u32> {
        self.value("Board")?.trim().parse().ok()
    }

    /// The dealer: the `[Dealer]` tag, or by the board number (board 1 North, 2 East, ...) if
    /// there is no such tag. `Ok(None)` if neither is there.
    pub fn dealer(&self) -> Result<Option<Seat>, BoardError> {
        match self.value("Dealer") {
            Some(v) => {
                let mut chars = v.trim().chars();
                match (chars.next().and_then(Seat::from_letter), chars.next()) {
                    (Some(seat), None) => Ok(Some(seat)),
                    _ => Err(self.bad("Dealer", format!("{v:?} is not a seat (N, E, S or W)"))),
                }
            }
            None => Ok(self.board().map(board_dealer)),
        }
    }

    /// The vulnerability: the `[Vulnerable]` tag (`None`, `Love`, `-`, `NS`, `EW`, `All`,
    /// `Both`), or by the board number in the usual 16-board cycle if there is no such tag.
    /// `Ok(None)` if neither is there.
    pub fn vulnerability(&self) -> Result<Option<Vulnerability>, BoardError> {
        match self.value("Vulnerable") {
            Some(v) => v
                .parse()
                .map(Some)
                .map_err(|e: ddsolve_cards::VulnerabilityError| {
                    self.bad("Vulnerable", e.to_string())
                }),
            None => Ok(self.board().map(board_vulnerability)),
        }
    }

    fn bad(&self, tag: &str, message: String) -> BoardError {
        BoardError {
            board: self.value("Board"),
            line: self.tag(tag).map_or(self.line, |t| t.line),
            message: format!("[{tag}]: {message}"),
        }
    }
}

/// What a game's `[Deal]` tag holds ([`Game::deal`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameDeal {
    /// No `[Deal]` tag, or an empty one.
    Missing,
    /// `[Deal "?"]`: PBN's unknown deal; the board is left alone.
    Unknown {
        /// The tag's line.
        line: usize,
    },
    /// A deal.
    Known {
        /// The deal.
        deal: Deal,
        /// The tag's line.
        line: usize,
    },
}

/// A tag of a game whose value cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{}line {line}: {message}", .board.as_ref().map(|b| format!("board {b}, ")).unwrap_or_default())]
pub struct BoardError {
    /// The game's `[Board]` value, if it has one.
    pub board: Option<String>,
    /// The line of the tag at fault, from 1.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}
