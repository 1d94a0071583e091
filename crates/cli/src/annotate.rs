//! `ddsolve annotate`: a PBN hand-record file with the double-dummy table and par of every
//! board that has a deal, every other byte of the file kept (the work is the front crate's
//! `ddsolve::annotate`; this module reads the file, shows progress and writes the result).

use crate::error::CliError;
use crate::output::TempGuard;
use crate::progress::Progress;
use crate::stream::thread_count;
use clap::Args;
use ddsolve::annotate::{annotate, AnnotateError};
use std::io::Write;
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
With -o or --in-place the file is written whole to a temporary file, then renamed: a failure
or Ctrl-C never leaves half a file.")]
pub struct AnnotateArgs {
    /// The PBN file.
    pub file: PathBuf,
    /// Write the annotated file to OUT instead of stdout.
    #[arg(short, long, value_name = "OUT", conflicts_with = "in_place")]
    pub output: Option<PathBuf>,
    /// Replace FILE with the annotated file.
    #[arg(long)]
    pub in_place: bool,
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
    let name = args.file.display().to_string();
    let bytes = std::fs::read(&args.file)
        .map_err(|e| CliError::input(format!("cannot read {name}: {e}")))?;
    let mut progress = None;
    let done = annotate(
        &bytes,
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
    for message in &done.skipped {
        eprintln!("ddsolve: {name}, {message}");
    }
    let annotated = done.bytes;
    let bad = done.skipped;

    let target = match (&args.output, args.in_place) {
        (Some(path), _) => Some(path.as_path()),
        (None, true) => Some(args.file.as_path()),
        (None, false) => None,
    };
    match target {
        Some(path) => write_whole(path, &annotated)?,
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

/// Writes `bytes` to `path` whole: to a temporary file beside it, then renamed over it. On
/// any failure (or Ctrl-C) the temporary file is removed and `path` is untouched.
fn write_whole(path: &Path, bytes: &[u8]) -> Result<(), CliError> {
    let name = path.display().to_string();
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let fail = |e: std::io::Error| CliError::input(format!("cannot write {name}: {e}"));
    let mut tmp = tempfile::Builder::new()
        .prefix(".ddsolve-")
        .suffix(".tmp")
        .tempfile_in(&dir)
        .map_err(fail)?;
    let _guard = TempGuard::new(tmp.path());
    tmp.write_all(bytes).map_err(fail)?;
    tmp.as_file().sync_all().map_err(fail)?;
    tmp.persist(path).map_err(|e| fail(e.error))?;
    Ok(())
}
