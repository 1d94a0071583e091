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

use crate::excerpt::quote;
use ddsolve_cards::{DdTable, Deal, Seat, Strain, Vulnerability};
use std::ops::Range;
use thiserror::Error;

/// The longest line a reader takes by default, in bytes: 1 MB, far above any hand record's
/// line; longer is an error, so that input without line ends (`/dev/zero`) cannot grow a
/// reader's memory without bound.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// The limits of a reader.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The longest line, in bytes (its line end not counted).
    pub max_line_bytes: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_line_bytes: MAX_LINE_BYTES,
        }
    }
}

/// The tags a double-dummy annotation writes: [`double_dummy_tricks`],
/// [`optimum_result_table`], the par score and the par contracts.
pub const DD_TAGS: [&str; 4] = [
    "DoubleDummyTricks",
    "OptimumResultTable",
    "OptimumScore",
    "ParContract",
];

/// A PBN file that cannot be read: the line and column, what is wrong there, and the text
/// there (at most about 60 characters, escaped: see [`crate::excerpt`]).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("line {line}, column {column}: {message}{}", if .text.is_empty() { String::new() } else { format!(": {}", .text) })]
pub struct PbnFileError {
    /// The line, from 1.
    pub line: usize,
    /// The column (byte) on that line, from 1.
    pub column: usize,
    /// What is wrong.
    pub message: String,
    /// The text at fault, quoted short and escaped (may be empty).
    pub text: String,
    /// Is the line longer than [`Limits::max_line_bytes`]? (A reader stops there.)
    pub too_long: bool,
}

/// A line end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineEnd {
    /// `\n`.
    Lf,
    /// `\r\n`.
    CrLf,
}

impl LineEnd {
    /// The bytes of the line end.
    pub const fn bytes(self) -> &'static [u8] {
        match self {
            LineEnd::Lf => b"\n",
            LineEnd::CrLf => b"\r\n",
        }
    }
}

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

/// A game: a board's tag pairs with their sections, up to the empty line that ends it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// The tags in file order.
    pub tags: Vec<Tag>,
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

/// The dealer of board `n` in the usual cycle: 1 North, 2 East, 3 South, 4 West, 5 North ...
pub fn board_dealer(n: u32) -> Seat {
    Seat::ALL[(n.max(1) as usize - 1) % 4]
}

/// The vulnerability of board `n` in the usual 16-board cycle (board 1 none, 2 NS, 3 EW,
/// 4 both, 5 NS, ...).
pub fn board_vulnerability(n: u32) -> Vulnerability {
    use Vulnerability::{Both as B, EastWest as E, None as O, NorthSouth as N};
    const CYCLE: [Vulnerability; 16] = [O, N, E, B, N, E, B, O, E, B, O, N, B, O, N, E];
    CYCLE[(n.max(1) as usize - 1) % 16]
}

