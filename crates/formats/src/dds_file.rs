//! A reader of DDS's regression files (`list10.txt`, `list100.txt`, `list1000.txt`).
//!
//! The format: an optional `NUMBER n` header line, then one block of lines per entry, each
//! block opened by a `PBN` line:
//!
//! ```text
//! PBN dealer vul trump first "deal"
//! FUT n suit[n] rank[n] equals[n] score[n]
//! TABLE t[20]
//! PAR "ns score" "ew score" "ns contracts" "ew contracts"
//! PAR2 "score" "contract" ...
//! PLAY n "cards"
//! TRACE n values[n]
//! ```
//!
//! Numbers use DDS's encodings: suit 0 = spades .. 3 = clubs, strain 4 = notrump, hand
//! 0 = North .. 3 = West, rank 2..=14, a holding is a bitmask with bit `r` for rank `r`.
//! Every line after `PBN` is optional; a line kind may appear once per entry.
//!
//! Parsing checks syntax, counts and ranges, that the deal is a valid deal, that each `FUT`
//! card and its equals are held by the leader and that `PLAY` cards are cards; it does not
//! replay the play (tests do that with [`ddsolve_cards::Position`]). An error names the line,
//! the entry, the line kind and the field at fault:
//!
//! ```
//! use ddsolve_formats::dds_file::parse_file;
//!
//! let text = "PBN 0 7 4 1 \"N:A... K... Q... J...\"\n";
//! let err = parse_file(text).unwrap_err();
//! assert_eq!(err.to_string(), "line 1 (entry 1): PBN: vulnerability 7 is out of range (0..=3, 0 = none)");
//! ```

use ddsolve_cards::{
    Card, CardParseError, Deal, Holding, PbnError, Rank, Seat, Strain, Suit, Vulnerability,
};
use std::fmt;
use std::path::{Path, PathBuf};
use thiserror::Error;

/// One card of a `FUT` line: a legal card of the leader, the ranks it stands for, and the
/// tricks the leader's side takes from the start of play if it is led.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FutCard {
    /// The card.
    pub card: Card,
    /// The other ranks of the same suit that DDS found equivalent to it (not including the
    /// card itself).
    pub equals: Holding,
    /// Tricks for the side on lead, from the first trick to the end, if this card is led.
    pub score: u8,
}

/// The `PAR` line: DDS `Par()` output, kept as the four strings of the file.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ParLine {
    /// Par score from North-South's view, e.g. `NS -110`.
    pub ns_score: String,
    /// Par score from East-West's view, e.g. `EW 110`.
    pub ew_score: String,
    /// Par contracts seen from North-South, e.g. `NS:EW 2S`.
    pub ns_contracts: String,
    /// Par contracts seen from East-West, e.g. `EW:EW 2S`.
    pub ew_contracts: String,
}

/// The `PAR2` line: DDS `DealerPar()` output, kept as the strings of the file.
///
/// The line holds the score then one string per par contract; most entries have one
/// contract, some two or three (e.g. `"100" "3C*-EW-1" "2N*-EW-1"`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Par2 {
    /// The score for the dealer's side, e.g. `-110`.
    pub score: String,
    /// The par contracts, e.g. `2S-EW`, `4S*-NS-1`, `1S-EW+2`; at least one.
    pub contracts: Vec<String>,
}

/// One entry (a `PBN` line and the lines after it) of a DDS regression file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The entry's number in its file, from 1.
    pub number: usize,
    /// The line number of its `PBN` line, from 1.
    pub line: usize,
    /// The dealer.
    pub dealer: Seat,
    /// The vulnerability.
    pub vulnerability: Vulnerability,
    /// The trump strain of `FUT`, `PLAY` and `TRACE`.
    pub trump: Strain,
    /// The hand on lead to the first trick (for `FUT`, `PLAY` and `TRACE`).
    pub first: Seat,
    /// The deal.
    pub deal: Deal,
    /// `FUT`: every legal lead of `first` (one card per equivalence class), best first.
    pub fut: Option<Vec<FutCard>>,
    /// `TABLE`: the double-dummy table, DDS order (see [`Entry::table_tricks`]).
    pub table: Option<[u8; 20]>,
    /// `PAR`.
    pub par: Option<ParLine>,
    /// `PAR2`.
    pub par2: Option<Par2>,
    /// `PLAY`: a played sequence of cards, from the first lead by `first`.
    pub play: Option<Vec<Card>>,
    /// `TRACE`: declarer's side's double-dummy tricks (over the whole deal) before any card
    /// and after each card of `play`; declarer is the hand to the right of `first`. The trace
    /// may stop before the end of the play (52-card plays have 49 values).
    pub trace: Option<Vec<u8>>,
}

