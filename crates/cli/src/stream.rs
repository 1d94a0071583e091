//! Streaming batches: deals solved as they arrive, each result written as soon as it and
//! every earlier one are done (input order), in constant memory.
//!
//! The deals come from [`crate::input::Records`]; the pool of `ddsolve-search`
//! ([`ddsolve_search::pool::ordered_map_dedup`]) solves them with one solver per worker
//! thread and at most a few deals per worker in flight, a deal repeated within the last
//! [`DEDUP_WINDOW`] distinct deals being solved once. A bad line stops the run once every
//! earlier result is written (exit status 2), or with `--keep-going` is reported on stderr
//! and skipped.

use crate::error::CliError;
use crate::input::{self, BadLine, Record};
use crate::progress::Progress;
use clap::Args;
use ddsolve_cards::{DdTable, Deal};
use ddsolve_search::parallel_table;
use ddsolve_search::pool::{default_threads, ordered_map_dedup, PoolOptions};
use std::collections::VecDeque;
use std::num::NonZeroUsize;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::{Arc, Mutex, PoisonError};

/// How many recent distinct deals a stream remembers to solve a repeated deal once.
pub const DEDUP_WINDOW: usize = 4096;

/// The options of every command that reads a batch of deals.
#[derive(Debug, Args)]
pub struct BatchArgs {
    /// Worker threads, each with its own solver [default: every core].
    #[arg(long, value_name = "N")]
    pub threads: Option<NonZeroUsize>,
    /// Report a bad line on stderr and go on (the exit status is still 2) instead of
    /// stopping there.
    #[arg(long)]
    pub keep_going: bool,
    /// No progress bar (it is shown only when stderr is a terminal anyway).
    #[arg(long, short)]
    pub quiet: bool,
    /// --tt-mb.
    #[command(flatten)]
    pub solver: crate::solver_args::SolverArgs,
}

impl BatchArgs {
    /// The number of worker threads.
    pub fn threads(&self) -> usize {
        thread_count(self.threads)
    }
}

/// The number of worker threads: `requested`, or every core.
pub fn thread_count(requested: Option<NonZeroUsize>) -> usize {
    requested.map_or_else(default_threads, NonZeroUsize::get)
}

/// The table of one deal, solved on every thread `args` asks for (strains and leaders as
/// tasks): the same table as one thread's.
pub fn one_table(args: &BatchArgs, deal: &Deal) -> DdTable {
    match args.threads() {
        1 => args.solver.solver().table(deal),
        n => parallel_table(deal, n, args.solver.config()),
    }
}

/// Solves the table of every deal of `file` (stdin if `None`) and passes each to `emit`
/// with its record, in input order, as soon as it and every earlier one are done.
///
/// `accept` says why a deal that was read cannot be used (e.g. par needs 13 cards a hand):
/// such a deal is a bad line like any other, reported before it is solved. An input with no
/// deal at all (empty, or only blank lines and comments) is an error that says so.
pub fn tables(
    file: Option<&PathBuf>,
    args: &BatchArgs,
    accept: impl Fn(&Record) -> Result<(), String> + Sync,
    mut emit: impl FnMut(&Record, &DdTable) -> Result<(), CliError>,
) -> Result<ExitCode, CliError> {
    let source = input::open(file.map(PathBuf::as_path))?;
    let name = source.name.clone();
    // The total, for the bar's ETA: a first pass over a file (not over a pipe).
    let total = match &source.path {
        Some(path) if Progress::wanted(args.quiet) => {
            Some(input::open(Some(path))?.records().count() as u64)
        }
        _ => None,
    };
    let progress = Progress::new(total, args.quiet, "deals");
    let keep_going = args.keep_going;
    let solver = args.solver;

    let whole = source.whole;
    let mut records = source.records();
    // A file's first two records: one deal alone is solved on every thread.
    let mut ahead = Vec::new();
    if whole && args.threads() > 1 {
        ahead.extend(records.by_ref().take(2));
        if let [Ok(record)] = ahead.as_slice() {
            // A deal `accept` refuses goes the common way, to be reported as a bad line.
            if accept(record).is_ok() {
                emit(record, &one_table(args, &record.deal))?;
                progress.inc();
                progress.finish();
                return Ok(ExitCode::SUCCESS);
            }
        }
    }

    // The records in flight, in input order: the reader pushes, the writer pops.
    let pending: Arc<Mutex<VecDeque<Result<Record, BadLine>>>> = Arc::default();
    let queue = Arc::clone(&pending);
    let mut seen = 0usize;
    let deals = ahead
        .into_iter()
        .chain(records.by_ref())
        .scan(false, |stopped, r| {
            if *stopped {
                return None;
            }
            seen += 1;
            let r = r.and_then(|rec| match accept(&rec) {
                Ok(()) => Ok(rec),
                Err(message) => Err(BadLine {
                    source: name.clone(),
                    line: rec.line,
                    message,
                    text: String::new(),
                }),
            });
            // Without --keep-going nothing after the first bad line is read.
            *stopped = r.is_err() && !keep_going;
            let deal = r.as_ref().ok().map(|rec| rec.deal);
            queue
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .push_back(r);
            Some(deal)
        });

    let mut bad = 0usize;
    ordered_map_dedup(
        deals,
        &PoolOptions::with_threads(args.threads()),
        DEDUP_WINDOW,
        |deal: &Option<Deal>| *deal,
        || solver.solver(),
        |solver, deal| deal.map(|d| solver.table(&d)),
        |_, table| {
            let record = pending
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .pop_front()
                .expect("every item's record is queued before the item");
            match (record, table) {
                (Ok(record), Some(table)) => {
                    emit(&record, &table)?;
                    progress.inc();
                    Ok(())
                }
                (Err(line), _) if keep_going => {
                    bad += 1;
                    progress.warn(&format!("ddsolve: {line}"));
                    Ok(())
                }
                (Err(line), _) => Err(CliError::Input(line.to_string())),
                (Ok(_), None) => unreachable!("a record's deal is solved"),
            }
        },
    )?;
    progress.finish();
    if seen == 0 {
        return Err(CliError::input(no_deal(&name, records.lines_read())));
    }
    if bad > 0 {
        let s = if bad == 1 { "" } else { "s" };
        return Err(CliError::Reported(format!(
            "{bad} bad line{s} skipped (reported above)"
        )));
    }
    Ok(ExitCode::SUCCESS)
}

/// The message for an input without a deal: empty, or `lines` lines with none.
fn no_deal(name: &str, lines: usize) -> String {
    match lines {
        0 => format!("{name}: no deal: the input is empty"),
        n => {
            let s = if n == 1 { "" } else { "s" };
            format!(
                "{name}: no deal in {n} line{s} (blank lines, # comments, PBN commentary and \
                 PBN games without a [Deal] tag are skipped)"
            )
        }
    }
}
