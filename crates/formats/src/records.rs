//! Deals from a stream, whatever form they come in: the one reader of every command that
//! takes deals (`table`, `par`; `annotate` reads its file with [`crate::pbn_file`], whose
//! games and errors this reader shares).
//!
//! A stream holds, in any mix:
//!
//! - one deal a line: PBN (`N:QJ6.K652.J85.T98 873.J97.AT764.Q4 ...`, optionally in double
//!   quotes), optionally followed by a vulnerability (`none`, `ns`, `ew`, `both`) and a dealer
//!   (`N`, `E`, `S`, `W`); anything from the first tab on is ignored (so tsv output reads
//!   back), and a deal cut short by a tab says so;
//! - BBO LIN: every `md|` field of a line is a deal, with its dealer and the `sv|`
//!   vulnerability after it (a whole `.lin` file works);
//! - PBN games, read by [`PbnFile::parse_with`]: a game is a run of tags and their sections
//!   ended by an empty line (outside `{}` commentary), as PBN 2.1 says; its deal is
//!   [`Game::deal`](crate::pbn_file::Game::deal) with its `[Vulnerable]` and `[Dealer]` (or those of its `[Board]`
//!   number). `%` lines, `;` comments, `{}` commentary (an unclosed `{` is an error naming
//!   the line where it opened) and the games' auctions and plays are skipped. Two `[Deal]`
//!   tags in one game are an error naming both lines; `[Deal "?"]` (PBN's unknown deal) is
//!   skipped with a note. A line that starts like a deal (`N:`, or a LIN `md|`) right after a
//!   game's tags ends the game and is read as a deal line.
//!
//! A byte-order mark at the start of the stream is skipped (reported nowhere). Blank lines
//! and lines starting with `#` are skipped. [`Records`] yields each deal as soon
//! as it is read (a PBN game's when the game ends), so a pipe is solved as it flows, and a
//! bad line as an error naming its line and column and quoting at most 60 bytes of it,
//! escaped ([`crate::excerpt`]). Every line is at most [`Limits::max_line_bytes`] long: a
//! longer one stops the stream with an error. Reading is linear in the input.
//!
//! ```
//! use ddsolve_formats::records::Records;
//!
//! let text = "# two deals\nN:A.K.. Q.J.. T.9.. 8.7.. ns E\n\n[Board \"2\"]\n[Deal \"N:AK... QJ... T9... 87...\"]\n";
//! let records: Vec<_> = Records::new("example", text.as_bytes(), Default::default()).collect();
//! assert_eq!(records.len(), 2);
//! assert_eq!(records[1].as_ref().unwrap().line, 5);
//! ```

use crate::excerpt::{escape_latin1, quote};
use crate::lin;
use crate::pbn_file::{board_dealer, board_vulnerability, GameDeal, Limits, PbnFile};
use ddsolve_cards::{Deal, PbnError, Seat, Vulnerability};
use std::collections::VecDeque;
use std::fmt;
use std::io::{BufRead, Read};

/// A deal read, with what its line or game says of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Record {
    /// The line of the deal (of its `[Deal]` tag in a PBN game), from 1.
    pub line: usize,
    /// The deal.
    pub deal: Deal,
    /// The vulnerability, if the line or game gives it.
    pub vulnerability: Option<Vulnerability>,
    /// The dealer, if the line or game gives it.
    pub dealer: Option<Seat>,
}

/// A line that holds no deal that can be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadLine {
    /// The source's name.
    pub source: String,
    /// The line, from 1.
    pub line: usize,
    /// The column (byte) of the fault on the line, from 1, where it is known.
    pub column: Option<usize>,
    /// What is wrong.
    pub message: String,
    /// The text at fault: at most about 60 bytes, escaped (may be empty).
    pub text: String,
    /// Is the line longer than the limit? (The stream stops there.)
    pub too_long: bool,
}