/// A change to one game for [`PbnFile::rewrite`]: the tags to remove (every tag of these
/// names, with its section data) and the lines to put in (without line ends).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameEdit {
    /// The game's index in [`PbnFile::games`].
    pub game: usize,
    /// Names of the tags to remove.
    pub remove: Vec<String>,
    /// Lines to insert at the start of the line of the first removed tag that begins its
    /// line (spaces aside), or else at the end of the game.
    pub insert: Vec<String>,
}

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
        let mut parser = Parser::new(bytes);
        parser.line = first_line;
        parser.check_line_length(0, limits.max_line_bytes)?;
        parser.max_line = limits.max_line_bytes;
        parser.run()
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

    /// The file with `edits` made and every other byte as it was.
    ///
    /// A removed tag goes with its section data; when nothing else is left on its lines
    /// (spaces aside) the lines go too, so no empty line splits a game, and a removed tag
    /// after other text on its line leaves that line its line end. Inserted lines take the
    /// line end of the game's first tag that stays and go between lines, never into one: at the start of the line of the
    /// first removed tag that begins its line, else at the end of the game. So every byte
    /// not in a removed tag stays, in order, and taking the inserted lines out again gives
    /// the file with the tags removed. If the file does not end with a line end and the new
    /// lines come last, they do not either, so rewriting a rewritten file gives it back
    /// unchanged.
    pub fn rewrite(&self, edits: &[GameEdit]) -> Vec<u8> {
        let b = self.bytes;
        let n = b.len();
        let mut removed = vec![false; n];
        // Where each edit's lines go, the lines, and their line end.
        let mut inserts: Vec<(usize, Vec<u8>, &[u8])> = Vec::new();
        for edit in edits {
            let Some(game) = self.games.get(edit.game) else {
                continue;
            };
            let mut at: Option<usize> = None;
            for tag in game.tags.iter().filter(|t| edit.remove.contains(&t.name)) {
                let start = line_start(b, tag.span.start);
                let whole = b[start..tag.span.start]
                    .iter()
                    .all(|&c| c == b' ' || c == b'\t');
                if whole && at.is_none() {
                    at = Some(start);
                }
                removed[tag.span.clone()].fill(true);
                if !whole {
                    // After other text on its line, a tag whose section goes on over lines
                    // leaves the line end of its first line: the text before it keeps its
                    // line instead of joining the line after the section.
                    if let Some(p) = b[tag.span.clone()].iter().position(|&c| c == b'\n') {
                        let nl = tag.span.start + p;
                        removed[nl] = false;
                        if nl > tag.span.start && b[nl - 1] == b'\r' {
                            removed[nl - 1] = false;
                        }
                    }
                }
            }
            if edit.insert.is_empty() {
                continue;
            }
            let at = at.unwrap_or(game.end);
            // The line end of the game's first tag that stays (the first tag's may go with
            // the edit, and the next rewrite would then take another's): so a rewritten file
            // rewritten again gets the same line ends.
            let eol = game
                .tags
                .iter()
                .find(|t| !edit.remove.contains(&t.name))
                .map_or(game.line_end, |t| line_end_of(b, t.span.start))
                .bytes();
            let mut text = Vec::new();
            for line in &edit.insert {
                text.extend_from_slice(line.as_bytes());
                text.extend_from_slice(eol);
            }
            inserts.push((at, text, eol));
        }
        clear_emptied_lines(b, &mut removed);
        for (at, text, eol) in &mut inserts {
            // New lines that end the file do not end with a line end if the file did not.
            if n > 0 && b[n - 1] != b'\n' && removed[*at..].iter().all(|&r| r) {
                text.truncate(text.len() - eol.len());
            }
        }
        inserts.sort_by_key(|(at, _, _)| *at);
        let mut out =
            Vec::with_capacity(n + inserts.iter().map(|(_, t, _)| t.len()).sum::<usize>());
        let mut next = inserts.iter().peekable();
        for (i, &byte) in b.iter().enumerate() {
            while let Some((_, text, _)) = next.next_if(|(at, _, _)| *at == i) {
                out.extend_from_slice(text);
            }
            if !removed[i] {
                out.push(byte);
            }
        }
        for (_, text, eol) in next {
            // After the file's last line: that line (if any of it is left) needs a line end
            // first, or the new lines would join it. Only what is left counts: a last line
            // removed whole leaves the line before it, which has its line end (an extra one
            // would make an empty line, which ends a game).
            if out.last().is_some_and(|&c| c != b'\n') {
                out.extend_from_slice(eol);
            }
            out.extend_from_slice(text);
        }
        out
    }
}

/// Marks whole every line that a removal left with nothing but spaces, its line end too.
fn clear_emptied_lines(b: &[u8], removed: &mut [bool]) {
    let mut start = 0;
    while start < b.len() {
        let end = b[start..]
            .iter()
            .position(|&c| c == b'\n')
            .map_or(b.len(), |p| start + p + 1);
        let line = start..end;
        let touched = removed[line.clone()].iter().any(|&r| r);
        let blank_left = line
            .clone()
            .all(|i| removed[i] || matches!(b[i], b' ' | b'\t' | b'\r' | b'\n'));
        if touched && blank_left {
            removed[line].fill(true);
        }
        start = end;
    }
}

/// The line end of the line of byte `pos` (LF when the line has none).
fn line_end_of(b: &[u8], pos: usize) -> LineEnd {
    match b[pos..].iter().position(|&c| c == b'\n') {
        Some(p) if pos + p > 0 && b[pos + p - 1] == b'\r' => LineEnd::CrLf,
        _ => LineEnd::Lf,
    }
}

