//! Reading deals: a file or stdin, line by line as it arrives.
//!
//! A batch holds, in any mix:
//!
//! - one deal a line: PBN (`N:QJ6.K652.J85.T98 873.J97.AT764.Q4 ...`, optionally in double
//!   quotes), optionally followed by a vulnerability (`none`, `ns`, `ew`, `both`) and a dealer
//!   (`N`, `E`, `S`, `W`); anything from the first tab on is ignored (so tsv output reads back);
//! - BBO LIN: every `md|` field of a line is a deal, with its dealer and the `sv|`
//!   vulnerability after it (a whole `.lin` file works);
//! - PBN games: the `[Deal]` of each game (a run of tag lines ended by an empty line), with
//!   its `[Vulnerable]` and `[Dealer]` (or those of its `[Board]` number); `%` lines, `;`
//!   comments, `{}` commentary and the games' auctions and plays are skipped.
//!
//! Blank lines and lines starting with `#` are skipped. [`Records`] yields each deal as soon
//! as its line is read (a PBN game's at the end of the game), so a pipe is solved as it
//! flows, and a bad line as an error naming its line.

use crate::error::CliError;
use ddsolve_cards::{Deal, Seat, Vulnerability};
use ddsolve_formats::{lin, pbn_file};
use std::collections::VecDeque;
use std::fmt;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};

/// Where the deals come from.
pub struct Source {
    /// The name for messages: the file's path, or `stdin`.
    pub name: String,
    /// The file, or `None` for stdin or a deal given on the command line.
    pub path: Option<PathBuf>,
    /// The input is all there (a file, or a deal given on the command line): reading ahead
    /// never waits for a writer (a pipe's next line may wait for our answer).
    pub whole: bool,
    reader: Box<dyn BufRead + Send>,
}

impl fmt::Debug for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Source").field("name", &self.name).finish()
    }
}

/// Opens `file`, or stdin if `None` or `-`. A `file` that does not exist but reads as a
/// deal ([`parse_deal_arg`]: PBN or LIN, quoted) is a one-deal input.
pub fn open(file: Option<&Path>) -> Result<Source, CliError> {
    match file {
        Some(path)
            if !path.exists() && path.to_str().is_some_and(|t| parse_deal_arg(t).is_ok()) =>
        {
            let text = path.to_string_lossy().trim().trim_matches('"').to_string();
            Ok(Source {
                name: "the command line".to_string(),
                path: None,
                whole: true,
                reader: Box::new(std::io::Cursor::new(format!("{text}\n"))),
            })
        }
        Some(path) if path != Path::new("-") => {
            let name = path.display().to_string();
            let f = std::fs::File::open(path)
                .map_err(|e| CliError::input(format!("cannot read {name}: {e}")))?;
            Ok(Source {
                name,
                path: Some(path.to_path_buf()),
                whole: true,
                reader: Box::new(BufReader::new(f)),
            })
        }
        _ => Ok(Source {
            name: "stdin".to_string(),
            path: None,
            whole: false,
            reader: Box::new(BufReader::new(std::io::stdin())),
        }),
    }
}

impl Source {
    /// The deals, as they are read.
    pub fn records(self) -> Records {
        Records {
            name: self.name,
            reader: self.reader,
            line: 0,
            queue: VecDeque::new(),
            game: None,
            in_commentary: false,
            done: false,
        }
    }
}

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
    /// What is wrong.
    pub message: String,
    /// The line itself (trimmed).
    pub text: String,
}

impl fmt::Display for BadLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}, line {}: {}", self.source, self.line, self.message)?;
        if !self.text.is_empty() {
            write!(f, "\n  the line: {}", self.text)?;
        }
        Ok(())
    }
}

/// The tags of a PBN game being read: (line, value).
#[derive(Debug, Default)]
struct Game {
    deal: Option<(usize, String)>,
    vulnerable: Option<(usize, String)>,
    dealer: Option<(usize, String)>,
    board: Option<String>,
}

/// The deals of a [`Source`], in order, each as soon as its line is read; see the module
/// documentation for what is read.
pub struct Records {
    name: String,
    reader: Box<dyn BufRead + Send>,
    line: usize,
    queue: VecDeque<Result<Record, BadLine>>,
    game: Option<Game>,
    in_commentary: bool,
    done: bool,
}

impl fmt::Debug for Records {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Records")
            .field("name", &self.name)
            .field("line", &self.line)
            .finish()
    }
}

impl Iterator for Records {
    type Item = Result<Record, BadLine>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(r) = self.queue.pop_front() {
                return Some(r);
            }
            if self.done {
                return None;
            }
            let mut bytes = Vec::new();
            match self.reader.read_until(b'\n', &mut bytes) {
                Ok(0) => {
                    self.done = true;
                    self.end_game();
                }
                Ok(_) => {
                    self.line += 1;
                    // Deals are ASCII; anything else is read as Latin-1, byte for character.
                    let text = match String::from_utf8(bytes) {
                        Ok(s) => s,
                        Err(e) => e.into_bytes().iter().map(|&b| char::from(b)).collect(),
                    };
                    self.feed(&text);
                }
                Err(e) => {
                    self.done = true;
                    let bad = self.bad(self.line + 1, format!("cannot read: {e}"), "");
                    self.queue.push_back(Err(bad));
                }
            }
        }
    }
}

