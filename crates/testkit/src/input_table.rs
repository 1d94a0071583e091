//! The input table (`data/input-table.tsv`): inputs that every front end must read alike, a
//! byte-order mark, CRLF line ends, `10` for the ten, `-` for a void, a deal without its
//! seat prefix, a Latin-1 byte, each with what must come of it. The command line's, the
//! server's and the C library's tests read it here; the Python tests read the same file.
//!
//! ```
//! use ddsolve_testkit::input_table::{self, Kind, Outcome};
//!
//! let cases = input_table::cases();
//! let bom = cases.iter().find(|c| c.kind == Kind::Deal && c.name == "bom").unwrap();
//! assert!(bom.input.starts_with(b"\xef\xbb\xbfN:"));
//! assert!(matches!(bom.outcome, Outcome::Ok { deals: 1, .. }));
//! ```

use ddsolve_cards::Deal;

/// What an input is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// One deal string (a command-line argument, a JSON field, a Python or C string).
    Deal,
    /// A file of deal lines.
    Lines,
    /// A PBN file.
    Pbn,
}

/// What must come of an input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Read: `deals` deals, each `deal`.
    Ok {
        /// The deal every deal of the input is.
        deal: Deal,
        /// How many deals the input holds.
        deals: usize,
    },
    /// Refused with a message that contains `message`.
    Error {
        /// A part of the message.
        message: String,
    },
}

/// One row of the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// What the input is.
    pub kind: Kind,
    /// The case's name.
    pub name: String,
    /// The input's bytes.
    pub input: Vec<u8>,
    /// What must come of it.
    pub outcome: Outcome,
}

impl Case {
    /// The input as text: UTF-8 if it is, else Latin-1 (a byte a character), as a front end
    /// that takes text (JSON, a Python `str`) would be given it.
    pub fn text(&self) -> String {
        match std::str::from_utf8(&self.input) {
            Ok(s) => s.to_string(),
            Err(_) => self.input.iter().map(|&b| char::from(b)).collect(),
        }
    }

    /// `kind/name`, for messages.
    pub fn label(&self) -> String {
        format!("{:?}/{}", self.kind, self.name)
    }
}

/// The bytes of an escaped input: `\xNN`, `\r`, `\n`, `\t`, `\"`, `\\`.
///
/// # Panics
/// On an escape that is none of these: the table is the repository's own.
pub fn unescape(text: &str) -> Vec<u8> {
    let b = text.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] != b'\\' {
            out.push(b[i]);
            i += 1;
            continue;
        }
        match b.get(i + 1) {
            Some(b'x') => {
                let hex = std::str::from_utf8(&b[i + 2..i + 4]).expect("two hex digits");
                out.push(u8::from_str_radix(hex, 16).expect("two hex digits"));
                i += 4;
            }
            Some(&c) => {
                out.push(match c {
                    b'r' => b'\r',
                    b'n' => b'\n',
                    b't' => b'\t',
                    b'"' | b'\\' => c,
                    _ => panic!("unknown escape \\{} in the input table", char::from(c)),
                });
                i += 2;
            }
            None => panic!("a lone backslash ends an input of the input table"),
        }
    }
    out
}

/// Every case of `data/input-table.tsv`, in file order.
///
/// # Panics
/// If the file is missing or a row is malformed: the table is the repository's own, and a
/// test without it must fail, not pass.
pub fn cases() -> Vec<Case> {
    let path = crate::data::path("input-table.tsv");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = format!("{}, line {}", path.display(), i + 1);
        let f: Vec<&str> = line.split('\t').collect();
        assert_eq!(f.len(), 6, "{at}: 6 fields separated by tabs");
        let kind = match f[0] {
            "deal" => Kind::Deal,
            "lines" => Kind::Lines,
            "pbn" => Kind::Pbn,
            k => panic!("{at}: {k:?} is not a kind"),
        };
        let outcome = match f[3] {
            "ok" => Outcome::Ok {
                deal: f[4].parse().unwrap_or_else(|e| panic!("{at}: {e}")),
                deals: f[5].parse().unwrap_or_else(|e| panic!("{at}: {e}")),
            },
            "error" => Outcome::Error {
                message: f[4].to_string(),
            },
            o => panic!("{at}: {o:?} is not an outcome"),
        };
        out.push(Case {
            kind,
            name: f[1].to_string(),
            input: unescape(f[2]),
            outcome,
        });
    }
    assert!(!out.is_empty(), "{}: no case", path.display());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes() {
        assert_eq!(unescape(r#"a\x41\r\n\t\"\\"#), b"aA\r\n\t\"\\");
    }

    #[test]
    fn every_kind_is_there() {
        let cases = cases();
        for kind in [Kind::Deal, Kind::Lines, Kind::Pbn] {
            assert!(cases.iter().any(|c| c.kind == kind));
        }
    }
}
