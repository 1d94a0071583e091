//! The calling thread's solver, kept between calls as DDS keeps one per thread index:
//! `SolveBoard`, `CalcDDtable`, `CalcPar` and `AnalysePlay` run on it, `FreeMemory` drops it.

use crate::prelude::*;
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