impl fmt::Display for BadLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}, line {}", self.source, self.line)?;
        if let Some(c) = self.column {
            write!(f, ", column {c}")?;
        }
        write!(f, ": {}", self.message)?;
        if !self.text.is_empty() {
            write!(f, "\n  at: {}", self.text)?;
        }
        Ok(())
    }
}

/// The PBN lines of the game being read.
#[derive(Debug)]
struct Pending {
    bytes: Vec<u8>,
    first_line: usize,
}

/// The deals of a stream, in order, each as soon as it is read; see the module
/// documentation. Notes (a board left alone, such as `[Deal "?"]`) are kept for
/// [`Records::take_notes`].
pub struct Records<R> {
    name: String,
    reader: R,
    limits: Limits,
    line: usize,
    queue: VecDeque<Result<Record, BadLine>>,
    notes: Vec<String>,
    pending: Option<Pending>,
    /// The line of the `{` of the commentary the stream is in.
    in_commentary: Option<usize>,
    done: bool,
    buf: Vec<u8>,
}

impl<R> fmt::Debug for Records<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Records")
            .field("name", &self.name)
            .field("line", &self.line)
            .finish()
    }
}

impl<R: BufRead> Iterator for Records<R> {
    type Item = Result<Record, BadLine>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(r) = self.queue.pop_front() {
                return Some(r);
            }
            if self.done {
                return None;
            }
            self.buf.clear();
            // The limit, its line end (CRLF) and one byte more, to tell a line over it.
            let limit = u64::try_from(self.limits.max_line_bytes)
                .unwrap_or(u64::MAX)
                .saturating_add(3);
            match (&mut self.reader)
                .take(limit)
                .read_until(b'\n', &mut self.buf)
            {
                Ok(0) => {
                    self.done = true;
                    self.end_game();
                }
                Ok(_) => {
                    self.line += 1;
                    let mut content = self.buf.len();
                    if self.buf.ends_with(b"\n") {
                        content -= 1;
                        if self.buf[..content].ends_with(b"\r") {
                            content -= 1;
                        }
                    } else if self.buf.ends_with(b"\r") {
                        content -= 1;
                    }
                    if content > self.limits.max_line_bytes {
                        self.done = true;
                        let max = self.limits.max_line_bytes;
                        let bad = BadLine {
                            source: self.name.clone(),
                            line: self.line,
                            column: Some(max + 1),
                            message: format!("the line is longer than the limit of {max} bytes"),
                            text: String::new(),
                            too_long: true,
                        };
                        self.queue.push_back(Err(bad));
                        continue;
                    }
                    let raw = std::mem::take(&mut self.buf);
                    // A byte-order mark before the first line is no part of it.
                    let skip = if self.line == 1 {
                        raw.len() - ddsolve_cards::without_bom_bytes(&raw).len()
                    } else {
                        0
                    };
                    self.feed(&raw[skip..]);
                    self.buf = raw;
                }
                Err(e) => {
                    self.done = true;
                    let bad = self.bad(self.line + 1, None, format!("cannot read: {e}"), "");
                    self.queue.push_back(Err(bad));
                }
            }
        }
    }
}

impl<R: BufRead> Records<R> {
    /// The records of `reader`, named `name` in messages (a path, or `stdin`).
    pub fn new(name: impl Into<String>, reader: R, limits: Limits) -> Records<R> {
        Records {
            name: name.into(),
            reader,
            limits,
            line: 0,
            queue: VecDeque::new(),
            notes: Vec::new(),
            pending: None,
            in_commentary: None,
            done: false,
            buf: Vec::new(),
        }
    }
}

impl<R> Records<R> {
    /// The source's name, as messages give it (a path, `stdin`, `argument 1`).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The number of lines read so far.
    pub fn lines_read(&self) -> usize {
        self.line
    }

    /// The notes since the last call: boards skipped on purpose (`[Deal "?"]`), each with
    /// its source and line.
    pub fn take_notes(&mut self) -> Vec<String> {
        std::mem::take(&mut self.notes)
    }

