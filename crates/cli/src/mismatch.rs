//! A difference `ddsolve check` found, and how it is written: in full for people, or as one
//! JSON object a line (`{"mismatch": {...}}`, then `{"summary": {...}}`).

use crate::args::Format;
use serde::Serialize;
use serde_json::Value;
use std::io::{self, Write};

/// One line of a DDS file that the solver does not agree with.
#[derive(Debug, Serialize)]
pub struct Mismatch {
    /// The kind of line: `FUT`, `TABLE`, `PAR`, `PAR2` or `PLAY`.
    pub kind: &'static str,
    /// The entry's number in its file, from 1.
    pub entry: usize,
    /// The line of the entry's `PBN` line, from 1.
    pub line: usize,
    /// The entry's deal, PBN.
    pub deal: String,
    /// What the file says, in the kind's own terms (see the README).
    pub expected: Value,
    /// What the solver says, in the same terms, or `{"error": "..."}`.
    pub got: Value,
    /// The report for people, as `check` prints it in text.
    #[serde(skip)]
    pub report: String,
}

impl Mismatch {
    /// A mismatch without its report yet.
    pub fn new(kind: &'static str, e: &ddsolve_formats::dds_file::Entry) -> Mismatch {
        Mismatch {
            kind,
            entry: e.number,
            line: e.line,
            deal: e.deal.to_string(),
            expected: Value::Null,
            got: Value::Null,
            report: String::new(),
        }
    }
}

/// Writes `m` in `format`.
pub fn write(out: &mut dyn Write, format: Format, m: &Mismatch) -> io::Result<()> {
    #[derive(Serialize)]
    struct Line<'a> {
        mismatch: &'a Mismatch,
    }
    match format {
        Format::Json => out.write_all(crate::json::line(&Line { mismatch: m }).as_bytes()),
        Format::Text | Format::Tsv => out.write_all(m.report.as_bytes()),
    }
}

/// `check`'s summary: the lines checked (of each kind) and the mismatches.
#[derive(Debug, Default, Serialize)]
pub struct Summary {
    /// Lines checked.
    pub checked: usize,
    /// Mismatches found.
    pub mismatches: usize,
    /// Lines checked of each kind: `FUT`, `TABLE`, `PAR` (PAR and PAR2 lines), `PLAY`.
    pub lines: Kinds,
}

/// Lines checked of each kind.
#[derive(Debug, Default, Serialize)]
pub struct Kinds {
    #[serde(rename = "FUT")]
    pub fut: usize,
    #[serde(rename = "TABLE")]
    pub table: usize,
    #[serde(rename = "PAR")]
    pub par: usize,
    #[serde(rename = "PLAY")]
    pub play: usize,
}

/// Writes the summary in `format`; `all` adds the count of each kind to the text.
pub fn write_summary(
    out: &mut dyn Write,
    format: Format,
    s: &Summary,
    all: bool,
) -> io::Result<()> {
    #[derive(Serialize)]
    struct Line<'a> {
        summary: &'a Summary,
    }
    match format {
        Format::Json => out.write_all(crate::json::line(&Line { summary: s }).as_bytes()),
        Format::Text | Format::Tsv => {
            let mut text = String::new();
            if all {
                text.push_str(&format!(
                    "lines checked: FUT {}, TABLE {}, PAR/PAR2 {}, PLAY {}\n",
                    s.lines.fut, s.lines.table, s.lines.par, s.lines.play
                ));
            }
            text.push_str(&format!(
                "checked {}: {} mismatches\n",
                s.checked, s.mismatches
            ));
            out.write_all(text.as_bytes())
        }
    }
}