impl Records {
    /// The number of lines read so far.
    pub fn lines_read(&self) -> usize {
        self.line
    }

    fn bad(&self, line: usize, message: impl Into<String>, text: &str) -> BadLine {
        BadLine {
            source: self.name.clone(),
            line,
            message: message.into(),
            text: text.trim().to_string(),
        }
    }

    /// Reads one line.
    fn feed(&mut self, raw: &str) {
        let line = self.line;
        let was_in_commentary = self.in_commentary;
        let first = raw.trim_start().chars().next();
        let pbn = was_in_commentary
            || self.game.is_some()
            || matches!(first, Some('[' | '{' | ';'))
            || raw.starts_with('%');
        if !pbn {
            match first {
                None => {}
                Some('#') => {}
                _ if lin::has_deal(raw) => self.lin_line(raw),
                _ => {
                    let field = raw.split('\t').next().unwrap_or("");
                    let r = parse_deal_line(field)
                        .map(|(deal, vulnerability, dealer)| Record {
                            line,
                            deal,
                            vulnerability,
                            dealer,
                        })
                        .map_err(|message| self.bad(line, message, raw));
                    self.queue.push_back(r);
                }
            }
            return;
        }
        if raw.starts_with('%') && !was_in_commentary {
            return;
        }
        let clean = self.strip(raw);
        let t = clean.trim();
        if t.is_empty() {
            if raw.trim().is_empty() && !was_in_commentary {
                self.end_game();
            }
            return;
        }
        if !t.starts_with('[') {
            // Section data (an auction, a play, a table) of the game.
            return;
        }
        let tags = match pbn_file::PbnFile::parse(t.as_bytes()) {
            Ok(file) => file
                .games()
                .iter()
                .flat_map(|g| g.tags.iter().cloned())
                .collect::<Vec<_>>(),
            Err(e) => {
                let bad = self.bad(line, e.message, raw);
                self.queue.push_back(Err(bad));
                return;
            }
        };
        let game = self.game.get_or_insert_with(Game::default);
        for tag in tags {
            let value = tag.text();
            match tag.name.as_str() {
                "Deal" => game.deal = Some((line, value)),
                "Vulnerable" => game.vulnerable = Some((line, value)),
                "Dealer" => game.dealer = Some((line, value)),
                "Board" => game.board = Some(value),
                _ => {}
            }
        }
    }

    /// `raw` without `{}` commentary (which may go on over lines) and `;` comments.
    fn strip(&mut self, raw: &str) -> String {
        let mut out = String::new();
        let mut in_string = false;
        let mut chars = raw.chars();
        while let Some(c) = chars.next() {
            if self.in_commentary {
                if c == '}' {
                    self.in_commentary = false;
                }
                continue;
            }
            match c {
                '"' => {
                    in_string = !in_string;
                    out.push(c);
                }
                '\\' if in_string => {
                    out.push(c);
                    if let Some(next) = chars.next() {
                        out.push(next);
                    }
                }
                '{' if !in_string => self.in_commentary = true,
                ';' if !in_string => break,
                _ => out.push(c),
            }
        }
        out
    }

    /// The deals of a LIN line.
    fn lin_line(&mut self, raw: &str) {
        let line = self.line;
        for board in lin::boards(raw) {
            let r = board
                .map(|b| Record {
                    line,
                    deal: b.deal.deal,
                    vulnerability: b.vulnerability,
                    dealer: b.deal.dealer,
                })
                .map_err(|e| self.bad(line, e.to_string(), raw));
            self.queue.push_back(r);
        }
    }

    /// The end of a PBN game: its deal, if it has one.
    fn end_game(&mut self) {
        let Some(game) = self.game.take() else {
            return;
        };
        let Some((line, text)) = game.deal.clone() else {
            return;
        };
        if text.trim().is_empty() {
            return;
        }
        let r = self.game_record(&game, line, &text);
        self.queue.push_back(r);
    }

    fn game_record(&self, game: &Game, line: usize, text: &str) -> Result<Record, BadLine> {
        let board = game
            .board
            .as_deref()
            .and_then(|b| b.trim().parse::<u32>().ok());
        let at = |what: &str| match &game.board {
            Some(b) => format!("board {b}: {what}"),
            None => what.to_string(),
        };
        let deal = Deal::from_pbn(text).map_err(|e| {
            self.bad(
                line,
                at(&format!("[Deal]: {e}")),
                &format!("[Deal \"{text}\"]"),
            )
        })?;
        let known = |v: &Option<(usize, String)>| {
            v.clone()
                .filter(|(_, s)| !s.trim().is_empty() && s.trim() != "?")
        };
        let vulnerability = match known(&game.vulnerable) {
            Some((l, v)) => Some(v.parse::<Vulnerability>().map_err(|e| {
                self.bad(
                    l,
                    at(&format!("[Vulnerable]: {e}")),
                    &format!("[Vulnerable \"{v}\"]"),
                )
            })?),
            None => board.map(pbn_file::board_vulnerability),
        };
        let dealer = match known(&game.dealer) {
            Some((l, d)) => Some(d.parse::<Seat>().map_err(|e| {
                self.bad(
                    l,
                    at(&format!("[Dealer]: {e}")),
                    &format!("[Dealer \"{d}\"]"),
                )
            })?),
            None => board.map(pbn_file::board_dealer),
        };
        Ok(Record {
            line,
            deal,
            vulnerability,
            dealer,
        })
    }
}

