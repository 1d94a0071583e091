//! # ddsolve-search: the double-dummy solver
//!
//! The top library layer of ddsolve. It depends on [`ddsolve_cards`], [`ddsolve_moves`],
//! [`ddsolve_prune`], [`ddsolve_tt`] and [`ddsolve_tt_pattern`] (for [`AnyTable`]), and
//! knows nothing of the command line.
//!
//! The zero-window search of Haglund's paper (chapters 1, 2 and 6) with its driver, and the
//! solver API in DDS's `SolveBoard` terms: one best card, all best cards, or every card's
//! value ([`Solutions`]), for a maximum or a [`Target`]; and double-dummy tables.
//!
//! A [`Solver`] owns its tables; there is no global state, so solvers on different threads
//! never interfere.
//!
//! ```
//! use ddsolve_cards::{Deal, Position, Seat, Strain};
//! use ddsolve_search::{Solutions, Solver, Target};
//!
//! let deal: Deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3".parse()?;
//! let mut solver = Solver::new();
//! let table = solver.table(&deal);
//! assert_eq!(table.tricks(Strain::NoTrump, Seat::North), 6);
//!
//! let pos = Position::new(deal, Strain::NoTrump, Seat::East);
//! let sol = solver.solve(&pos, Target::Max, Solutions::All)?;
//! assert_eq!(sol.cards[0].tricks, 7); // East's side takes 7 with its best lead
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod any_table;
mod batch;
mod config;
mod core;
mod driver;
mod first_guess;
mod parallel_table;
mod play;
pub mod pool;
mod rank_owners;
mod solver;
mod verify;

pub use any_table::{AnyTable, TtKind};
pub use batch::{
    difficulty, solve_positions, solve_positions_by, solve_tables, solve_tables_by,
    solve_tables_with, BatchOptions, BatchOrder,
};
pub use config::Config;
pub use ddsolve_cards::DdTable;
pub use ddsolve_moves::{AnyOrdering, MoveOrdering, OrderingKind};
pub use ddsolve_tt::TranspositionTable;
pub use driver::Driver;
pub use parallel_table::{parallel_table, parallel_tables_by, ParallelOptions};
pub use play::{
    play_positions, PlayAnalysis, PlayAnalysisError, PlayDriver, PlayOptions, PlayOrder,
};
pub use solver::{CardValue, Solution, Solutions, SolveError, Solver, Target};
