//! PBN hand-record files (PBN 2.1): read the games and their tags, and write the file back
//! with some tags replaced, every other byte kept.
//!
//! A PBN file is a sequence of *games* (boards), each a run of tag pairs (`[Deal "N:..."]`)
//! and the section data that follows some of them (the calls of `[Auction]`, the cards of
//! `[Play]`, the rows of a table tag such as `[OptimumResultTable]`); an empty line ends a
//! game. Lines starting with `%` are comments (escape lines), `;` starts a comment to the end
//! of the line, and `{...}` is commentary that may span lines.
//!
//! The reader works on bytes, not text: PBN files are ISO-8859-1 (Latin-1) as often as ASCII
//! or UTF-8, and annotating one must not change a byte of its names or commentary. Tag values
//! are kept as bytes ([`Tag::value`]); [`Tag::text`] reads them as Latin-1. Line ends may be
//! LF or CRLF, and a UTF-8 byte-order mark at the start is skipped (and kept by a rewrite);
//! [`PbnFile::rewrite`] writes new lines with the line end of the game they go
//! into.
//!
//! ```
//! use ddsolve_formats::pbn_file::{GameEdit, PbnFile};
//!
//! let file = b"% PBN 2.1\r\n[Board \"1\"]\r\n[Deal \"N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765\"]\r\n[OptimumScore \"NS 0\"]\r\n";
//! let pbn = PbnFile::parse(file)?;
//! let game = &pbn.games()[0];
//! assert_eq!(game.tag("Board").map(|t| t.text()), Some("1".to_string()));
//! let out = pbn.rewrite(&[GameEdit {
//!     game: 0,
//!     remove: vec!["OptimumScore".into()],
//!     insert: vec!["[OptimumScore \"NS 100\"]".into()],
//! }]);
//! assert!(out.ends_with(b"]\r\n[OptimumScore \"NS 100\"]\r\n"));
//! # Ok::<(), ddsolve_formats::pbn_file::PbnFileError>(())
//! ```
//!
//! A file per concern: the tokenizer (`tokenizer.rs`, with the reader's limits and errors),
//! the game model (`game.rs`), the byte-preserving rewrite (`rewrite.rs`), lines and line
//! ends (`lines.rs`), board numbering (`board.rs`) and the double-dummy tags
//! (`dd_tags.rs`); their public items are re-exported here.

mod board;
mod dd_tags;
mod game;
mod lines;
mod rewrite;
mod tokenizer;

pub use board::{board_dealer, board_vulnerability};
pub use dd_tags::{
    double_dummy_tricks, optimum_result_table, parse_double_dummy_tricks, tag_line, DD_TAGS,
};
pub use game::{BoardError, Game, GameDeal, GameTags, Tag};
pub use lines::LineEnd;
pub use rewrite::GameEdit;
pub use tokenizer::{Limits, PbnFileError, MAX_LINE_BYTES};

use lines::line_of;

/// A PBN file read into games, kept with its bytes for [`PbnFile::rewrite`].
#[derive(Clone, Debug)]
pub struct PbnFile<'a> {
    bytes: &'a [u8],
    games: Vec<Game>,
}

impl<'a> PbnFile<'a> {
    /// Reads the games of `bytes`. Fails only where the structure cannot be told: an
    /// unterminated tag, string or `{` commentary.
    pub fn parse(bytes: &'a [u8]) -> Result<PbnFile<'a>, PbnFileError> {
        PbnFile::parse_with(bytes, 1, &Limits::default())
    }

    /// [`PbnFile::parse`] of `bytes` that start on line `first_line` of their file (the
    /// lines and spans of the games are then the file's lines and `bytes`' offsets), within
    /// `limits`. Linear in the length of `bytes`.
    pub fn parse_with(
        bytes: &'a [u8],
        first_line: usize,
        limits: &Limits,
    ) -> Result<PbnFile<'a>, PbnFileError> {
        tokenizer::parse(bytes, first_line, limits)
    }

    /// The games in file order.
    pub fn games(&self) -> &[Game] {
        &self.games
    }

    /// The file's bytes.
    pub fn bytes(&self) -> &'a [u8] {
        self.bytes
    }

    /// The line of byte `pos`, from 1.
    pub fn line_of(&self, pos: usize) -> usize {
        line_of(self.bytes, pos)
    }
}