/// A deal line's text (before any tab): the deal, then optionally a vulnerability and a
/// dealer in either order.
pub fn parse_deal_line(field: &str) -> Result<(Deal, Option<Vulnerability>, Option<Seat>), String> {
    let field = field.trim();
    let (deal_text, rest): (String, Vec<&str>) = match field.strip_prefix('"') {
        Some(quoted) => match quoted.find('"') {
            Some(end) => (
                quoted[..end].to_string(),
                quoted[end + 1..].split_whitespace().collect(),
            ),
            None => (field.to_string(), Vec::new()),
        },
        None => {
            let words: Vec<&str> = field.split_whitespace().collect();
            let n = words.len().min(4);
            (words[..n].join(" "), words[n..].to_vec())
        }
    };
    let deal = Deal::from_pbn(&deal_text).map_err(|e| e.to_string())?;
    let (mut vulnerability, mut dealer) = (None, None);
    for word in rest {
        if let (None, Ok(seat)) = (dealer, word.parse::<Seat>()) {
            dealer = Some(seat);
        } else if let (None, Ok(v)) = (vulnerability, word.parse::<Vulnerability>()) {
            vulnerability = Some(v);
        } else {
            return Err(format!(
                "{word:?} after the deal is not a vulnerability (none, ns, ew, both) or a \
                 dealer (N, E, S, W), or is given twice"
            ));
        }
    }
    Ok((deal, vulnerability, dealer))
}

/// A deal given as a command-line argument: PBN, or LIN (an `md|` field, or its value).
/// Returns the deal and the dealer if LIN gives one.
pub fn parse_deal_arg(text: &str) -> Result<(Deal, Option<Seat>), String> {
    let text = text.trim().trim_matches('"');
    if lin::has_deal(text) {
        return match lin::boards(text).into_iter().next() {
            Some(Ok(b)) => Ok((b.deal.deal, b.deal.dealer)),
            Some(Err(e)) => Err(e.to_string()),
            None => Err("no md| deal".to_string()),
        };
    }
    Deal::from_pbn(text)
        .map(|d| (d, None))
        .map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    const DEAL: &str = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3";
    const MD: &str = "3SK5HT83DKQ9CA7652,SAT942HAQ4D32CKJ3,SQJ6HK652DJ85CT98,";

    fn read(text: &str) -> Vec<Result<Record, BadLine>> {
        Source {
            name: "t".to_string(),
            path: None,
            whole: true,
            reader: Box::new(std::io::Cursor::new(text.as_bytes().to_vec())),
        }
        .records()
        .collect()
    }

    #[test]
    fn a_deal_in_place_of_a_file_is_a_one_deal_input() {
        let source = open(Some(Path::new(DEAL))).unwrap();
        assert!(source.whole && source.path.is_none());
        let got: Vec<Deal> = source.records().map(|r| r.unwrap().deal).collect();
        assert_eq!(got, [deal()]);
        // Neither a file nor a deal: the file's error.
        let e = open(Some(Path::new("N:AKQ.x"))).unwrap_err().to_string();
        assert!(e.contains("cannot read N:AKQ.x"), "{e}");
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
    }

    #[test]
    fn a_bad_line_is_named() {
        let text = format!("{DEAL}\n\nN:AKQ.xx\n{DEAL}\n");
        let r = read(&text);
        assert_eq!(r.len(), 3);
        let e = r[1].as_ref().unwrap_err();
        assert_eq!(e.line, 3);
        let shown = e.to_string();
        assert!(shown.starts_with("t, line 3: "), "{shown}");
        assert!(shown.contains("N:AKQ.xx"), "{shown}");
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
    fn lin_lines() {
        let text = format!("qx|o1|md|{MD}|sv|e|\nmd|{MD}|md|1{}|\n", &MD[1..]);
        let r = read(&text);
        assert_eq!(r.len(), 3);
        let first = r[0].as_ref().unwrap();
        assert_eq!(first.deal, deal());
        assert_eq!(first.dealer, Some(Seat::North));
        assert_eq!(first.vulnerability, Some(Vulnerability::EastWest));
        assert_eq!(r[2].as_ref().unwrap().dealer, Some(Seat::South));
        assert_eq!(
            parse_deal_arg(&format!("md|{MD}|")),
            Ok((deal(), Some(Seat::North)))
        );
        assert_eq!(parse_deal_arg(DEAL), Ok((deal(), None)));
    }
}
