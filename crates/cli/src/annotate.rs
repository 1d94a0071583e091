//! `ddsolve annotate`: a PBN hand-record file with the double-dummy table and par of every
//! board that has a deal, every other byte of the file kept (the work is the front crate's
//! `ddsolve::annotate`; this module reads the file, shows progress and writes the result).

use crate::error::CliError;
use crate::output_file::OutputFile;
use crate::progress::Progress;
use crate::stream::thread_count;
use clap::Args;
use ddsolve::annotate::{annotate_with, AnnotateError};
use ddsolve_formats::pbn_file::Limits;
use std::io::{Read, Write};
use std::num::NonZeroUsize;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// `ddsolve annotate`.
#[derive(Debug, Args)]
#[command(after_help = "\
Writes FILE back with, on every board that has a deal:
  [DoubleDummyTricks \"65657656576867568675\"]   20 hex digits: declarers N, S, E, W,
                                                each strains NT, S, H, D, C
  [OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]   and its 20 rows, N NT  6
  [OptimumScore \"EW 110\"]                       the par score, from the side that gains
  [ParContract \"EW 2S\"]                         the par contracts (DealerPar)
Tags of these names already there are replaced, so annotating twice gives the same file;
every other byte (line ends, Latin-1 text, comments, auctions, plays) stays as it was.

A board whose deal, dealer or vulnerability cannot be read is reported on stderr with its
board number and line and left as it is; the others are annotated, and the exit status is 2.
A board whose deal is unknown ([Deal \"?\"]) is left as it is with a note.

FILE `-` reads stdin (and writes stdout). With -o or --in-place a regular file is written
whole to a temporary file beside it, given the old file's mode and owner, then renamed over
it (a symbolic link is followed and its target replaced): a failure or Ctrl-C never leaves
half a file, and no stale byte stays (a regular file under /dev/shm too). A read-only
file is refused unless --force is given. A FIFO, device or socket is written into as a
stream; -o /dev/stdout (or /dev/stderr) writes through the descriptor the shell set up, so
`-o /dev/stdout >> log` appends.")]
pub struct AnnotateArgs {
    /// The PBN file; `-` for stdin.
    pub file: PathBuf,
    /// Write the annotated file to OUT instead of stdout.
    #[arg(short, long, value_name = "OUT", conflicts_with = "in_place")]
    pub output: Option<PathBuf>,
    /// Replace FILE with the annotated file.
    #[arg(long)]
    pub in_place: bool,
    /// Replace the output file (FILE with --in-place) even if it is read-only.
    #[arg(long)]
    pub force: bool,
    /// The longest line read, in bytes (longer is an error).
    #[arg(long, value_name = "BYTES", default_value_t = ddsolve_formats::pbn_file::MAX_LINE_BYTES)]
    pub max_line_bytes: usize,
    /// Worker threads, each with its own solver [default: every core].
    #[arg(long, value_name = "N")]
    pub threads: Option<NonZeroUsize>,
    /// No progress bar (it is shown only when stderr is a terminal anyway).
    #[arg(long, short)]
    pub quiet: bool,
    /// --tt-mb.
    #[command(flatten)]
    pub solver: crate::solver_args::SolverArgs,
}

/// Runs `ddsolve annotate`.
pub fn run(args: &AnnotateArgs, out: &mut dyn Write) -> Result<ExitCode, CliError> {
    let stdin = args.file == Path::new("-");
    let name = if stdin {
        "stdin".to_string()
    } else {
        args.file.display().to_string()
    };
    if stdin && args.in_place {
        return Err(CliError::input(
            "--in-place needs a file to replace; FILE is `-` (stdin): use -o OUT or stdout",
        ));
    }
    // The output file first: a folder that cannot be written fails before any solving.
    let target = match (&args.output, args.in_place) {
        (Some(path), _) => Some(OutputFile::create(path, args.force)?),
        (None, true) => Some(OutputFile::create(&args.file, args.force)?),
        (None, false) => None,
    };
    let bytes = if stdin {
        let mut v = Vec::new();
        std::io::stdin()
            .read_to_end(&mut v)
            .map_err(|e| CliError::input(format!("cannot read stdin: {e}")))?;
        v
    } else {
        std::fs::read(&args.file)
            .map_err(|e| CliError::input(format!("cannot read {name}: {e}")))?
    };
    let mut progress = None;
    let done = annotate_with(
        &bytes,
        &Limits {
            max_line_bytes: args.max_line_bytes,
        },
        thread_count(args.threads),
        || args.solver.solver(),
        |_, total| {
            progress
                .get_or_insert_with(|| Progress::new(Some(total as u64), args.quiet, "boards"))
                .inc()
        },
    )
    .map_err(|e| match e {
        AnnotateError::Parse(_) => CliError::input(format!("{name}, {e}")),
        AnnotateError::NoBoard(_) => CliError::input(format!("{name}: {e}")),
    })?;
    if let Some(p) = &progress {
        p.finish();
    }
    for message in &done.notes {
        eprintln!("ddsolve: note: {name}, {message}");
    }
    for message in &done.skipped {
        eprintln!("ddsolve: {name}, {message}");
    }
    let annotated = done.bytes;
    let bad = done.skipped;

    match target {
        Some(file) => file.commit(&annotated)?,
        None => {
            out.write_all(&annotated)?;
            out.flush()?;
        }
    }
    if !bad.is_empty() {
        let n = bad.len();
        let s = if n == 1 { "" } else { "s" };
        return Err(CliError::Reported(format!(
            "{n} board{s} of {name} not annotated (reported above)"
        )));
    }
    Ok(ExitCode::SUCCESS)
}
