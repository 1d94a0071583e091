//! Batches with the front crate's [`Solver`]: many deals' tables, or many positions'
//! values, on worker threads that each own a solver (the exec crate's
//! [`solve_tables_by`] and [`solve_positions_by`], which take any solver).

use crate::{Solver, SolverBuilder};
use ddsolve_cards::{DdTable, Deal, Position};
use ddsolve_exec::{solve_positions_by, solve_tables_by, BatchOptions};

/// The double-dummy tables of `deals`, in input order, on `threads` worker threads (each
/// distinct deal solved once), with the default solver. The threads take the deals'
/// strains, so a batch of fewer deals than threads (or its last deals) still uses them all.
///
/// The total work does not grow with the threads (`cargo xtask batch-bench`; figures in
/// `BENCHMARKS.md`).
///
/// ```
/// use ddsolve::{solve_tables, Deal, Solver};
///
/// let deal: Deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3".parse()?;
/// let tables = solve_tables(&[deal, deal], 2);
/// assert_eq!(tables, vec![Solver::new().table(&deal); 2]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve_tables(deals: &[Deal], threads: usize) -> Vec<DdTable> {
    let options = BatchOptions {
        threads,
        ..BatchOptions::default()
    };
    solve_tables_with(deals, &options, &SolverBuilder::new())
}

/// [`solve_tables`] with a choice of order and of solver: every worker's solver is
/// `solver.build()`.
pub fn solve_tables_with(
    deals: &[Deal],
    options: &BatchOptions,
    solver: &SolverBuilder,
) -> Vec<DdTable> {
    solve_tables_by(deals, options, || solver.build())
}

/// The double-dummy tricks of the side to play in each of `positions` (the current trick
/// included, as [`Solver::tricks`]), in input order, on `threads` worker threads, with the
/// default solver.
pub fn solve_positions(positions: &[Position], threads: usize) -> Vec<u8> {
    solve_positions_by(positions, threads, Solver::new)
}

/// The double-dummy table of one deal, solved by `threads` threads at once (strains as
/// tasks: [`exec::parallel_tables_by`](crate::exec::parallel_tables_by)), each with a
/// solver of `builder`: the same table as [`Solver::table`]. ([`solve_tables_with`] of one
/// deal does the same.)
///
/// ```
/// use ddsolve::{parallel_table, Deal, Solver, SolverBuilder};
///
/// let deal: Deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3".parse()?;
/// assert_eq!(parallel_table(&deal, 2, &SolverBuilder::new()), Solver::new().table(&deal));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn parallel_table(deal: &Deal, threads: usize, builder: &SolverBuilder) -> DdTable {
    let options = ddsolve_exec::ParallelOptions::with_threads(threads);
    ddsolve_exec::parallel_tables_by(std::slice::from_ref(deal), &options, || builder.build())[0]
}
