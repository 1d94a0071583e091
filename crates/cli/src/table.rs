//! `ddsolve table`: double-dummy tables of a stream of deals, in parallel, in input order
//! ([`crate::stream`]).

use crate::args::{Format, TableArgs};
use crate::error::CliError;
use crate::json;
use crate::stats::{Stats, WithStats};
use crate::stream;
use ddsolve_cards::{DdTable, Deal};
use std::fmt::Write as _;
use std::io::Write;
use std::process::ExitCode;

/// Runs `ddsolve table`.
pub fn run(args: &TableArgs, out: &mut dyn Write) -> Result<ExitCode, CliError> {
    let mut nth = 0;
    stream::tables(
        &args.inputs,
        &args.batch,
        args.stats,
        |_| Ok(()),
        |record, table, stats| {
            out.write_all(render(args.format, &record.deal, table, stats, nth).as_bytes())?;
            out.flush()?;
            nth += 1;
            Ok(())
        },
    )
}

/// One deal's table as text, with its search's counts if `stats`; `nth` (from 0)
/// separates readable records with blank lines.
pub fn render(
    format: Format,
    deal: &Deal,
    table: &DdTable,
    stats: Option<&Stats>,
    nth: usize,
) -> String {
    let mut s = String::new();
    match format {
        Format::Text => {
            if nth > 0 {
                s.push('\n');
            }
            let _ = write!(s, "{deal}\n{table}");
            if let Some(stats) = stats {
                s.push_str(&stats.text());
            }
        }
        Format::Tsv => {
            s.push_str(&deal.to_string());
            for t in table.to_dds_order() {
                let _ = write!(s, "\t{t}");
            }
            if let Some(stats) = stats {
                s.push_str(&stats.tsv());
            }
            s.push('\n');
        }
        Format::Json => {
            let record = json::TableRecord::new(deal, table);
            s = match stats {
                Some(stats) => json::line(&WithStats {
                    record: &record,
                    stats,
                }),
                None => json::line(&record),
            }
        }
    }
    s
}