/// The index in a `TABLE` line of the tricks taken by `declarer` in `strain`: strain-major
/// in the order S, H, D, C, NT, and declarer N, E, S, W within each strain.
pub const fn table_index(strain: Strain, declarer: Seat) -> usize {
    strain.index() * 4 + declarer.index()
}

impl Entry {
    /// Tricks taken by `declarer` in `strain`, from the `TABLE` line.
    ///
    /// # Panics
    /// If the entry has no `TABLE` line (every entry of the shipped files has one).
    pub fn table_tricks(&self, strain: Strain, declarer: Seat) -> u8 {
        let table = self.table.as_ref().unwrap_or_else(|| {
            panic!(
                "entry {} (line {}) has no TABLE line",
                self.number, self.line
            )
        });
        table[table_index(strain, declarer)]
    }

    /// The declarer of `PLAY`/`TRACE`: the hand to the right of `first`.
    pub fn declarer(&self) -> Seat {
        self.first.prev()
    }
}

/// What is wrong with a line.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum LineProblem {
    /// The first word is not a known keyword.
    #[error(
        "unknown line kind {0:?} (expected NUMBER, PBN, FUT, TABLE, PAR, PAR2, PLAY or TRACE)"
    )]
    UnknownKind(String),
    /// A line of an entry before any `PBN` line.
    #[error("{0} line before the first PBN line")]
    BeforeFirstEntry(&'static str),
    /// A `NUMBER` line that is not the first line.
    #[error("NUMBER may only be the first line")]
    MisplacedNumber,
    /// The same kind of line twice in one entry.
    #[error("second {0} line in one entry")]
    Repeated(&'static str),
    /// A field that is not a number.
    #[error("{kind}: {field} {text:?} is not a number")]
    NotANumber {
        /// The line kind.
        kind: &'static str,
        /// The field.
        field: &'static str,
        /// The text found.
        text: String,
    },
    /// A number out of its range.
    #[error("{kind}: {field} {value} is out of range ({range})")]
    OutOfRange {
        /// The line kind.
        kind: &'static str,
        /// The field.
        field: &'static str,
        /// The value found.
        value: u64,
        /// The allowed values, for people.
        range: &'static str,
    },
    /// Too few or too many fields.
    #[error("{kind}: expected {expected} fields after the keyword, found {found}")]
    FieldCount {
        /// The line kind.
        kind: &'static str,
        /// Fields expected.
        expected: usize,
        /// Fields found.
        found: usize,
    },
    /// A quoted string is not closed, or text where a quoted string should be.
    #[error("{kind}: {problem}")]
    Quoting {
        /// The line kind.
        kind: &'static str,
        /// What is wrong.
        problem: String,
    },
    /// The deal string is not a valid deal.
    #[error("PBN: bad deal: {0}")]
    BadDeal(#[source] PbnError),
    /// A `FUT` card (or one of its equals) that the leader does not hold.
    #[error("FUT: {card} is not in the hand of {seat}, who leads")]
    FutCardNotHeld {
        /// The card.
        card: Card,
        /// The leader.
        seat: Seat,
    },
    /// A `PLAY` card that could not be read.
    #[error("PLAY: card {index}: {source}")]
    BadPlayCard {
        /// Its position in the play, from 1.
        index: usize,
        /// The text found.
        text: String,
        /// Why it is not a card.
        #[source]
        source: CardParseError,
    },
    /// The count at the start of a line does not match what follows.
    #[error("{kind}: the count says {declared} but {found} follow")]
    CountMismatch {
        /// The line kind.
        kind: &'static str,
        /// The count on the line.
        declared: usize,
        /// What was found.
        found: usize,
    },
}

/// Why a DDS file could not be read.
#[derive(Debug, Error)]
pub enum DdsFileError {
    /// A line is malformed.
    #[error("line {line}{}: {problem}", EntryTag(*.entry))]
    Line {
        /// The line number, from 1.
        line: usize,
        /// The number of the entry the line belongs to, from 1, if any.
        entry: Option<usize>,
        /// What is wrong.
        problem: LineProblem,
    },
    /// The `NUMBER` header does not match the number of entries.
    #[error("line {line}: NUMBER says {declared} entries but the file has {found}")]
    WrongEntryCount {
        /// The line of the header.
        line: usize,
        /// The number in the header.
        declared: usize,
        /// Entries found.
        found: usize,
    },
    /// The file could not be read.
    #[error("cannot read DDS file {}: {source}", .path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The cause.
        #[source]
        source: std::io::Error,
    },
}

struct EntryTag(Option<usize>);

impl fmt::Display for EntryTag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(n) => write!(f, " (entry {n})"),
            None => Ok(()),
        }
    }
}

