//! Play analysis: `AnalysePlayBin`, `AnalysePlayPBN`, `AnalyseAllPlaysBin`,
//! `AnalyseAllPlaysPBN`.
//!
//! As DDS: declarer is the hand to the right of the deal's `first`; `tricks[0]` is
//! declarer's side's double-dummy tricks before the play, `tricks[i]` after the i-th card
//! (tricks won in the play plus double-dummy tricks from there); the last trick is not
//! analysed, so a whole deal's 52 cards give 49 values (`number`). The deal is checked as
//! `SolveBoard` checks it, with its codes; a card that is not a card, or that the hand to
//! play does not hold, is `RETURN_PLAY_FAULT`. Unlike DDS, a card that does not follow suit
//! when it could is `RETURN_PLAY_FAULT` too.

use crate::boundary::guard;
use crate::convert::pbn::play_from_pbn;
use crate::convert::position::{checked_position, range_checks};
use crate::convert::{card_of, cards_of_bin, deal_of_pbn};
use crate::ffi::*;
use crate::prelude::*;
use crate::thread_solver::with_thread_solver;
use crate::threads::{thread_index_ok, workers};

pub use crate::convert::board_count;

/// Declarer's side's tricks in `pos`: won so far plus double-dummy from here.
fn declarer_value(solver: &mut Solver, pos: &Position, side: Side) -> u8 {
    let won = pos.tricks_won(side) as u8;
    if pos.is_finished() {
        return won;
    }
    let t = solver.tricks(pos);
    if pos.to_play().side() == side {
        won + t
    } else {
        won + pos.tricks_left() as u8 - t
    }
}

/// `AnalysePlayBin` on a deal and cards, with `solver`.
pub fn analyse(solver: &mut Solver, dl: &DealBin, cards: &[Card]) -> Result<SolvedPlay, i32> {
    range_checks(dl, -1, 1, 1)?;
    let start = checked_position(dl, -1)?;
    let in_trick = start.trick().len();
    let tricks_left = start.tricks_left() as usize;
    let cap = (4 * tricks_left.saturating_sub(1)).saturating_sub(in_trick);
    let cards = &cards[..cards.len().min(cap)];
    let declarer = start.leader().prev();
    let values: PlayValues = if in_trick == 0 {
        let deal = Deal::new(*start.hands()).map_err(|_| RETURN_CARD_COUNT)?;
        solver
            .analyse_play(&deal, start.trump(), start.leader(), cards)
            .map_err(|_| RETURN_PLAY_FAULT)?
            .tricks
    } else {
        let mut positions = vec![start.clone()];
        let mut pos = start;
        for &card in cards {
            pos.play(card).map_err(|_| RETURN_PLAY_FAULT)?;
            positions.push(pos.clone());
        }
        positions
            .iter()
            .map(|p| declarer_value(solver, p, declarer.side()))
            .collect()
    };
    let mut out = SolvedPlay {
        number: values.len() as i32,
        tricks: [0; 53],
    };
    for (t, v) in out.tricks.iter_mut().zip(&values) {
        *t = i32::from(*v);
    }
    Ok(out)
}

/// The common body of `AnalysePlayBin` and `AnalysePlayPBN`.
fn analyse_entry(
    input: impl FnOnce() -> Result<(DealBin, Vec<Card>), i32>,
    solved: *mut SolvedPlay,
    thr_id: i32,
) -> i32 {
    guard(|| {
        let (dl, cards) = input()?;
        if !thread_index_ok(thr_id) {
            return Err(RETURN_THREAD_INDEX);
        }
        if solved.is_null() {
            return Err(RETURN_UNKNOWN_FAULT);
        }
        let result = with_thread_solver(|s| analyse(s, &dl, &cards))?;
        // SAFETY: `solved` is not null, and the caller passes a valid, writable solvedPlay.
        unsafe { solved.write(result) };
        Ok(())
    })
}

/// `AnalysePlayBin`: see the module documentation.
///
/// # Safety
/// `solved` is null (`RETURN_UNKNOWN_FAULT`) or points to a writable `solvedPlay`.
#[no_mangle]
pub unsafe extern "C" fn AnalysePlayBin(
    dl: DealBin,
    play: PlayTraceBin,
    solved: *mut SolvedPlay,
    thr_id: i32,
) -> i32 {
    analyse_entry(|| Ok((dl, cards_of_bin(&play)?)), solved, thr_id)
}

