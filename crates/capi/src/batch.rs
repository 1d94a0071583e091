//! Batches of `SolveBoard`: `SolveAllChunksBin`, `SolveAllChunksPBN`, `SolveAllChunks` and
//! `SolveAllBoards`, on the exec crate's pool with the threads of `SetMaxThreads`, one
//! solver per worker.
//!
//! As DDS: a chunk size below 1 is `RETURN_CHUNK_SIZE` (the size itself is not used
//! otherwise: the pool hands out boards one at a time), more than `MAXNOOFBOARDS` boards
//! `RETURN_TOO_MANY_BOARDS`, a bad PBN string `RETURN_PBN_FAULT`; every board that solves is
//! written, and if some fail, the call returns one of their codes.

use crate::boundary::guard;
use crate::convert::{board_count, deal_of_pbn};
use crate::ffi::*;
use crate::prelude::*;
use crate::solve::solve_board;
use crate::threads::workers;

/// One board: the position and `SolveBoard`'s target, solutions and mode.
type Job = (DealBin, i32, i32, i32);

/// Solves `jobs` on the pool into `out`.
fn solve_all(jobs: &[Job], out: &mut SolvedBoards) -> Result<(), i32> {
    for fut in out.solved_board.iter_mut() {
        fut.cards = 0;
    }
    let solved = map_in_order(
        workers(jobs.len()),
        jobs,
        Solver::new,
        |solver, (dl, target, solutions, mode)| solve_board(solver, dl, *target, *solutions, *mode),
    );
    let mut error = None;
    for (i, r) in solved.into_iter().enumerate() {
        match r {
            Ok(fut) => out.solved_board[i] = fut,
            Err(code) => error = Some(code),
        }
    }
    out.no_of_boards = jobs.len() as i32;
    error.map_or(Ok(()), Err)
}

/// The jobs of a `boardsPBN`, or its PBN fault.
fn pbn_jobs(bo: &BoardsPbn) -> Result<Vec<Job>, i32> {
    let n = board_count(bo.no_of_boards)?;
    (0..n)
        .map(|i| {
            let dl = deal_of_pbn(&bo.deals[i])?;
            Ok((dl, bo.target[i], bo.solutions[i], bo.mode[i]))
        })
        .collect()
}

/// The body of the PBN batch functions.
fn solve_pbn(bop: *mut BoardsPbn, solvedp: *mut SolvedBoards, chunk_size: i32) -> i32 {
    guard(|| {
        if chunk_size < 1 {
            return Err(RETURN_CHUNK_SIZE);
        }
        // SAFETY: null or a valid boardsPBN, read only.
        let bo = unsafe { bop.as_ref() }.ok_or(RETURN_UNKNOWN_FAULT)?;
        // SAFETY: null or a valid, writable solvedBoards, not otherwise referenced.
        let out = unsafe { solvedp.as_mut() }.ok_or(RETURN_UNKNOWN_FAULT)?;
        solve_all(&pbn_jobs(bo)?, out)
    })
}

/// `SolveAllChunksBin`: `SolveBoard` of every board, in parallel.
///
/// # Safety
/// `bop` and `solvedp` are null (`RETURN_UNKNOWN_FAULT`) or valid.
#[no_mangle]
pub unsafe extern "C" fn SolveAllChunksBin(
    bop: *mut Boards,
    solvedp: *mut SolvedBoards,
    chunk_size: i32,
) -> i32 {
    guard(|| {
        if chunk_size < 1 {
            return Err(RETURN_CHUNK_SIZE);
        }
        // SAFETY: null or a valid boards, read only.
        let bo = unsafe { bop.as_ref() }.ok_or(RETURN_UNKNOWN_FAULT)?;
        // SAFETY: null or a valid, writable solvedBoards, not otherwise referenced.
        let out = unsafe { solvedp.as_mut() }.ok_or(RETURN_UNKNOWN_FAULT)?;
        let n = board_count(bo.no_of_boards)?;
        let jobs: Vec<Job> = (0..n)
            .map(|i| (bo.deals[i], bo.target[i], bo.solutions[i], bo.mode[i]))
            .collect();
        solve_all(&jobs, out)
    })
}

/// `SolveAllChunksPBN`: `SolveAllChunksBin` with PBN deals.
///
/// # Safety
/// As [`SolveAllChunksBin`].
#[no_mangle]
pub unsafe extern "C" fn SolveAllChunksPBN(
    bop: *mut BoardsPbn,
    solvedp: *mut SolvedBoards,
    chunk_size: i32,
) -> i32 {
    solve_pbn(bop, solvedp, chunk_size)
}

/// `SolveAllChunks`: the same as `SolveAllChunksPBN` (DDS keeps both names).
///
/// # Safety
/// As [`SolveAllChunksBin`].
#[no_mangle]
pub unsafe extern "C" fn SolveAllChunks(
    bop: *mut BoardsPbn,
    solvedp: *mut SolvedBoards,
    chunk_size: i32,
) -> i32 {
    solve_pbn(bop, solvedp, chunk_size)
}

/// `SolveAllBoards`: `SolveAllChunksPBN` with chunks of one.
///
/// # Safety
/// As [`SolveAllChunksBin`].
#[no_mangle]
pub unsafe extern "C" fn SolveAllBoards(bop: *mut BoardsPbn, solvedp: *mut SolvedBoards) -> i32 {
    solve_pbn(bop, solvedp, 1)
}
