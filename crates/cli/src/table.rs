//! `ddsolve table`: double-dummy tables of many deals, in parallel, in input order.

use crate::args::{Format, TableArgs};
use crate::error::CliError;
use crate::input::{parse_deal_lines, read_text};
use crate::parallel::{ordered_map, thread_count};
use ddsolve_cards::Deal;
use ddsolve_search::{DdTable, Solver};
use std::collections::HashMap;
use std::io::Write;
use std::process::ExitCode;

/// Runs `ddsolve table`.
pub fn run(args: &TableArgs, out: &mut dyn Write) -> Result<ExitCode, CliError> {
    let (source, text) = read_text(args.file.as_deref())?;
    let lines = parse_deal_lines(&source, &text)?;

    // Each distinct deal is solved once; `unique` is in order of first appearance, so the
    // table of line `i` is ready once the result for `of_line[i]` has come in.
    let mut index: HashMap<Deal, usize> = HashMap::new();
    let mut unique: Vec<Deal> = Vec::new();
    let of_line: Vec<usize> = lines
        .iter()
        .map(|l| {
            *index.entry(l.deal).or_insert_with(|| {
                unique.push(l.deal);
                unique.len() - 1
            })
        })
        .collect();

    let mut tables: Vec<Option<DdTable>> = vec![None; unique.len()];
    let mut next_line = 0;
    ordered_map(
        &unique,
        thread_count(args.threads),
        Solver::new,
        |solver, deal| solver.table(deal),
        |u, table| -> Result<(), CliError> {
            tables[u] = Some(table);
            while next_line < lines.len() && of_line[next_line] <= u {
                if let Some(table) = &tables[of_line[next_line]] {
                    write_table(out, args.format, &lines[next_line].deal, table, next_line)?;
                }
                next_line += 1;
            }
            Ok(())
        },
    )?;
    Ok(ExitCode::SUCCESS)
}

/// Writes one deal's table; `nth` (from 0) separates readable records with blank lines.
fn write_table(
    out: &mut dyn Write,
    format: Format,
    deal: &Deal,
    table: &DdTable,
    nth: usize,
) -> std::io::Result<()> {
    match format {
        Format::Text => {
            if nth > 0 {
                writeln!(out)?;
            }
            writeln!(out, "{deal}")?;
            write!(out, "{table}")
        }
        Format::Tsv => {
            write!(out, "{deal}")?;
            for t in table.to_dds_order() {
                write!(out, "\t{t}")?;
            }
            writeln!(out)
        }
    }
}