/// `AnalysePlayPBN`: `AnalysePlayBin` with the deal and the cards as PBN text.
///
/// # Safety
/// As [`AnalysePlayBin`].
#[no_mangle]
pub unsafe extern "C" fn AnalysePlayPBN(
    dl_pbn: DealPbn,
    play_pbn: PlayTracePbn,
    solvedp: *mut SolvedPlay,
    thr_id: i32,
) -> i32 {
    analyse_entry(
        || {
            let dl = deal_of_pbn(&dl_pbn)?;
            let play = play_from_pbn(play_pbn.number, &play_pbn.cards)?;
            let cards = play
                .into_iter()
                .map(|(s, r)| card_of(s, r))
                .collect::<Result<_, _>>()?;
            Ok((dl, cards))
        },
        solvedp,
        thr_id,
    )
}

/// Analyses `jobs` on the pool; writes each success into `out`, returns the last failure's
/// code (DDS returns one of them).
fn analyse_all(
    jobs: &[(DealBin, Result<Vec<Card>, i32>)],
    out: &mut SolvedPlays,
) -> Result<(), i32> {
    let analysed = map_in_order(
        workers(jobs.len()),
        jobs,
        Solver::new,
        |solver, (dl, cards)| match cards {
            Ok(cards) => analyse(solver, dl, cards),
            Err(code) => Err(*code),
        },
    );
    let mut error = None;
    for (i, r) in analysed.into_iter().enumerate() {
        match r {
            Ok(solved) => out.solved[i] = solved,
            Err(code) => error = Some(code),
        }
    }
    out.no_of_boards = jobs.len() as i32;
    error.map_or(Ok(()), Err)
}

/// `AnalyseAllPlaysBin`: `AnalysePlayBin` of every board, in parallel (`chunkSize` is not
/// used, as in DDS). The boards and plays must be as many: else `RETURN_UNKNOWN_FAULT`.
///
/// # Safety
/// Each pointer is null (`RETURN_UNKNOWN_FAULT`) or points to a valid struct of its type.
#[no_mangle]
pub unsafe extern "C" fn AnalyseAllPlaysBin(
    bop: *mut Boards,
    plp: *mut PlayTracesBin,
    solvedp: *mut SolvedPlays,
    chunk_size: i32,
) -> i32 {
    let _ = chunk_size;
    guard(|| {
        // SAFETY: null or valid, read only.
        let (bo, pl) = unsafe { (bop.as_ref(), plp.as_ref()) };
        let (bo, pl) = bo.zip(pl).ok_or(RETURN_UNKNOWN_FAULT)?;
        // SAFETY: null or valid and writable, not otherwise referenced during the call.
        let out = unsafe { solvedp.as_mut() }.ok_or(RETURN_UNKNOWN_FAULT)?;
        let n = board_count(bo.no_of_boards)?;
        if bo.no_of_boards != pl.no_of_boards {
            return Err(RETURN_UNKNOWN_FAULT);
        }
        let jobs: Vec<_> = (0..n)
            .map(|i| (bo.deals[i], cards_of_bin(&pl.plays[i])))
            .collect();
        analyse_all(&jobs, out)
    })
}

/// `AnalyseAllPlaysPBN`: `AnalyseAllPlaysBin` with PBN deals and plays.
///
/// # Safety
/// As [`AnalyseAllPlaysBin`].
#[no_mangle]
pub unsafe extern "C" fn AnalyseAllPlaysPBN(
    bop_pbn: *mut BoardsPbn,
    plp_pbn: *mut PlayTracesPbn,
    solvedp: *mut SolvedPlays,
    chunk_size: i32,
) -> i32 {
    let _ = chunk_size;
    guard(|| {
        // SAFETY: null or valid, read only.
        let (bo, pl) = unsafe { (bop_pbn.as_ref(), plp_pbn.as_ref()) };
        let (bo, pl) = bo.zip(pl).ok_or(RETURN_UNKNOWN_FAULT)?;
        // SAFETY: null or valid and writable, not otherwise referenced during the call.
        let out = unsafe { solvedp.as_mut() }.ok_or(RETURN_UNKNOWN_FAULT)?;
        let n = board_count(bo.no_of_boards)?;
        let deals: Vec<DealBin> = bo.deals[..n]
            .iter()
            .map(deal_of_pbn)
            .collect::<Result<_, i32>>()?;
        let plays = board_count(pl.no_of_boards)?;
        let mut cards = Vec::with_capacity(plays);
        for p in &pl.plays[..plays] {
            let play = play_from_pbn(p.number, &p.cards)?;
            let c: Vec<Card> = play
                .into_iter()
                .map(|(s, r)| card_of(s, r))
                .collect::<Result<_, _>>()?;
            cards.push(c);
        }
        if n != plays {
            return Err(RETURN_UNKNOWN_FAULT);
        }
        let jobs: Vec<_> = deals.into_iter().zip(cards.into_iter().map(Ok)).collect();
        analyse_all(&jobs, out)
    })
}