    fn bad(&self, line: usize, column: Option<usize>, message: String, text: &str) -> BadLine {
        BadLine {
            source: self.name.clone(),
            line,
            column,
            message,
            text: text.to_string(),
            too_long: false,
        }
    }

    /// Reads one line (its line end included).
    fn feed(&mut self, raw: &[u8]) {
        let first = raw.iter().find(|b| !b.is_ascii_whitespace()).copied();
        let pbn_start = matches!(first, Some(b'[' | b'{' | b';')) || raw.first() == Some(&b'%');
        if self.in_commentary.is_none() && !pbn_start {
            if self.pending.is_some() {
                // In a game: section data (an auction, a play, a table's rows), unless it
                // starts like a deal, which ends the game.
                if first.is_none() || !starts_like_a_deal(raw) {
                    self.game_line(raw);
                    return;
                }
                self.end_game();
            }
            match first {
                None | Some(b'#') => {}
                _ => self.deal_line(raw),
            }
            return;
        }
        self.game_line(raw);
    }

    /// A line of a PBN game (or of the comments between games).
    fn game_line(&mut self, raw: &[u8]) {
        let was_in_commentary = self.in_commentary.is_some();
        if raw.iter().all(u8::is_ascii_whitespace) && !was_in_commentary {
            self.end_game();
            return;
        }
        if raw.first() != Some(&b'%') || was_in_commentary {
            self.scan_commentary(raw);
        }
        let line = self.line;
        self.pending
            .get_or_insert_with(|| Pending {
                bytes: Vec::new(),
                first_line: line,
            })
            .bytes
            .extend_from_slice(raw);
    }

    /// Follows `{}` commentary (which may go on over lines) through `raw`, skipping strings
    /// and `;` comments.
    fn scan_commentary(&mut self, raw: &[u8]) {
        let mut in_string = false;
        let mut i = 0;
        while i < raw.len() {
            let c = raw[i];
            if self.in_commentary.is_some() {
                if c == b'}' {
                    self.in_commentary = None;
                }
            } else {
                match c {
                    b'"' => in_string = !in_string,
                    b'\\' if in_string => i += 1,
                    b'{' if !in_string => self.in_commentary = Some(self.line),
                    b';' if !in_string => break,
                    _ => {}
                }
            }
            i += 1;
        }
    }

    /// The end of a PBN game: its deal, if it has one, or why it has none.
    fn end_game(&mut self) {
        let Some(pending) = self.pending.take() else {
            return;
        };
        self.in_commentary = None;
        let limits = self.limits;
        let file = match PbnFile::parse_with(&pending.bytes, pending.first_line, &limits) {
            Ok(file) => file,
            Err(e) => {
                let bad = BadLine {
                    source: self.name.clone(),
                    line: e.line,
                    column: Some(e.column),
                    message: e.message,
                    text: e.text,
                    too_long: e.too_long,
                };
                self.queue.push_back(Err(bad));
                return;
            }
        };
        for game in file.games() {
            let at = |what: String| match game.value("Board") {
                Some(b) => format!("board {}: {what}", b.trim()),
                None => what,
            };
            let (deal, line) = match game.deal() {
                Ok(GameDeal::Missing) => continue,
                Ok(GameDeal::Unknown { line }) => {
                    let what = at("[Deal \"?\"]: the deal is unknown; board skipped".into());
                    self.notes
                        .push(format!("{}, line {line}: {what}", self.name));
                    continue;
                }
                Ok(GameDeal::Known { deal, line }) => (deal, line),
                Err(e) => {
                    let bad = self.bad(e.line, None, at(e.message), "");
                    self.queue.push_back(Err(bad));
                    continue;
                }
            };
            let vulnerability = match game.vulnerability() {
                Ok(v) => v,
                Err(e) => {
                    let bad = self.bad(e.line, None, at(e.message), "");
                    self.queue.push_back(Err(bad));
                    continue;
                }
            };
            let dealer = match game.dealer() {
                Ok(d) => d,
                Err(e) => {
                    let bad = self.bad(e.line, None, at(e.message), "");
                    self.queue.push_back(Err(bad));
                    continue;
                }
            };
            let board = game.board();
            self.queue.push_back(Ok(Record {
                line,
                deal,
                vulnerability: vulnerability.or(board.map(board_vulnerability)),
                dealer: dealer.or(board.map(board_dealer)),
            }));
        }
    }

