//! The tokenizer: one walk over a file's bytes that reads tag pairs, section data, comments
//! and commentary into games (an empty line ends a game), within a reader's [`Limits`].

use super::game::{Game, GameTags, Tag};
use super::lines::{line_end_of, line_start};
use super::PbnFile;
use crate::excerpt::quote;
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

/// The games of `bytes`, which start on line `first_line` of their file, read within
/// `limits` ([`PbnFile::parse_with`]).
pub(super) fn parse<'a>(
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
                            tags: GameTags::new(),
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
