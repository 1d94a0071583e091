//! `ddsolve annotate`: a PBN hand-record file with the double-dummy table and par of every
//! board that has a deal, every other byte of the file kept.
//!
//! Each board gets `[DoubleDummyTricks]`, `[OptimumResultTable]` with its 20 rows,
//! `[OptimumScore]` and `[ParContract]` (the BridgeComposer tags), in place of any it had, at
//! the line of the first old one that begins its line, or else at the end of the board (new
//! lines never go into the middle of a line). The par is DDS's
//! `DealerPar` with the board's `[Dealer]` and `[Vulnerable]` (or those its `[Board]` number
//! gives). The file is read and written with `ddsolve_formats::pbn_file`.

use crate::error::CliError;
use crate::output::TempGuard;
use crate::progress::Progress;
use crate::stream::thread_count;
use clap::Args;
use ddsolve_cards::{DdTable, Deal, Seat, Strain, Vulnerability};
use ddsolve_formats::pbn_file::{
    double_dummy_tricks, optimum_result_table, tag_line, Game, GameEdit, PbnFile, DD_TAGS,
};
use ddsolve_par::{dealer_par, DealerPar, Declarers, ParContract, ParOutcome};
use ddsolve_search::pool::{ordered_map, PoolOptions};
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

/// A board to annotate.
#[derive(Clone, Copy, Debug)]
struct Board {
    game: usize,
    deal: Deal,
    dealer: Seat,
    vul: Vulnerability,
}