    /// A line that is not PBN: LIN, or a deal line.
    fn deal_line(&mut self, raw: &[u8]) {
        let line = self.line;
        // Deals are ASCII; anything else is read as Latin-1, byte for character, so that a
        // column is a byte and a message can show the byte escaped.
        let text: String = raw.iter().map(|&b| char::from(b)).collect();
        let text = text.trim_end_matches(['\n', '\r']);
        if lin::has_deal(text) {
            for board in lin::boards(text) {
                let r = board
                    .map(|b| Record {
                        line,
                        deal: b.deal.deal,
                        vulnerability: b.vulnerability,
                        dealer: b.deal.dealer,
                    })
                    .map_err(|e| {
                        self.bad(line, None, escape_latin1(&e.to_string()), &quote(raw, 0))
                    });
                self.queue.push_back(r);
            }
            return;
        }
        let field = text.split('\t').next().unwrap_or("");
        let r = parse_deal_line(field)
            .map(|(deal, vulnerability, dealer)| Record {
                line,
                deal,
                vulnerability,
                dealer,
            })
            .map_err(|e| {
                let column = e.column;
                let mut message = escape_latin1(&e.message);
                if text.len() > field.len() && Deal::from_pbn(&text.replace('\t', " ")).is_ok() {
                    message.push_str(
                        "; the line has a tab inside the deal: a tab ends the deal (anything \
                         after it is ignored, so that tsv output reads back); separate the \
                         hands with spaces",
                    );
                }
                self.bad(line, Some(column), message, &quote(raw, column - 1))
            });
        self.queue.push_back(r);
    }
}

/// Does the line start like a deal line: a seat and a colon (`N:`, optionally in quotes),
/// or a LIN `md|` field?
fn starts_like_a_deal(raw: &[u8]) -> bool {
    let t = raw.trim_ascii_start();
    let t = t.strip_prefix(b"\"").unwrap_or(t);
    let seat_colon = t.len() >= 2 && b"NESWnesw".contains(&t[0]) && t[1] == b':';
    seat_colon || lin::has_deal(&String::from_utf8_lossy(raw))
}

/// Why a deal line cannot be read: the message and the column (byte, from 1) of the fault
/// on the line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DealLineError {
    /// What is wrong.
    pub message: String,
    /// Where, from 1.
    pub column: usize,
}

/// A deal line's text (before any tab): the deal, then optionally a vulnerability and a
/// dealer in either order.
pub fn parse_deal_line(
    field: &str,
) -> Result<(Deal, Option<Vulnerability>, Option<Seat>), DealLineError> {
    let lead = field.len() - field.trim_start().len();
    let field_t = field.trim();
    let (deal_text, deal_at, rest): (String, usize, Vec<&str>) = match field_t.strip_prefix('"') {
        Some(quoted) => match quoted.find('"') {
            Some(end) => (
                quoted[..end].to_string(),
                lead + 1,
                quoted[end + 1..].split_whitespace().collect(),
            ),
            None => (field_t.to_string(), lead, Vec::new()),
        },
        None => {
            let words: Vec<&str> = field_t.split_whitespace().collect();
            let n = words.len().min(4);
            (words[..n].join(" "), lead, words[n..].to_vec())
        }
    };
    let deal = Deal::from_pbn(&deal_text).map_err(|e| DealLineError {
        column: deal_at + 1 + fault_offset(&deal_text, &e),
        message: e.to_string(),
    })?;
    let (mut vulnerability, mut dealer) = (None, None);
    for word in rest {
        if let (None, Ok(seat)) = (dealer, word.parse::<Seat>()) {
            dealer = Some(seat);
        } else if let (None, Ok(v)) = (vulnerability, word.parse::<Vulnerability>()) {
            vulnerability = Some(v);
        } else {
            let at = field.find(word).unwrap_or(0);
            return Err(DealLineError {
                message: format!(
                    "{word:?} after the deal is not a vulnerability (none, ns, ew, both) or a \
                     dealer (N, E, S, W), or is given twice"
                ),
                column: at + 1,
            });
        }
    }
    Ok((deal, vulnerability, dealer))
}

