//! Annotating a PBN hand-record file: the double-dummy table and par of every board that has
//! a deal, every other byte of the file kept. `ddsolve annotate` and the server's
//! `/api/annotate` both run this.
//!
//! Each board gets `[DoubleDummyTricks]`, `[OptimumResultTable]` with its 20 rows,
//! `[OptimumScore]` and `[ParContract]` (the BridgeComposer tags), in place of any it had, at
//! the line of the first old one that begins its line, or else at the end of the board (new
//! lines never go into the middle of a line). The par is DDS's `DealerPar` with the board's
//! `[Dealer]` and `[Vulnerable]` (or those its `[Board]` number gives). The file is read and
//! written with `ddsolve_formats::pbn_file`.
//!
//! ```
//! let file = b"[Board \"1\"]\n[Deal \"N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3\"]\n";
//! let done = ddsolve::annotate::annotate(file, 1, ddsolve::Solver::new, |_, _| {})?;
//! let text = String::from_utf8(done.bytes)?;
//! assert!(text.contains("[ParContract \"EW 2S\"]"));
//! assert!(done.skipped.is_empty());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use ddsolve_cards::{DdTable, Deal, Seat, Vulnerability};
use ddsolve_exec::pool::{ordered_map, PoolOptions};
use ddsolve_formats::pbn_file::{
    double_dummy_tricks, optimum_result_table, tag_line, Game, GameDeal, GameEdit, Limits, PbnFile,
    DD_TAGS,
};
use ddsolve_par::{dealer_par, DealerPar};
use ddsolve_search::{MoveOrdering, Solver, TranspositionTable};

/// Why a file cannot be annotated at all.
#[derive(Debug, thiserror::Error)]
pub enum AnnotateError {
    /// The file is not PBN (the message names the line).
    #[error("{0}")]
    Parse(String),
    /// The file holds no board with a deal.
    #[error("no board to annotate: {0}")]
    NoBoard(String),
}

/// An annotated file.
#[derive(Debug)]
pub struct Annotated {
    /// The whole file, annotated.
    pub bytes: Vec<u8>,
    /// Boards annotated.
    pub boards: usize,
    /// Boards left as they were, each with why (`board 3, line 41: [Deal]: ...`).
    pub skipped: Vec<String>,
    /// Boards left as they were on purpose, each with a note: a deal PBN marks unknown
    /// (`[Deal "?"]`).
    pub notes: Vec<String>,
}

/// A board to annotate.
#[derive(Clone, Copy, Debug)]
struct Board {
    game: usize,
    deal: Deal,
    dealer: Seat,
    vul: Vulnerability,
}

/// [`annotate_with`] within the default [`Limits`] (lines of at most 1 MB).
pub fn annotate<T, O>(
    bytes: &[u8],
    threads: usize,
    make: impl Fn() -> Solver<T, O> + Sync,
    progress: impl FnMut(usize, usize),
) -> Result<Annotated, AnnotateError>
where
    T: TranspositionTable + Send,
    O: MoveOrdering + Send,
{
    annotate_with(bytes, &Limits::default(), threads, make, progress)
}

/// Annotates the PBN file `bytes` (lines within `limits`) with `threads` workers, each with a solver from `make`;
/// `progress(done, total)` is called after each board solved. Boards that cannot be read are left alone and
/// listed in [`Annotated::skipped`].
pub fn annotate_with<T, O>(
    bytes: &[u8],
    limits: &Limits,
    threads: usize,
    make: impl Fn() -> Solver<T, O> + Sync,
    mut progress: impl FnMut(usize, usize),
) -> Result<Annotated, AnnotateError>
where
    T: TranspositionTable + Send,
    O: MoveOrdering + Send,
{
    let pbn =
        PbnFile::parse_with(bytes, 1, limits).map_err(|e| AnnotateError::Parse(e.to_string()))?;
    let mut boards = Vec::new();
    let mut skipped = Vec::new();
    let mut notes = Vec::new();
    for (i, game) in pbn.games().iter().enumerate() {
        match board(i, game) {
            Ok(Found::Board(b)) => boards.push(b),
            Ok(Found::Nothing) => {}
            Ok(Found::Note(note)) => notes.push(note),
            Err(message) => skipped.push(message),
        }
    }
    if boards.is_empty() && skipped.is_empty() && notes.is_empty() {
        let why = match pbn.games().len() {
            0 => "the file holds no PBN game".to_string(),
            n => {
                let s = if n == 1 { "" } else { "s" };
                format!("none of its {n} game{s} has a [Deal] tag")
            }
        };
        return Err(AnnotateError::NoBoard(why));
    }
    let mut edits = Vec::with_capacity(boards.len());
    // The pool's streaming form (not `map_in_order`): progress is told as each board is done.
    let Ok(()) = ordered_map(
        boards.iter().copied(),
        &PoolOptions::with_threads(threads),
        make,
        |solver, b| (b, solver.table(&b.deal)),
        |_, (b, table)| {
            edits.push(GameEdit {
                game: b.game,
                remove: DD_TAGS.iter().map(|s| s.to_string()).collect(),
                insert: dd_lines(&table, b.dealer, b.vul),
            });
            progress(edits.len(), boards.len());
            Ok::<(), std::convert::Infallible>(())
        },
    );
    Ok(Annotated {
        bytes: pbn.rewrite(&edits),
        boards: boards.len(),
        skipped,
        notes,
    })
}

/// What a game holds for annotation.
enum Found {
    /// A board to annotate.
    Board(Board),
    /// No deal.
    Nothing,
    /// A board left alone on purpose, with a note (`[Deal "?"]`).
    Note(String),
}

/// The board of game `i`, or why it cannot be annotated.
fn board(i: usize, game: &Game) -> Result<Found, String> {
    let at = |line: usize, what: String| match game.value("Board") {
        Some(b) => format!("board {}, line {line}: {what}", b.trim()),
        None => format!("line {line}: {what}"),
    };
    let (deal, line) = match game.deal().map_err(|e| e.to_string())? {
        GameDeal::Missing => return Ok(Found::Nothing),
        GameDeal::Unknown { line } => {
            return Ok(Found::Note(at(
                line,
                "[Deal \"?\"]: the deal is unknown; board left as it is".into(),
            )))
        }
        GameDeal::Known { deal, line } => (deal, line),
    };
    if deal.cards_per_hand() != 13 {
        return Err(at(
            line,
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
    Ok(Found::Board(Board {
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

/// The par contracts as a player reads them ([`ddsolve_par::ParContract::text`]), separated
/// by `; `: `NS 4S`, `EW 4Sx-1; EW 5Dx-1`; `Pass` if passed out.
pub fn par_contracts(par: &DealerPar) -> String {
    if par.contracts.is_empty() {
        return "Pass".to_string();
    }
    par.contracts
        .iter()
        .map(|c| c.text())
        .collect::<Vec<_>>()
        .join("; ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use ddsolve_cards::Strain;
    use ddsolve_par::{Declarers, ParContract, ParOutcome};

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
        assert_eq!(sac.text(), "EW 4Sx-1");
        let over = ParContract {
            level: 1,
            strain: Strain::NoTrump,
            declarers: Declarers::Seat(Seat::North),
            outcome: ParOutcome::Makes { overtricks: 1 },
        };
        assert_eq!(over.text(), "N 1NT+1");
    }
}