/// Reads and parses a DDS file.
pub fn read_file(path: impl AsRef<Path>) -> Result<Vec<Entry>, DdsFileError> {
    let path = path.as_ref();
    let text = std::fs::read_to_string(path).map_err(|source| DdsFileError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    parse_file(&text)
}

/// The kinds of line that may follow a `PBN` line.
const ENTRY_LINES: [&str; 6] = ["FUT", "TABLE", "PAR", "PAR2", "PLAY", "TRACE"];

/// Parses the text of a DDS file.
///
/// Blank lines are skipped; a `NUMBER n` header, if present, must be the first line and `n`
/// must equal the number of entries. A leading byte-order mark is skipped.
pub fn parse_file(text: &str) -> Result<Vec<Entry>, DdsFileError> {
    let text = ddsolve_cards::without_bom(text);
    let mut entries: Vec<Entry> = Vec::new();
    let mut current: Option<Entry> = None;
    let mut header: Option<(usize, usize)> = None;
    let mut seen_line = false;
    for (i, raw) in text.lines().enumerate() {
        let line_no = i + 1;
        let line = raw.trim();
        if line.is_empty() {
            continue;
        }
        let first_line = !seen_line;
        seen_line = true;
        let (kind, rest) = match line.split_once(char::is_whitespace) {
            Some((k, r)) => (k, r.trim()),
            None => (line, ""),
        };
        let entry_no = current.as_ref().map(|e| e.number);
        let err = |problem: LineProblem| DdsFileError::Line {
            line: line_no,
            entry: entry_no,
            problem,
        };
        match kind {
            "NUMBER" => {
                if !first_line {
                    return Err(err(LineProblem::MisplacedNumber));
                }
                let fields: Vec<&str> = rest.split_whitespace().collect();
                if fields.len() != 1 {
                    return Err(err(LineProblem::FieldCount {
                        kind: "NUMBER",
                        expected: 1,
                        found: fields.len(),
                    }));
                }
                let n = number(fields[0], "NUMBER", "count").map_err(err)?;
                header = Some((line_no, n as usize));
            }
            "PBN" => {
                let number = entries.len() + 1 + usize::from(current.is_some());
                let err = |problem: LineProblem| DdsFileError::Line {
                    line: line_no,
                    entry: Some(number),
                    problem,
                };
                let entry = parse_pbn_line(rest, number, line_no).map_err(err)?;
                if let Some(done) = current.replace(entry) {
                    entries.push(done);
                }
            }
            other => {
                let Some(&kind) = ENTRY_LINES.iter().find(|&&k| k == other) else {
                    return Err(err(LineProblem::UnknownKind(other.to_string())));
                };
                let Some(entry) = current.as_mut() else {
                    return Err(err(LineProblem::BeforeFirstEntry(kind)));
                };
                parse_entry_line(entry, kind, rest).map_err(err)?;
            }
        }
    }
    entries.extend(current);
    if let Some((line, declared)) = header {
        if declared != entries.len() {
            return Err(DdsFileError::WrongEntryCount {
                line,
                declared,
                found: entries.len(),
            });
        }
    }
    Ok(entries)
}

fn number(text: &str, kind: &'static str, field: &'static str) -> Result<u64, LineProblem> {
    text.parse::<u64>().map_err(|_| LineProblem::NotANumber {
        kind,
        field,
        text: text.to_string(),
    })
}

fn ranged(
    text: &str,
    kind: &'static str,
    field: &'static str,
    max: u64,
    range: &'static str,
) -> Result<u64, LineProblem> {
    let value = number(text, kind, field)?;
    if value > max {
        return Err(LineProblem::OutOfRange {
            kind,
            field,
            value,
            range,
        });
    }
    Ok(value)
}

/// A field holding a DDS code (hand, suit, strain, vulnerability): a number that
/// `from_code` maps to a value, or an out-of-range error naming the field.
fn coded<T>(
    text: &str,
    kind: &'static str,
    field: &'static str,
    from_code: fn(usize) -> Option<T>,
    range: &'static str,
) -> Result<T, LineProblem> {
    let value = number(text, kind, field)?;
    usize::try_from(value)
        .ok()
        .and_then(from_code)
        .ok_or(LineProblem::OutOfRange {
            kind,
            field,
            value,
            range,
        })
}

fn seat_field(text: &str, kind: &'static str, field: &'static str) -> Result<Seat, LineProblem> {
    coded(text, kind, field, Seat::from_index, "0..=3, 0 = North")
}

/// Splits `text` into double-quoted strings separated by whitespace.
fn quoted_strings(text: &str, kind: &'static str) -> Result<Vec<String>, LineProblem> {
    let mut out = Vec::new();
    let mut rest = text.trim_start();
    while !rest.is_empty() {
        let Some(after) = rest.strip_prefix('"') else {
            return Err(LineProblem::Quoting {
                kind,
                problem: format!("expected a quoted string, found {rest:?}"),
            });
        };
        let Some(end) = after.find('"') else {
            return Err(LineProblem::Quoting {
                kind,
                problem: format!("unclosed quote in {rest:?}"),
            });
        };
        out.push(after[..end].to_string());
        rest = after[end + 1..].trim_start();
    }
    Ok(out)
}

/// Splits a line into leading numbers and one final quoted string (for `PBN` and `PLAY`).
fn numbers_then_quoted<'a>(
    text: &'a str,
    kind: &'static str,
    count: usize,
) -> Result<(Vec<&'a str>, String), LineProblem> {
    let Some(q) = text.find('"') else {
        return Err(LineProblem::Quoting {
            kind,
            problem: "missing the quoted string at the end".to_string(),
        });
    };
    let fields: Vec<&str> = text[..q].split_whitespace().collect();
    let strings = quoted_strings(&text[q..], kind)?;
    if fields.len() != count || strings.len() != 1 {
        return Err(LineProblem::FieldCount {
            kind,
            expected: count + 1,
            found: fields.len() + strings.len(),
        });
    }
    let s = strings.into_iter().next().unwrap_or_default();
    Ok((fields, s))
}

