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
use crate::ffi::*;
use crate::pbn::holdings_from_pbn;
use crate::position::{checked_position, range_checks};
use crate::prelude::*;
use crate::threads::thread_index_ok;
use ddsolve::search::dds_root_order;
use ddsolve::CardOrder;
use std::cell::RefCell;

thread_local! {
    /// The calling thread's solver, kept between calls as DDS keeps one per `threadIndex`:
    /// its transposition table stays warm from call to call (the cards of one deal, the
    /// leads of one sample after another, the next card of a play), which is sound for any
    /// positions with the same trumps (`ddsolve::search::Solver`'s "Warm tables"); another
    /// trump suit clears it. DDS reuses its table only for the same deal and trumps; this
    /// one also keeps it across deals, where its entries stay true. Its answers do not depend
    /// on what it solved before; it is taken out while in use, so a panic drops it.
    static SOLVER: RefCell<Option<Solver>> = const { RefCell::new(None) };
}

/// Runs `f` with the calling thread's solver.
pub fn with_thread_solver<R>(f: impl FnOnce(&mut Solver) -> R) -> R {
    let mut solver = SOLVER.with(|s| s.borrow_mut().take()).unwrap_or_default();
    let r = f(&mut solver);
    SOLVER.with(|s| *s.borrow_mut() = Some(solver));
    r
}

/// Drops the calling thread's solver (`FreeMemory`).
pub fn free_thread_solver() {
    SOLVER.with(|s| *s.borrow_mut() = None);
}

/// The card classes the hand to play may choose from, in DDS's root order: for each legal
/// card that tops a run of its own cards (no other card still in play between them, the
/// current trick's counted as in play), the card and the other ranks of the run.
pub fn card_classes(pos: &Position) -> Vec<(Card, Holding)> {
    dds_root_order(pos)
        .into_iter()
        .map(|m| (m.card, m.equals - Holding::single(m.card.rank())))
        .collect()
}

/// Writes one card into `fut`'s slot `i`.
fn put(fut: &mut FutureTricks, i: usize, card: Card, equals: Holding, score: i32) {
    fut.suit[i] = card.suit().index() as i32;
    fut.rank[i] = i32::from(card.rank().get());
    fut.equals[i] = i32::from(equals.bits());
    fut.score[i] = score;
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
        put(&mut fut, 0, card, Holding::EMPTY, score);
        return Ok(fut);
    }
    let classes = card_classes(&pos);
    let list_all = |fut: &mut FutureTricks, cards: i32| {
        fut.cards = cards;
        for (i, &(card, equals)) in classes.iter().enumerate().take(13) {
            put(fut, i, card, equals, 0);
        }
    };
    if mode == 0 && classes.len() == 1 {
        let (card, equals) = classes[0];
        fut.cards = 1;
        put(&mut fut, 0, card, equals, -2);
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
        put(&mut fut, i, c.card, equals, i32::from(c.tricks));
    }
    fut.nodes = nodes;
    Ok(fut)
}

/// DDS's `deal` of a `dealPBN`, or `RETURN_PBN_FAULT`.
pub fn deal_of_pbn(dl: &DealPbn) -> Result<DealBin, i32> {
    Ok(DealBin {
        trump: dl.trump,
        first: dl.first,
        current_trick_suit: dl.current_trick_suit,
        current_trick_rank: dl.current_trick_rank,
        remain_cards: holdings_from_pbn(&dl.remain_cards)?,
    })
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