fn line_start(b: &[u8], pos: usize) -> usize {
    b[..pos]
        .iter()
        .rposition(|&c| c == b'\n')
        .map_or(0, |p| p + 1)
}

fn line_of(b: &[u8], pos: usize) -> usize {
    1 + b[..pos.min(b.len())]
        .iter()
        .filter(|&&c| c == b'\n')
        .count()
}

/// The tokenizer: a walk over the bytes that tracks lines, comments and games.
struct Parser<'a> {
    b: &'a [u8],
    i: usize,
    line: usize,
    games: Vec<Game>,
    /// The game being read, if a tag has opened one.
    open: Option<Game>,
    /// Does the current line hold anything but spaces?
    line_used: bool,
    /// The end of the last non-empty line (after its line end).
    last_used_end: usize,
    /// Where the current line starts.
    line_start: usize,
    /// The longest line allowed.
    max_line: usize,
}

impl<'a> Parser<'a> {
    fn new(b: &'a [u8]) -> Parser<'a> {
        Parser {
            b,
            i: 0,
            line: 1,
            games: Vec::new(),
            open: None,
            line_used: false,
            last_used_end: 0,
            line_start: 0,
            max_line: MAX_LINE_BYTES,
        }
    }

    /// An error on `line` at byte `at` (which is on that line).
    fn error_at(&self, line: usize, at: usize, message: impl Into<String>) -> PbnFileError {
        let start = line_start(self.b, at.min(self.b.len()));
        PbnFileError {
            line,
            column: at - start + 1,
            message: message.into(),
            text: quote(self.b, at),
            too_long: false,
        }
    }

    /// Fails if the line that starts at `start` is longer than `max` bytes.
    fn check_line_length(&self, start: usize, max: usize) -> Result<(), PbnFileError> {
        let rest = &self.b[start..];
        let len = rest.iter().position(|&c| c == b'\n').unwrap_or(rest.len());
        let len = if len > 0 && rest[len - 1] == b'\r' {
            len - 1
        } else {
            len
        };
        if len <= max {
            return Ok(());
        }
        Err(PbnFileError {
            line: self.line,
            column: max + 1,
            message: format!("the line is longer than the limit of {max} bytes"),
            text: String::new(),
            too_long: true,
        })
    }

    fn run(mut self) -> Result<PbnFile<'a>, PbnFileError> {
        let b = self.b;
        // A byte-order mark at the start is no part of the first line (the bytes stay, for
        // `rewrite`).
        let start = b.len() - ddsolve_cards::without_bom_bytes(b).len();
        self.i = start;
        self.line_start = start;
        while self.i < b.len() {
            let c = b[self.i];
            let at_line_start = self.i == start || b[self.i - 1] == b'\n';
            match c {
                b'\n' => {
                    self.i += 1;
                    self.end_line();
                    self.line_start = self.i;
                    self.check_line_length(self.i, self.max_line)?;
                }
                b' ' | b'\t' | b'\r' => self.i += 1,
                b'%' if at_line_start => {
                    self.line_used = true;
                    self.skip_to_line_end();
                }
                b';' => {
                    self.line_used = true;
                    self.skip_to_line_end();
                }
                b'{' => {
                    self.line_used = true;
                    let (line, open) = (self.line, self.i);
                    self.i += 1;
                    loop {
                        match b.get(self.i) {
                            None => {
                                return Err(self.error_at(
                                    line,
                                    open,
                                    "commentary `{` is never closed (its `}` is missing)",
                                ))
                            }
                            Some(b'}') => break,
                            Some(b'\n') => {
                                self.line += 1;
                                self.line_start = self.i + 1;
                                self.check_line_length(self.i + 1, self.max_line)?;
                            }
                            Some(_) => {}
                        }
                        self.i += 1;
                    }
                    self.i += 1;
                }
                b'[' => {
                    self.line_used = true;
                    let tag = self.tag()?;
                    // The line end of the game's first tag only: looking it up for every tag
                    // would scan a line of many tags once per tag (quadratic).
                    let game = match &mut self.open {
                        Some(game) => game,
                        None => self.open.insert(Game {
                            tags: Vec::new(),
                            line: tag.line,
                            end: 0,
                            line_end: line_end_of(b, tag.span.start),
                        }),
                    };
                    game.tags.push(tag);
                }
                _ => {
                    // Section data: a token up to a space or a special character.
                    self.line_used = true;
                    while self.i < b.len()
                        && !matches!(b[self.i], b' ' | b'\t' | b'\r' | b'\n' | b'[' | b'{' | b';')
                    {
                        self.i += 1;
                    }
                    if let Some(tag) = self.open.as_mut().and_then(|g| g.tags.last_mut()) {
                        tag.span.end = self.i;
                    }
                }
            }
        }
        if self.line_used {
            self.last_used_end = b.len();
        }
        self.close_game();
        Ok(PbnFile {
            bytes: b,
            games: self.games,
        })
    }