fn parse_pbn_line(text: &str, number: usize, line: usize) -> Result<Entry, LineProblem> {
    let (f, deal) = numbers_then_quoted(text, "PBN", 4)?;
    let dealer = seat_field(f[0], "PBN", "dealer")?;
    let vulnerability = coded(
        f[1],
        "PBN",
        "vulnerability",
        Vulnerability::from_dds_index,
        "0..=3, 0 = none",
    )?;
    let trump = coded(
        f[2],
        "PBN",
        "trump",
        Strain::from_index,
        "0..=4, 4 = notrump",
    )?;
    let first = seat_field(f[3], "PBN", "first")?;
    let deal: Deal = deal.parse().map_err(LineProblem::BadDeal)?;
    Ok(Entry {
        number,
        line,
        dealer,
        vulnerability,
        trump,
        first,
        deal,
        fut: None,
        table: None,
        par: None,
        par2: None,
        play: None,
        trace: None,
    })
}

fn set_once<T>(slot: &mut Option<T>, value: T, kind: &'static str) -> Result<(), LineProblem> {
    if slot.is_some() {
        return Err(LineProblem::Repeated(kind));
    }
    *slot = Some(value);
    Ok(())
}

fn parse_entry_line(entry: &mut Entry, kind: &'static str, text: &str) -> Result<(), LineProblem> {
    match kind {
        "FUT" => {
            let fut = parse_fut(text, entry)?;
            set_once(&mut entry.fut, fut, kind)
        }
        "TABLE" => {
            let fields: Vec<&str> = text.split_whitespace().collect();
            if fields.len() != 20 {
                return Err(LineProblem::FieldCount {
                    kind,
                    expected: 20,
                    found: fields.len(),
                });
            }
            let mut table = [0u8; 20];
            for (t, f) in table.iter_mut().zip(&fields) {
                *t = ranged(f, kind, "tricks", 13, "0..=13")? as u8;
            }
            set_once(&mut entry.table, table, kind)
        }
        "PAR" => {
            let s = quoted_strings(text, kind)?;
            let [ns_score, ew_score, ns_contracts, ew_contracts]: [String; 4] = s
                .try_into()
                .map_err(|s: Vec<String>| LineProblem::FieldCount {
                    kind,
                    expected: 4,
                    found: s.len(),
                })?;
            let par = ParLine {
                ns_score,
                ew_score,
                ns_contracts,
                ew_contracts,
            };
            set_once(&mut entry.par, par, kind)
        }
        "PAR2" => {
            let mut s = quoted_strings(text, kind)?;
            if s.len() < 2 {
                return Err(LineProblem::FieldCount {
                    kind,
                    expected: 2,
                    found: s.len(),
                });
            }
            let contracts = s.split_off(1);
            let score = s.pop().unwrap_or_default();
            set_once(&mut entry.par2, Par2 { score, contracts }, kind)
        }
        "PLAY" => {
            let (f, cards) = numbers_then_quoted(text, kind, 1)?;
            let n = ranged(f[0], kind, "count", 52, "0..=52")? as usize;
            let chars: Vec<char> = cards.chars().collect();
            if chars.len() % 2 != 0 || chars.len() / 2 != n {
                return Err(LineProblem::CountMismatch {
                    kind,
                    declared: n,
                    found: chars.len().div_ceil(2),
                });
            }
            let play = chars
                .chunks(2)
                .enumerate()
                .map(|(i, pair)| {
                    let text: String = pair.iter().collect();
                    text.parse::<Card>()
                        .map_err(|source| LineProblem::BadPlayCard {
                            index: i + 1,
                            text,
                            source,
                        })
                })
                .collect::<Result<Vec<Card>, _>>()?;
            set_once(&mut entry.play, play, kind)
        }
        _ => {
            // TRACE
            let fields: Vec<&str> = text.split_whitespace().collect();
            let Some((count, values)) = fields.split_first() else {
                return Err(LineProblem::FieldCount {
                    kind,
                    expected: 1,
                    found: 0,
                });
            };
            let n = ranged(count, kind, "count", 53, "0..=53")? as usize;
            if values.len() != n {
                return Err(LineProblem::CountMismatch {
                    kind,
                    declared: n,
                    found: values.len(),
                });
            }
            let trace = values
                .iter()
                .map(|v| ranged(v, kind, "tricks", 13, "0..=13").map(|v| v as u8))
                .collect::<Result<Vec<u8>, _>>()?;
            set_once(&mut entry.trace, trace, kind)
        }
    }
}

