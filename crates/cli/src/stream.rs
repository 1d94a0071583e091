//! Streaming batches: deals solved as they arrive, each result written as soon as it and
//! every earlier one are done (input order), in constant memory.
//!
//! The deals come from the inputs' [`crate::input::Records`], one input after another; the pool of `ddsolve-exec`
//! ([`ddsolve::exec::stream_tables_by`]) solves them with one solver per worker thread
//! and at most a few deals per worker in flight, a deal repeated within the last
//! [`DEDUP_WINDOW`] distinct deals being solved once. On more than one thread the workers
//! take the deals' strains, so the last deals of a file, or a single deal, are solved by
//! every thread at once. With `--stats` each deal is solved whole by one worker
//! ([`ddsolve::exec::pool::ordered_map_dedup`]), so that its counts are those of one
//! solver's table. A bad line stops the run once every
//! earlier result is written (exit status 2), or with `--keep-going` is reported on stderr
//! and skipped.

use crate::error::CliError;
use crate::input::{self, BadLine, Input, Record};
use crate::progress::Progress;
use crate::stats::Stats;
use clap::Args;
use ddsolve::exec::pool::{default_threads, ordered_map_dedup, PoolOptions};
use ddsolve::exec::stream_tables_by;
use ddsolve_cards::{DdTable, Deal};
use std::collections::VecDeque;
use std::ffi::OsString;
use std::io::IsTerminal;
use std::num::NonZeroUsize;
use std::process::ExitCode;
use std::sync::{Arc, Mutex, PoisonError};

/// What a batch says on stderr when it reads a terminal, which would otherwise wait
/// silently.
pub const STDIN_HINT: &str =
    "ddsolve: reading deals from standard input, one a line; Ctrl-D ends (ddsolve help for more)";

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
    /// The longest input line, in bytes (a longer one stops the run) [default: 1 MB].
    #[arg(long, value_name = "BYTES", default_value_t = ddsolve_formats::pbn_file::MAX_LINE_BYTES, hide_default_value = true)]
    pub max_line_bytes: usize,
    /// --tt-mb.
    #[command(flatten)]
    pub solver: crate::solver_args::SolverArgs,
}

impl BatchArgs {
    /// The reader's limits.
    pub fn limits(&self) -> ddsolve_formats::pbn_file::Limits {
        ddsolve_formats::pbn_file::Limits {
            max_line_bytes: self.max_line_bytes,
        }
    }

    /// The number of worker threads.
    pub fn threads(&self) -> usize {
        thread_count(self.threads)
    }
}

/// The number of worker threads: `requested`, or every core.
pub fn thread_count(requested: Option<NonZeroUsize>) -> usize {
    requested.map_or_else(default_threads, NonZeroUsize::get)
}