/// Where in `text` (from 0) the fault of `e` is, where the error says: the bad rank's first
/// place; else the start.
fn fault_offset(text: &str, e: &PbnError) -> usize {
    match e {
        // Chars, not bytes of the string: the readers decode a byte a char.
        PbnError::BadRank { ch, .. } => text
            .chars()
            .enumerate()
            .skip(2)
            .find(|&(_, c)| c == *ch)
            .map_or(0, |(i, _)| i),
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DEAL: &str = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3";
    const MD: &str = "3SK5HT83DKQ9CA7652,SAT942HAQ4D32CKJ3,SQJ6HK652DJ85CT98,";

    fn read(text: &str) -> Vec<Result<Record, BadLine>> {
        Records::new("t", text.as_bytes(), Limits::default()).collect()
    }

    fn deal() -> Deal {
        DEAL.parse().unwrap()
    }

    #[test]
    fn comments_blanks_quotes_and_tabs() {
        let text = format!("# deals\n\n{DEAL}\n  \"{DEAL}\"  \n{DEAL}\t5\t8\n");
        let deals: Vec<Record> = read(&text).into_iter().map(Result::unwrap).collect();
        assert_eq!(deals.iter().map(|d| d.line).collect::<Vec<_>>(), [3, 4, 5]);
        assert!(deals.iter().all(|d| d.deal == deal() && d.dealer.is_none()));
    }

    #[test]
    fn a_line_may_give_vulnerability_and_dealer() {
        let text = format!("{DEAL} ns E\n\"{DEAL}\" w both\n{DEAL} ew ns\n");
        let r = read(&text);
        let first = r[0].as_ref().unwrap();
        assert_eq!(first.vulnerability, Some(Vulnerability::NorthSouth));
        assert_eq!(first.dealer, Some(Seat::East));
        let second = r[1].as_ref().unwrap();
        assert_eq!(second.vulnerability, Some(Vulnerability::Both));
        assert_eq!(second.dealer, Some(Seat::West));
        let e = r[2].as_ref().unwrap_err();
        assert!(e.message.contains("\"ns\""), "{e}");
        assert_eq!(e.column, Some(DEAL.len() + 5));
    }

    #[test]
    fn a_bad_line_is_named() {
        let text = format!("{DEAL}\n\nN:AKQ.xx\n{DEAL}\n");
        let r = read(&text);
        assert_eq!(r.len(), 3);
        let e = r[1].as_ref().unwrap_err();
        assert_eq!(e.line, 3);
        let shown = e.to_string();
        assert!(shown.starts_with("t, line 3, column 1: "), "{shown}");
        assert!(shown.contains("`N:AKQ.xx`"), "{shown}");
        assert!(r[2].is_ok());
    }

    #[test]
    fn pbn_games() {
        let text = format!(
            "% PBN 2.1\r\n[Event \"x; y\"]\r\n\r\n[Board \"2\"]\r\n{{a comment\r\n\r\nover lines [Deal \"no\"]}}\r\n\
             [Deal \"{DEAL}\"]\r\n[Auction \"E\"]\r\n1NT Pass ; note\r\n\r\n\
             [Board \"3\"][Dealer \"W\"]\n[Vulnerable \"All\"]\n[Deal \"{DEAL}\"]\n\n\
             [Board \"4\"]\n[Deal \"N:A... K... Q...\"]\n"
        );
        let r = read(&text);
        assert_eq!(r.len(), 3, "{r:?}");
        let b2 = r[0].as_ref().unwrap();
        assert_eq!((b2.line, b2.deal), (8, deal()));
        // From the board number: East deals board 2, North-South vulnerable.
        assert_eq!(b2.dealer, Some(Seat::East));
        assert_eq!(b2.vulnerability, Some(Vulnerability::NorthSouth));
        let b3 = r[1].as_ref().unwrap();
        assert_eq!(b3.dealer, Some(Seat::West));
        assert_eq!(b3.vulnerability, Some(Vulnerability::Both));
        let e = r[2].as_ref().unwrap_err();
        assert_eq!(e.line, 17);
        assert!(e.message.starts_with("board 4: [Deal]"), "{e}");
    }

    #[test]
    fn game_boundaries() {
        // A deal line right after the tags ends the game.
        let r = read(&format!("[Board \"1\"]\n{DEAL}\n"));
        assert_eq!(r.len(), 1);
        assert_eq!(r[0].as_ref().unwrap().line, 2);
        // Two deals in one game: both lines named.
        let r = read(&format!("[Deal \"{DEAL}\"]\n[Deal \"{DEAL}\"]\n"));
        let e = r[0].as_ref().unwrap_err();
        assert_eq!(e.line, 2);
        assert!(e.message.contains("line 1"), "{e}");
        // An unclosed `{` names its line, after the deals before it.
        let r = read(&format!("{DEAL}\n{{ x\n{DEAL}\n"));
        assert!(r[0].is_ok());
        let e = r[1].as_ref().unwrap_err();
        assert_eq!((e.line, e.column), (2, Some(1)));
        assert!(e.message.contains("never closed"), "{e}");
        // [Deal "?"]: a note, no record.
        let mut records = Records::new("t", "[Deal \"?\"]\n".as_bytes(), Limits::default());
        assert!(records.next().is_none());
        assert_eq!(records.take_notes().len(), 1);
    }

    #[test]
    fn a_limit_of_usize_max_reads_whole_lines() {
        let limits = Limits {
            max_line_bytes: usize::MAX,
        };
        let text = format!("{DEAL}\n{DEAL}\n");
        let mut records = Records::new("t", text.as_bytes(), limits);
        assert_eq!(records.by_ref().count(), 2);
        assert_eq!(records.lines_read(), 2);
    }

    #[test]
    fn limits_and_quotes() {
        let long = format!("{}\n{DEAL}\n", "x".repeat(100));
        let limits = Limits { max_line_bytes: 99 };
        let r: Vec<_> = Records::new("t", long.as_bytes(), limits).collect();
        assert_eq!(r.len(), 1);
        assert!(r[0].as_ref().unwrap_err().too_long);
        let e =
            read("N:QJ6.K652.J85.T9\u{ff} 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3\n");
        let e = e[0].as_ref().unwrap_err();
        assert_eq!(e.column, Some(18));
        let shown = e.to_string();
        // U+00FF is two bytes in UTF-8: \xc3 \xbf, each escaped.
        assert!(shown.contains("\\xc3\\xbf"), "{shown}");
        let e = read(&DEAL.replacen(' ', "\t", 1));
        assert!(e[0].as_ref().unwrap_err().message.contains("tab"));
    }

    #[test]
    fn lin_lines() {
        let text = format!("qx|o1|md|{MD}|sv|e|\nmd|{MD}|md|1{}|\n", &MD[1..]);
        let r = read(&text);
        assert_eq!(r.len(), 3);
        let first = r[0].as_ref().unwrap();
        assert_eq!(first.deal, deal());
        assert_eq!(first.dealer, Some(Seat::North));
        assert_eq!(first.vulnerability, Some(Vulnerability::EastWest));
        assert_eq!(r[2].as_ref().unwrap().dealer, Some(Seat::South));
    }
}
