//! # ddsolve-exec: the execution of the search on every core
//!
//! How the solver's work runs on threads, beside the search (`ddsolve-search`, which runs
//! one search on the calling thread and knows nothing of threads): the one worker [`pool`]
//! (an ordered parallel map over a slice or a stream, one solver per worker thread) with
//! [`map_in_order`], its everyday form; batches of tables and positions over it with a
//! solver factory ([`solve_tables_by`], [`stream_tables_by`], [`solve_positions_by`]); and
//! a few deals' tables shared out strain by strain between threads ([`parallel_tables_by`],
//! [`SharedTables`]). The front crate `ddsolve` re-exports it as `ddsolve::exec`, and every
//! front end (the command line, the server, the C library, the Python module) runs its
//! parallel work here.
//!
//! Results never depend on the threads: each comes back in input order, and every table or
//! strain is solved from a clean solver, whatever its worker did before.
//!
//! ```
//! use ddsolve_cards::Deal;
//! use ddsolve_exec::{map_in_order, solve_tables_by, BatchOptions};
//! use ddsolve_orderings::RankOrdering;
//! use ddsolve_search::{SearchConfig, Solver};
//! use ddsolve_tt_pattern::TtPattern;
//!
//! let make = || Solver::with_parts(SearchConfig::default(), TtPattern::new(8), RankOrdering);
//! let deals: Vec<Deal> = ["N:AKQ.AK.. 432.32.. JT9.QJ.. 876.T9..", "N:AK.AKQ.. 32.432.. QJ.JT9.. T9.876.."]
//!     .iter()
//!     .map(|d| d.parse())
//!     .collect::<Result<_, _>>()?;
//! let options = BatchOptions { threads: 2, ..BatchOptions::default() };
//! let tables = solve_tables_by(&deals, &options, make);
//! // The same tables, one deal an item of the pool, a solver per worker.
//! assert_eq!(map_in_order(2, &deals, make, |solver, deal| solver.table(deal)), tables);
//! # Ok::<(), ddsolve_cards::PbnError>(())
//! ```

#![warn(missing_docs)]

// The README's example, compiled and run as a doc test.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

mod batch;
mod parallel_table;
pub mod pool;

pub use batch::{
    difficulty, solve_positions_by, solve_tables_by, stream_tables_by, BatchOptions, BatchOrder,
};
pub use parallel_table::{parallel_tables_by, ParallelOptions, SharedTables};
pub use pool::{default_threads, map_in_order, PoolOptions};