    fn skip_to_line_end(&mut self) {
        while self.i < self.b.len() && self.b[self.i] != b'\n' {
            self.i += 1;
        }
    }

    /// After a `\n`: an empty line ends the open game.
    fn end_line(&mut self) {
        if self.line_used {
            self.last_used_end = self.i;
        } else {
            self.close_game();
        }
        self.line_used = false;
        self.line += 1;
    }

    fn close_game(&mut self) {
        if let Some(mut game) = self.open.take() {
            game.end = self.last_used_end;
            self.games.push(game);
        }
    }

    /// Reads `[Name "value"]` from the `[` at `self.i`.
    fn tag(&mut self) -> Result<Tag, PbnFileError> {
        let b = self.b;
        let (start, line) = (self.i, self.line);
        self.i += 1;
        self.skip_spaces();
        let name_start = self.i;
        while self.i < b.len() && (b[self.i].is_ascii_alphanumeric() || b[self.i] == b'_') {
            self.i += 1;
        }
        if self.i == name_start {
            return Err(self.error_at(line, start, "a tag `[` is not followed by a tag name"));
        }
        let name = String::from_utf8_lossy(&b[name_start..self.i]).into_owned();
        self.skip_spaces();
        if b.get(self.i) != Some(&b'"') {
            return Err(self.error_at(
                line,
                start,
                format!("tag [{name}]: its value must be in double quotes"),
            ));
        }
        self.i += 1;
        let mut value = Vec::new();
        loop {
            match b.get(self.i) {
                None | Some(b'\n') => {
                    return Err(self.error_at(
                        line,
                        start,
                        format!("tag [{name}]: the value's closing `\"` is missing"),
                    ))
                }
                Some(b'"') => break,
                Some(b'\\') if matches!(b.get(self.i + 1), Some(b'"' | b'\\')) => {
                    value.push(b[self.i + 1]);
                    self.i += 2;
                }
                Some(&c) => {
                    value.push(c);
                    self.i += 1;
                }
            }
        }
        self.i += 1;
        self.skip_spaces();
        if b.get(self.i) != Some(&b']') {
            return Err(self.error_at(
                line,
                start,
                format!("tag [{name}]: the closing `]` is missing"),
            ));
        }
        self.i += 1;
        Ok(Tag {
            name,
            value,
            line,
            span: start..self.i,
        })
    }

    fn skip_spaces(&mut self) {
        while matches!(self.b.get(self.i), Some(b' ' | b'\t')) {
            self.i += 1;
        }
    }
}

/// Declarers in the order of [`double_dummy_tricks`] and [`optimum_result_table`].
const DD_SEATS: [Seat; 4] = [Seat::North, Seat::South, Seat::East, Seat::West];
/// Strains in that order.
const DD_STRAINS: [Strain; 5] = [
    Strain::NoTrump,
    Strain::Spades,
    Strain::Hearts,
    Strain::Diamonds,
    Strain::Clubs,
];

/// The value of a `[DoubleDummyTricks]` tag: 20 hexadecimal digits, the tricks of declarers
/// N, S, E, W, for each the strains NT, S, H, D, C (BridgeComposer's convention).
///
/// ```
/// use ddsolve_cards::DdTable;
/// use ddsolve_formats::pbn_file::{double_dummy_tricks, parse_double_dummy_tricks};
///
/// // list10's first deal (DDS order: strains S H D C NT, declarers N E S W).
/// let t = DdTable::from_dds_order([5, 8, 5, 8, 6, 6, 6, 6, 5, 7, 5, 7, 7, 5, 7, 5, 6, 6, 6, 6])?;
/// assert_eq!(double_dummy_tricks(&t), "65657656576867568675");
/// assert_eq!(parse_double_dummy_tricks("65657656576867568675"), Some(t));
/// # Ok::<(), ddsolve_cards::TableError>(())
/// ```
pub fn double_dummy_tricks(table: &DdTable) -> String {
    DD_SEATS
        .iter()
        .flat_map(|&seat| DD_STRAINS.iter().map(move |&strain| (seat, strain)))
        .map(|(seat, strain)| {
            char::from_digit(u32::from(table.tricks(strain, seat)), 16).unwrap_or('?')
        })
        .collect()
}