/// Runs `ddsolve annotate`.
pub fn run(args: &AnnotateArgs, out: &mut dyn Write) -> Result<ExitCode, CliError> {
    let name = args.file.display().to_string();
    let bytes = std::fs::read(&args.file)
        .map_err(|e| CliError::input(format!("cannot read {name}: {e}")))?;
    let pbn = PbnFile::parse(&bytes).map_err(|e| CliError::input(format!("{name}, {e}")))?;

    let mut boards = Vec::new();
    let mut bad = Vec::new();
    for (i, game) in pbn.games().iter().enumerate() {
        match board(i, game) {
            Ok(Some(b)) => boards.push(b),
            Ok(None) => {}
            Err(message) => bad.push(format!("ddsolve: {name}, {message}")),
        }
    }
    if boards.is_empty() && bad.is_empty() {
        let why = match pbn.games().len() {
            0 => "the file holds no PBN game".to_string(),
            n => {
                let s = if n == 1 { "" } else { "s" };
                format!("none of its {n} game{s} has a [Deal] tag")
            }
        };
        return Err(CliError::input(format!(
            "{name}: no board to annotate: {why}"
        )));
    }
    let progress = Progress::new(Some(boards.len() as u64), args.quiet, "boards");
    for message in &bad {
        progress.warn(message);
    }

    let mut edits = Vec::with_capacity(boards.len());
    let result: Result<(), std::convert::Infallible> = ordered_map(
        boards.iter().copied(),
        &PoolOptions::with_threads(thread_count(args.threads)),
        || args.solver.solver(),
        |solver, b| (b, solver.table(&b.deal)),
        |_, (b, table)| {
            edits.push(GameEdit {
                game: b.game,
                remove: DD_TAGS.iter().map(|s| s.to_string()).collect(),
                insert: dd_lines(&table, b.dealer, b.vul),
            });
            progress.inc();
            Ok(())
        },
    );
    if let Err(never) = result {
        match never {}
    }
    progress.finish();
    let annotated = pbn.rewrite(&edits);

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

/// The board of game `i`, `None` if it has no deal, or why it cannot be annotated.
fn board(i: usize, game: &Game) -> Result<Option<Board>, String> {
    let Some(tag) = game.tag("Deal") else {
        return Ok(None);
    };
    let text = tag.text();
    if text.trim().is_empty() {
        return Ok(None);
    }
    let at = |line: usize, what: String| match game.value("Board") {
        Some(b) => format!("board {}, line {line}: {what}", b.trim()),
        None => format!("line {line}: {what}"),
    };
    let deal = Deal::from_pbn(&text).map_err(|e| at(tag.line, format!("[Deal]: {e}")))?;
    if deal.cards_per_hand() != 13 {
        return Err(at(
            tag.line,
            format!(
                "[Deal]: a hand record needs 13 cards a hand; this deal has {}",
                deal.cards_per_hand()
            ),
        ));
    }
    let dealer = game.dealer().map_err(|e| e.to_string())?.ok_or_else(|| {
        at(
            game.line,
            "no [Dealer] and no board number to say who deals".into(),
        )
    })?;
    let vul = game
        .vulnerability()
        .map_err(|e| e.to_string())?
        .ok_or_else(|| {
            at(
                game.line,
                "no [Vulnerable] and no board number to say who is vulnerable".into(),
            )
        })?;
    Ok(Some(Board {
        game: i,
        deal,
        dealer,
        vul,
    }))
}

/// The double-dummy tags of a board.
fn dd_lines(table: &DdTable, dealer: Seat, vul: Vulnerability) -> Vec<String> {
    let par = dealer_par(table, dealer, vul);
    let mut lines = vec![tag_line("DoubleDummyTricks", &double_dummy_tricks(table))];
    lines.extend(optimum_result_table(table));
    lines.push(tag_line("OptimumScore", &optimum_score(&par)));
    lines.push(tag_line("ParContract", &par_contracts(&par)));
    lines
}

/// `NS 620` or `EW 100`: the par score from the side that gains (`NS 0` if none does).
pub fn optimum_score(par: &DealerPar) -> String {
    if par.score >= 0 {
        format!("NS {}", par.score)
    } else {
        format!("EW {}", -par.score)
    }
}

/// The par contracts as BridgeComposer writes them, separated by `; `: declarer(s), level,
/// strain (`NT` for notrump), `x` for a doubled sacrifice, then the tricks over (`+1`) or
/// under (`-2`) the contract if any: `NS 4S`, `EW 4Sx-1`, `N 1NT+1`; `Pass` if passed out.
pub fn par_contracts(par: &DealerPar) -> String {
    if par.contracts.is_empty() {
        return "Pass".to_string();
    }
    par.contracts
        .iter()
        .map(contract_text)
        .collect::<Vec<_>>()
        .join("; ")
}

fn contract_text(c: &ParContract) -> String {
    let declarers = match c.declarers {
        Declarers::Seat(seat) => seat.letter().to_string(),
        Declarers::Side(side) => crate::json::side_name(side).to_string(),
    };
    let strain = if c.strain == Strain::NoTrump {
        "NT".to_string()
    } else {
        c.strain.letter().to_string()
    };
    let (x, result) = match c.outcome {
        ParOutcome::Makes { overtricks: 0 } => ("", String::new()),
        ParOutcome::Makes { overtricks } => ("", format!("+{overtricks}")),
        ParOutcome::Sacrifice { undertricks } => ("x", format!("-{undertricks}")),
    };
    format!("{declarers} {}{strain}{x}{result}", c.level)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn par_texts() {
        // list10's first deal: EW 2S, NS -110.
        let t =
            DdTable::from_dds_order([5, 8, 5, 8, 6, 6, 6, 6, 5, 7, 5, 7, 7, 5, 7, 5, 6, 6, 6, 6])
                .unwrap();
        let p = dealer_par(&t, Seat::North, Vulnerability::None);
        assert_eq!(optimum_score(&p), "EW 110");
        assert_eq!(par_contracts(&p), "EW 2S");
        let passed = DdTable::from_dds_order([6; 20]).unwrap();
        let p = dealer_par(&passed, Seat::North, Vulnerability::None);
        assert_eq!(
            (optimum_score(&p), par_contracts(&p)),
            ("NS 0".into(), "Pass".into())
        );
        let sac = ParContract {
            level: 4,
            strain: Strain::Spades,
            declarers: Declarers::Side(ddsolve_cards::Side::EastWest),
            outcome: ParOutcome::Sacrifice { undertricks: 1 },
        };
        assert_eq!(contract_text(&sac), "EW 4Sx-1");
        let over = ParContract {
            level: 1,
            strain: Strain::NoTrump,
            declarers: Declarers::Seat(Seat::North),
            outcome: ParOutcome::Makes { overtricks: 1 },
        };
        assert_eq!(contract_text(&over), "N 1NT+1");
    }
}
