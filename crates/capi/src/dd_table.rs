//! The DD table of one deal, as `CalcDDtable` and `CalcPar` solve it: its strains shared by
//! the calling thread (with its own solver, as `SolveBoard`'s) and the helper threads lent
//! from `SetMaxThreads`' count ([`crate::threads::lend_helpers`]: calls made at once share
//! the setting's threads).

use crate::convert::pbn::Holdings;
use crate::convert::position::table_deal;
use crate::convert::results_of;
use crate::ffi::*;
use crate::prelude::*;
use crate::thread_solver::with_thread_solver;
use crate::threads::lend_helpers;

/// `CalcDDtable`'s body: the table of the deal of `cards`, checked as `CalcDDtable` checks
/// it, written through `tablep`.
pub fn calc_dd_table(cards: &Holdings, tablep: *mut DdTableResults) -> Result<(), i32> {
    if tablep.is_null() {
        return Err(RETURN_UNKNOWN_FAULT);
    }
    let deal = table_deal(cards)?;
    let helpers = lend_helpers(DDS_STRAINS);
    let table = if helpers.count() == 0 {
        with_thread_solver(|s| s.table(&deal))
    } else {
        let shared = SharedTables::new(vec![deal], false);
        let shared = &shared;
        std::thread::scope(|scope| {
            for _ in 0..helpers.count() {
                scope.spawn(move || {
                    // A helper that comes too late for any strain makes no solver.
                    if shared.has_work() {
                        shared.help(&mut Solver::new(), || false);
                    }
                });
            }
            with_thread_solver(|s| shared.finish(s))[0]
        })
    };
    // SAFETY: `tablep` is not null, and the caller passes a valid, writable ddTableResults.
    unsafe { tablep.write(results_of(&table)) };
    Ok(())
}