/// Reads a `[DoubleDummyTricks]` value (see [`double_dummy_tricks`]); `None` if it is not 20
/// hexadecimal digits of at most 13.
pub fn parse_double_dummy_tricks(s: &str) -> Option<DdTable> {
    let digits: Vec<u8> = s
        .trim()
        .chars()
        .map(|c| c.to_digit(16).map(|d| d as u8))
        .collect::<Option<_>>()?;
    if digits.len() != 20 {
        return None;
    }
    let mut tricks = [[0u8; 4]; 5];
    for (i, &d) in digits.iter().enumerate() {
        tricks[DD_STRAINS[i % 5].index()][DD_SEATS[i / 5].index()] = d;
    }
    DdTable::new(tricks).ok()
}

/// The `[OptimumResultTable]` tag and its 20 rows, `N NT  9` (declarer; strain and tricks
/// right-aligned in two columns, as the tag's `\2R` says), declarers N, S, E, W and strains
/// NT, S, H, D, C.
pub fn optimum_result_table(table: &DdTable) -> Vec<String> {
    let mut lines =
        vec![r#"[OptimumResultTable "Declarer;Denomination\2R;Result\2R"]"#.to_string()];
    for seat in DD_SEATS {
        for strain in DD_STRAINS {
            let name = if strain == Strain::NoTrump {
                "NT".to_string()
            } else {
                strain.letter().to_string()
            };
            lines.push(format!(
                "{} {name:>2} {:>2}",
                seat.letter(),
                table.tricks(strain, seat)
            ));
        }
    }
    lines
}

/// A tag pair line, `[Name "value"]`, with `"` and `\` in the value escaped.
pub fn tag_line(name: &str, value: &str) -> String {
    let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
    format!("[{name} \"{escaped}\"]")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_cycle() {
        assert_eq!(board_dealer(1), Seat::North);
        assert_eq!(board_dealer(8), Seat::West);
        assert_eq!(board_vulnerability(1), Vulnerability::None);
        assert_eq!(board_vulnerability(4), Vulnerability::Both);
        assert_eq!(board_vulnerability(13), Vulnerability::Both);
        assert_eq!(board_vulnerability(16), Vulnerability::EastWest);
        assert_eq!(board_vulnerability(17), Vulnerability::None);
    }

    #[test]
    fn a_value_with_escapes_round_trips() {
        let line = tag_line("Event", r#"The "Cup" \ 2"#);
        assert_eq!(line, r#"[Event "The \"Cup\" \\ 2"]"#);
        let pbn = PbnFile::parse(line.as_bytes()).unwrap();
        assert_eq!(pbn.games()[0].tags[0].text(), r#"The "Cup" \ 2"#);
    }

    /// Found by the `annotate` fuzz target: a tag to replace after another on the same line
    /// got the new lines and then the old line end, an empty line that split the game; then,
    /// with the new lines ending that line, the rest of the line went on a line of its own
    /// (a line end that was not in the file). New lines now go at the end of the game when
    /// no tag to replace begins its line: no empty line, no line split.
    #[test]
    fn lines_put_in_the_middle_of_a_line_leave_no_empty_line() {
        let edit = GameEdit {
            game: 0,
            remove: vec!["OptimumScore".into(), "ParContract".into()],
            insert: vec![
                tag_line("OptimumScore", "NS 0"),
                tag_line("ParContract", "Pass"),
            ],
        };
        let cases: [(&[u8], &[u8]); 4] = [
            // The removed tag's section runs to the end of a file without a last line end
            // (found by the annotate fuzz target: the new lines went after an extra line
            // end, and the empty line made a second game).
            (
                b"[Board \"1\"]\nnote[ParContract \"x\"]\nN NT 6",
                b"[Board \"1\"]\nnote\n[OptimumScore \"NS 0\"]\n[ParContract \"Pass\"]",
            ),
            (
                b"[Board \"1\"] [OptimumScore \"x\"]\r\n[Dealer \"N\"]\r\n",
                b"[Board \"1\"] \r\n[Dealer \"N\"]\r\n[OptimumScore \"NS 0\"]\r\n[ParContract \"Pass\"]\r\n",
            ),
            (
                b"[Board \"1\"] [OptimumScore \"x\"] [Dealer \"N\"]\n",
                b"[Board \"1\"]  [Dealer \"N\"]\n[OptimumScore \"NS 0\"]\n[ParContract \"Pass\"]\n",
            ),
            (
                b"[Board \"1\"] [OptimumScore \"x\"]",
                b"[Board \"1\"] \n[OptimumScore \"NS 0\"]\n[ParContract \"Pass\"]",
            ),
        ];
        for (file, want) in cases {
            let once = PbnFile::parse(file)
                .unwrap()
                .rewrite(std::slice::from_ref(&edit));
            assert_eq!(
                String::from_utf8_lossy(&once),
                String::from_utf8_lossy(want)
            );
            let again = PbnFile::parse(&once).unwrap();
            assert_eq!(again.games().len(), 1);
            assert_eq!(
                again.rewrite(std::slice::from_ref(&edit)),
                once,
                "idempotent"
            );
        }
    }

    /// Found by the `annotate` fuzz target: a tag with a section over lines (the rows of
    /// `[OptimumResultTable]`) after other text on its line took that line's end with it when
    /// removed, joining the text to the line after the section; replacing it kept the line
    /// end, so the text outside the tags depended on whether they had been there before.
    #[test]
    fn a_tag_removed_after_text_on_its_line_leaves_the_line_end() {
        let remove = |insert: Vec<String>| GameEdit {
            game: 0,
            remove: DD_TAGS.iter().map(|s| s.to_string()).collect(),
            insert,
        };
        let table = DdTable::new([[6; 4]; 5]).unwrap();
        let mut lines = vec![tag_line("DoubleDummyTricks", &double_dummy_tricks(&table))];
        lines.extend(optimum_result_table(&table));
        let cases: [(&[u8], &[u8]); 4] = [
            // The removed tag's section runs to the end of a file without a last line end
            // (found by the annotate fuzz target: the new lines went after an extra line
            // end, and the empty line made a second game).
            (
                b"[Board \"1\"]\nnote[ParContract \"x\"]\nN NT 6",
                b"[Board \"1\"]\nnote\n",
            ),
            (
                b"[Board \"1\"]\nnote[OptimumResultTable \"x\"]\nN NT 6\nS NT 6\n[Scoring \"MP\"]\n",
                b"[Board \"1\"]\nnote\n[Scoring \"MP\"]\n",
            ),
            (
                b"[Board \"1\"] [OptimumResultTable \"x\"]\r\nN NT 6\r\n[Scoring \"MP\"]\r\n",
                b"[Board \"1\"] \r\n[Scoring \"MP\"]\r\n",
            ),
            (
                b"[OptimumScore \"NS 0\"] [OptimumResultTable \"x\"]\nN NT 6\n[Board \"1\"]\n",
                b"[Board \"1\"]\n",
            ),
        ];
        for (file, want) in cases {
            let pbn = PbnFile::parse(file).unwrap();
            let stripped = pbn.rewrite(&[remove(Vec::new())]);
            assert_eq!(
                String::from_utf8_lossy(&stripped),
                String::from_utf8_lossy(want)
            );
            let once = pbn.rewrite(&[remove(lines.clone())]);
            let again = PbnFile::parse(&once).unwrap();
            assert_eq!(again.games().len(), 1);
            assert_eq!(again.rewrite(&[remove(Vec::new())]), stripped, "{file:?}");
        }
    }

    #[test]
    fn line_numbers() {
        let b = b"a\nb\r\nc";
        assert_eq!(line_of(b, 0), 1);
        assert_eq!(line_of(b, 2), 2);
        assert_eq!(line_of(b, 5), 3);
        assert_eq!(line_start(b, 4), 2);
    }
}
