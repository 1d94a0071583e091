//! `SolveBoard` and `SolveBoardPBN`: the cards of the hand to play and their values, with
//! DDS's `target`, `solutions` and `mode`.
//!
//! - `solutions` 3: every card (one per class of equivalent cards) with its value;
//!   `target` and `mode` do not matter.
//! - `target` 0 (with `solutions` 1 or 2): the cards without searching, score 0 each;
//!   `cards` is 1 with `solutions` 1 (the arrays still list every card, as DDS does).
//! - `target` -1: the best value and one best card (`solutions` 1) or every best card (2);
//!   when the best is 0, every card scores 0.
//! - `target` 1..=13: one card (or every card) that reaches the target, score = target; none
//!   found gives `cards` 0 and `score[0]` -1 (0 when the target was 1), as DDS.
//! - `mode` 0 with a single card class to play: that card, score -2, no search.
//! - The last trick: the one card of the hand to play, no search.
//!
//! Scores are tricks of the side to play from the current position on, the current trick
//! included. `equals` are the lower ranks of the same class (rank r at bit r), the card
//! itself left out. Cards of equal value come in DDS's order, and `solutions` 1 gives the
//! card DDS gives among equally good ones (`CardOrder::Dds`: DDS's root move ordering).

use crate::boundary::guard;
use crate::convert::position::{checked_position, range_checks};
use crate::convert::put_card;
use crate::ffi::*;
use crate::prelude::*;
use crate::threads::thread_index_ok;
use ddsolve::search::dds_root_order;
use ddsolve::CardOrder;

pub use crate::convert::deal_of_pbn;
pub use crate::thread_solver::{free_thread_solver, with_thread_solver};

/// The card classes the hand to play may choose from, in DDS's root order: for each legal
/// card that tops a run of its own cards (no other card still in play between them, the
/// current trick's counted as in play), the card and the other ranks of the run.
pub fn card_classes(pos: &Position) -> Vec<(Card, Holding)> {
    dds_root_order(pos)
        .into_iter()
        .map(|m| (m.card, m.equals - Holding::single(m.card.rank())))
        .collect()
}

/// `SolveBoard` on a checked deal, with `solver`.
pub fn solve_board(
    solver: &mut Solver,
    dl: &DealBin,
    target: i32,
    solutions: i32,
    mode: i32,
) -> Result<FutureTricks, i32> {
    range_checks(dl, target, solutions, mode)?;
    let pos = checked_position(dl, target)?;
    let mut fut = FutureTricks::default();
    let to_play = pos.hand(pos.to_play());
    if pos.remaining().len() <= 4 {
        let card = to_play.iter().next().ok_or(RETURN_ZERO_CARDS)?;
        let score = if target == 0 && solutions < 3 {
            0
        } else {
            i32::from(solver.tricks(&pos))
        };
        fut.cards = 1;
        put_card(&mut fut, 0, card, Holding::EMPTY, score);
        return Ok(fut);
    }
    let classes = card_classes(&pos);
    let list_all = |fut: &mut FutureTricks, cards: i32| {
        fut.cards = cards;
        for (i, &(card, equals)) in classes.iter().enumerate().take(13) {
            put_card(fut, i, card, equals, 0);
        }
    };
    if mode == 0 && classes.len() == 1 {
        let (card, equals) = classes[0];
        fut.cards = 1;
        put_card(&mut fut, 0, card, equals, -2);
        return Ok(fut);
    }
    if solutions != 3 && target == 0 {
        list_all(
            &mut fut,
            if solutions == 1 {
                1
            } else {
                classes.len() as i32
            },
        );
        return Ok(fut);
    }
    let (goal, how) = match (solutions, target) {
        (3, _) => (Target::Max, Solutions::All),
        (1, -1) => (Target::Max, Solutions::One),
        (_, -1) => (Target::Max, Solutions::AllBest),
        (1, t) => (Target::AtLeast(t as u8), Solutions::One),
        (_, t) => (Target::AtLeast(t as u8), Solutions::AllBest),
    };
    let solution = solver
        .solve_in_order(&pos, goal, how, CardOrder::Dds)
        .map_err(|_| RETURN_UNKNOWN_FAULT)?;
    let nodes = i32::try_from(solution.nodes).unwrap_or(i32::MAX);
    if goal == Target::Max
        && how != Solutions::All
        && solution.cards.first().map(|c| c.tricks) == Some(0)
    {
        list_all(
            &mut fut,
            if solutions == 1 {
                1
            } else {
                classes.len() as i32
            },
        );
        fut.nodes = nodes;
        return Ok(fut);
    }
    if solution.cards.is_empty() {
        fut.cards = 0;
        fut.score[0] = if target > 1 { -1 } else { 0 };
        fut.nodes = nodes;
        return Ok(fut);
    }
    fut.cards = solution.cards.len().min(13) as i32;
    for (i, c) in solution.cards.iter().enumerate().take(13) {
        let equals = c.equals - Holding::single(c.card.rank());
        put_card(&mut fut, i, c.card, equals, i32::from(c.tricks));
    }
    fut.nodes = nodes;
    Ok(fut)
}

/// The common body of `SolveBoard` and `SolveBoardPBN`.
fn solve_entry(
    dl: impl FnOnce() -> Result<DealBin, i32>,
    target: i32,
    solutions: i32,
    mode: i32,
    futp: *mut FutureTricks,
    thread_index: i32,
) -> i32 {
    guard(|| {
        let dl = dl()?;
        if !thread_index_ok(thread_index) {
            return Err(RETURN_THREAD_INDEX);
        }
        if futp.is_null() {
            return Err(RETURN_UNKNOWN_FAULT);
        }
        let fut = with_thread_solver(|s| solve_board(s, &dl, target, solutions, mode))?;
        // SAFETY: `futp` is not null, and the caller passes a valid, writable, aligned
        // futureTricks.
        unsafe { futp.write(fut) };
        Ok(())
    })
}

/// `SolveBoard`: see the module documentation.
///
/// # Safety
/// `futp` is null (`RETURN_UNKNOWN_FAULT`) or points to a writable `struct futureTricks`.
#[no_mangle]
pub unsafe extern "C" fn SolveBoard(
    dl: DealBin,
    target: i32,
    solutions: i32,
    mode: i32,
    futp: *mut FutureTricks,
    thread_index: i32,
) -> i32 {
    solve_entry(|| Ok(dl), target, solutions, mode, futp, thread_index)
}

/// `SolveBoardPBN`: `SolveBoard` with the cards as a PBN string.
///
/// # Safety
/// As [`SolveBoard`].
#[no_mangle]
pub unsafe extern "C" fn SolveBoardPBN(
    dlpbn: DealPbn,
    target: i32,
    solutions: i32,
    mode: i32,
    futp: *mut FutureTricks,
    thr_id: i32,
) -> i32 {
    solve_entry(
        || deal_of_pbn(&dlpbn),
        target,
        solutions,
        mode,
        futp,
        thr_id,
    )
}