/// Solves the table of every deal of the inputs `args` (FILE arguments, `-`, deals: see
/// [`input::classify`]) and passes each to `emit` with its record, in input order, as soon
/// as it and every earlier one are done.
///
/// `accept` says why a deal that was read cannot be used (e.g. par needs 13 cards a hand):
/// such a deal is a bad line like any other, reported before it is solved. An input with no
/// deal at all (empty, or only blank lines and comments) ends with exit status 0 and a note
/// that says so. When stdin is one of the inputs and is a terminal, a hint on stderr says
/// that the deals are read from it ([`STDIN_HINT`]).
///
/// With `stats`, each table comes with what its search did ([`Stats::measure`]).
pub fn tables(
    inputs: &[OsString],
    args: &BatchArgs,
    stats: bool,
    accept: impl Fn(&Record) -> Result<(), String> + Sync,
    mut emit: impl FnMut(&Record, &DdTable, Option<&Stats>) -> Result<(), CliError>,
) -> Result<ExitCode, CliError> {
    let inputs = input::classify(inputs)?;
    let limits = args.limits();
    // Every file opened first: a missing one fails before anything is solved.
    let mut sources = inputs
        .iter()
        .map(|i| input::open(i, limits))
        .collect::<Result<Vec<_>, _>>()?;
    // The inputs' name where one message speaks of them all: the one input's own name
    // (`stdin`, a path, `argument 1`), as its bad lines give it.
    let name = match sources.as_slice() {
        [one] => one.name().to_string(),
        _ => "the input".to_string(),
    };
    if inputs.contains(&Input::Stdin) && std::io::stdin().is_terminal() {
        eprintln!("{STDIN_HINT}");
    }
    // The total, for the bar's ETA: a first pass, only over inputs that can be read twice
    // (regular files, not a pipe given as FILE, which would then be empty).
    let total = if Progress::wanted(args.quiet) && inputs.iter().all(input::can_read_twice) {
        let mut n = 0u64;
        for i in &inputs {
            n += input::open(i, limits)?.count() as u64;
        }
        Some(n)
    } else {
        None
    };
    let progress = Progress::new(total, args.quiet, "deals");
    let keep_going = args.keep_going;
    let solver = args.solver;

    // The records in flight, in input order: the reader pushes, the writer pops.
    let pending: Arc<Mutex<VecDeque<Result<Record, BadLine>>>> = Arc::default();
    let queue = Arc::clone(&pending);
    let lines = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let lines_in = Arc::clone(&lines);
    let mut notes: Vec<String> = Vec::new();
    let mut seen = 0usize;
    let notes_out = Arc::new(Mutex::new(Vec::<String>::new()));
    let notes_in = Arc::clone(&notes_out);
    let records = sources.iter_mut().flat_map(|records| {
        let notes_in = Arc::clone(&notes_in);
        let lines_in = Arc::clone(&lines_in);
        std::iter::from_fn(move || {
            let next = records
                .next()
                .map(|r| r.map(|rec| (records.name().to_string(), rec)));
            let fresh = records.take_notes();
            if !fresh.is_empty() {
                notes_in
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .extend(fresh);
            }
            if next.is_none() {
                lines_in.fetch_add(records.lines_read(), std::sync::atomic::Ordering::Relaxed);
            }
            next
        })
    });
    let deals = records.scan(false, |stopped, r| {
        if *stopped {
            return None;
        }
        seen += 1;
        let r = r.and_then(|(source, rec)| match accept(&rec) {
            Ok(()) => Ok(rec),
            Err(message) => Err(BadLine {
                source,
                line: rec.line,
                column: None,
                message,
                text: String::new(),
                too_long: false,
            }),
        });
        // Without --keep-going nothing after the first bad line is read; nor after a line
        // over the limit (the rest of it is not a line).
        *stopped = r.as_ref().is_err_and(|b| !keep_going || b.too_long);
        let deal = r.as_ref().ok().map(|rec| rec.deal);
        queue
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push_back(r);
        Some(deal)
    });

    let mut bad = 0usize;
    let deliver = |_, table: Option<(DdTable, Option<Stats>)>| {
        let record = pending
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .pop_front()
            .expect("every item's record is queued before the item");
        for note in notes_out
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .drain(..)
        {
            progress.warn(&format!("ddsolve: note: {note}"));
            notes.push(note);
        }
        match (record, table) {
            (Ok(record), Some((table, stats))) => {
                emit(&record, &table, stats.as_ref())?;
                progress.inc();
                Ok(())
            }
            (Err(line), _) if keep_going && !line.too_long => {
                bad += 1;
                progress.warn(&format!("ddsolve: {line}"));
                Ok(())
            }
            (Err(line), _) if line.too_long => Err(CliError::Input(format!(
                "{line} (--max-line-bytes raises the limit)"
            ))),
            (Err(line), _) => Err(CliError::Input(line.to_string())),
            (Ok(_), None) => unreachable!("a record's deal is solved"),
        }
    };
    let pool = PoolOptions::with_threads(args.threads());
    if stats {
        ordered_map_dedup(
            deals,
            &pool,
            DEDUP_WINDOW,
            |deal: &Option<Deal>| *deal,
            || solver.solver(),
            |solver, deal| {
                deal.map(|d| {
                    let (table, stats) = Stats::measure(solver, |s| s.table(&d));
                    (table, Some(stats))
                })
            },
            deliver,
        )?;
    } else {
        let mut deliver = deliver;
        stream_tables_by(
            deals,
            &pool,
            DEDUP_WINDOW,
            || solver.solver(),
            |i, table| deliver(i, table.map(|t| (t, None))),
        )?;
    }
    progress.finish();
    for note in notes_out
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .drain(..)
    {
        eprintln!("ddsolve: note: {note}");
        notes.push(note);
    }
    let lines = lines.load(std::sync::atomic::Ordering::Relaxed);
    if seen == 0 && notes.is_empty() {
        // No deal is no error: a pipeline that produced none ends as `sort` or `wc` would.
        eprintln!("ddsolve: note: {}", no_deal(&name, lines));
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