fn parse_fut(text: &str, entry: &Entry) -> Result<Vec<FutCard>, LineProblem> {
    const KIND: &str = "FUT";
    let fields: Vec<&str> = text.split_whitespace().collect();
    let Some((count, rest)) = fields.split_first() else {
        return Err(LineProblem::FieldCount {
            kind: KIND,
            expected: 1,
            found: 0,
        });
    };
    let n = ranged(count, KIND, "count", 13, "0..=13")? as usize;
    if rest.len() % 4 != 0 {
        return Err(LineProblem::FieldCount {
            kind: KIND,
            expected: 1 + 4 * n,
            found: fields.len(),
        });
    }
    if rest.len() != 4 * n {
        return Err(LineProblem::CountMismatch {
            kind: KIND,
            declared: n,
            found: rest.len() / 4,
        });
    }
    let hand = entry.deal.hand(entry.first);
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        let suit = coded(rest[i], KIND, "suit", Suit::from_index, "0..=3, 0 = spades")?;
        let rank = number(rest[n + i], KIND, "rank")?;
        let rank = u8::try_from(rank)
            .ok()
            .and_then(Rank::new)
            .ok_or(LineProblem::OutOfRange {
                kind: KIND,
                field: "rank",
                value: rank,
                range: "2..=14",
            })?;
        let equals = number(rest[2 * n + i], KIND, "equals")?;
        let equals = u16::try_from(equals)
            .ok()
            .and_then(Holding::from_bits)
            .ok_or(LineProblem::OutOfRange {
                kind: KIND,
                field: "equals",
                value: equals,
                range: "a bitmask of bits 2..=14",
            })?;
        let score = ranged(rest[3 * n + i], KIND, "score", 13, "0..=13")? as u8;
        let card = Card::new(suit, rank);
        for c in std::iter::once(rank)
            .chain(equals.iter())
            .map(|r| Card::new(suit, r))
        {
            if !hand.contains(c) {
                return Err(LineProblem::FutCardNotHeld {
                    card: c,
                    seat: entry.first,
                });
            }
        }
        out.push(FutCard {
            card,
            equals,
            score,
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const PBN1: &str =
        "PBN 0 0 0 0 \"N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3\"";

    fn problem(text: &str) -> (usize, LineProblem, String) {
        match parse_file(text) {
            Err(e @ DdsFileError::Line { .. }) => {
                let msg = e.to_string();
                let DdsFileError::Line { line, problem, .. } = e else {
                    unreachable!()
                };
                (line, problem, msg)
            }
            other => panic!("expected a line error, got {other:?}"),
        }
    }

    #[test]
    fn empty_text_has_no_entries() {
        assert_eq!(parse_file("").unwrap(), vec![]);
        assert_eq!(parse_file("\n\n").unwrap(), vec![]);
    }

    #[test]
    fn pbn_line_alone_is_an_entry() {
        let e = parse_file(PBN1).unwrap();
        assert_eq!(e.len(), 1);
        assert_eq!((e[0].number, e[0].line), (1, 1));
        assert_eq!(e[0].fut, None);
        assert_eq!(e[0].table, None);
    }

    #[test]
    fn unknown_keyword() {
        let (line, p, msg) = problem(&format!("{PBN1}\nFOO 1 2 3\n"));
        assert_eq!(line, 2);
        assert_eq!(p, LineProblem::UnknownKind("FOO".into()));
        assert!(
            msg.contains("line 2") && msg.contains("entry 1") && msg.contains("FOO"),
            "{msg}"
        );
    }

    #[test]
    fn table_before_pbn() {
        let (line, p, _) = problem("NUMBER 1\nTABLE 1 2\n");
        assert_eq!(line, 2);
        assert_eq!(p, LineProblem::BeforeFirstEntry("TABLE"));
    }

    #[test]
    fn short_table() {
        let (line, p, msg) = problem(&format!("{PBN1}\nTABLE 5 8 5\n"));
        assert_eq!(line, 2);
        assert_eq!(
            p,
            LineProblem::FieldCount {
                kind: "TABLE",
                expected: 20,
                found: 3
            }
        );
        assert!(msg.contains("TABLE") && msg.contains("20"), "{msg}");
    }

    #[test]
    fn bad_numbers_and_ranges() {
        let (_, p, _) = problem("PBN 0 x 0 0 \"N:A... K... Q... J...\"");
        assert!(matches!(
            p,
            LineProblem::NotANumber {
                field: "vulnerability",
                ..
            }
        ));
        let (_, p, msg) = problem("PBN 0 0 5 0 \"N:A... K... Q... J...\"");
        assert!(matches!(
            p,
            LineProblem::OutOfRange {
                field: "trump",
                value: 5,
                ..
            }
        ));
        assert!(msg.contains("trump 5"), "{msg}");
        let (_, p, _) = problem("PBN 4 0 0 0 \"N:A... K... Q... J...\"");
        assert!(matches!(
            p,
            LineProblem::OutOfRange {
                field: "dealer",
                ..
            }
        ));
    }

    #[test]
    fn bad_deal_string() {
        let (line, p, msg) = problem("NUMBER 1\nPBN 0 0 0 0 \"N:A... K... Q... A...\"");
        assert_eq!(line, 2);
        assert!(matches!(p, LineProblem::BadDeal(_)));
        assert!(msg.contains("SA"), "{msg}");
    }

    #[test]
    fn unclosed_quote() {
        let (_, p, _) = problem(&format!("{PBN1}\nPAR \"NS -110\" \"EW 110"));
        assert!(matches!(p, LineProblem::Quoting { kind: "PAR", .. }));
    }

    #[test]
    fn fut_card_not_held_by_leader() {
        // Leader North; SA is West's.
        let (_, p, msg) = problem(&format!("{PBN1}\nFUT 1 0 14 0 7\n"));
        assert_eq!(
            p,
            LineProblem::FutCardNotHeld {
                card: Card::parse("SA").unwrap(),
                seat: Seat::North
            }
        );
        assert!(msg.contains("SA") && msg.contains('N'), "{msg}");
    }

    #[test]
    fn fut_count_mismatch() {
        let (_, p, _) = problem(&format!("{PBN1}\nFUT 2 0 12 0 7\n"));
        assert!(matches!(
            p,
            LineProblem::CountMismatch {
                kind: "FUT",
                declared: 2,
                ..
            }
        ));
    }

    #[test]
    fn play_bad_card_and_count() {
        let (_, p, msg) = problem(&format!("{PBN1}\nPLAY 2 \"CTX4\"\n"));
        assert!(
            matches!(&p, LineProblem::BadPlayCard { index: 2, text, .. } if text == "X4"),
            "{p:?}"
        );
        assert!(
            msg.contains("PLAY: card 2: \"X4\" is not a card") && msg.contains("'X' is not a suit"),
            "{msg}"
        );
        let (_, p, _) = problem(&format!("{PBN1}\nPLAY 3 \"CTC4\"\n"));
        assert!(matches!(
            p,
            LineProblem::CountMismatch {
                kind: "PLAY",
                declared: 3,
                found: 2
            }
        ));
    }

    #[test]
    fn codes_out_of_range_name_the_field() {
        let (_, p, msg) = problem("PBN 0 4 0 0 \"N:A... K... Q... J...\"");
        assert_eq!(
            p,
            LineProblem::OutOfRange {
                kind: "PBN",
                field: "vulnerability",
                value: 4,
                range: "0..=3, 0 = none"
            }
        );
        assert!(
            msg.starts_with("line 1 (entry 1): PBN: vulnerability 4"),
            "{msg}"
        );
        let (_, p, _) = problem("PBN 0 0 0 9 \"N:A... K... Q... J...\"");
        assert!(matches!(
            p,
            LineProblem::OutOfRange {
                field: "first",
                value: 9,
                ..
            }
        ));
        let (line, p, msg) = problem(&format!("{PBN1}\nFUT 1 4 12 0 7\n"));
        assert_eq!(line, 2);
        assert!(matches!(
            p,
            LineProblem::OutOfRange {
                kind: "FUT",
                field: "suit",
                value: 4,
                ..
            }
        ));
        assert!(msg.contains("FUT: suit 4"), "{msg}");
    }

    #[test]
    fn fut_fields_not_in_fours() {
        let (_, p, _) = problem(&format!("{PBN1}\nFUT 1 0 12 0\n"));
        assert_eq!(
            p,
            LineProblem::FieldCount {
                kind: "FUT",
                expected: 5,
                found: 4
            }
        );
    }

    #[test]
    fn repeated_line() {
        let (line, p, _) = problem(&format!("{PBN1}\nTRACE 1 8\nTRACE 1 8\n"));
        assert_eq!(line, 3);
        assert_eq!(p, LineProblem::Repeated("TRACE"));
    }

    #[test]
    fn number_header_must_match() {
        let e = parse_file(&format!("NUMBER 2\n{PBN1}\n")).unwrap_err();
        assert!(matches!(
            e,
            DdsFileError::WrongEntryCount {
                line: 1,
                declared: 2,
                found: 1
            }
        ));
        let (line, p, _) = problem(&format!("{PBN1}\nNUMBER 1\n"));
        assert_eq!((line, p), (2, LineProblem::MisplacedNumber));
    }

    #[test]
    fn par2_with_several_contracts() {
        let e = parse_file(&format!("{PBN1}\nPAR2 \"100\" \"3C*-EW-1\" \"2N*-EW-1\"\n")).unwrap();
        let par2 = e[0].par2.as_ref().unwrap();
        assert_eq!(par2.score, "100");
        assert_eq!(par2.contracts, ["3C*-EW-1", "2N*-EW-1"]);
    }

    #[test]
    fn missing_file_names_the_path() {
        let e = read_file("/nonexistent/list.txt").unwrap_err();
        assert!(matches!(e, DdsFileError::Io { .. }));
        assert!(e.to_string().contains("/nonexistent/list.txt"));
    }
}
