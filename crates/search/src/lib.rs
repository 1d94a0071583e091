//! # ddsolve-search: the double-dummy solver
//!
//! The top library layer of ddsolve. It depends on [`ddsolve_cards`], [`ddsolve_moves`],
//! [`ddsolve_prune`] and [`ddsolve_tt`] (the table trait, not a table), and knows nothing
//! of the command line. The tables are crates beside it (`ddsolve-tt-forest`,
//! `ddsolve-tt-pattern`, `ddsolve-tt-zobrist`); the front crate `ddsolve` names the default
//! solver and its choices at run time.
//!
//! The zero-window search of Haglund's paper (chapters 1, 2 and 6) with its driver, and the
//! solver API in DDS's `SolveBoard` terms: one best card, all best cards, or every card's
//! value ([`Solutions`]), for a maximum or a [`Target`]; double-dummy tables; play analysis.
//! [`Solver`] is generic over the table and the ordering; [`SearchConfig`] switches the
//! search's enhancements.
//!
//! A [`Solver`] owns its tables; there is no global state, so solvers on different threads
//! never interfere. This crate runs each search on the calling thread and knows nothing of
//! threads: the worker pool, the parallel batches and the tables shared out between threads
//! are the crate beside it, `ddsolve-exec`.
//!
//! # The two seams
//!
//! [`Solver`] takes its table and its ordering as type parameters: [`Solver::with_parts`]
//! takes any [`TranspositionTable`] and [`MoveOrdering`], [`Solver::with_tt`] a table and the
//! ordering's default, and [`Solver::new`] and [`Solver::with_config`] the defaults of both.
//! The front crate's `ddsolve::Solver` is `Solver<AnyTable, AnyOrdering>`, built by its
//! `SolverBuilder`, and `ddsolve-exec`'s batches take a factory of solvers.
//!
//! A table is built with its memory limit as a constructor argument. Before every solve the
//! solver tells it of the new search (`new_search`, for aging) and calls its `prepare` with
//! the root's hands (the pattern tables build their per-deal key tables there); it clears
//! the table when the trumps change.
//!
//! An ordering may keep state (`&mut self`). It sees a node through `TrickView` (the hands,
//! the trick so far, the index of its winning card, the cards out when the trick began) and
//! `OrderHints` (the depth's cutoff and table moves, the tricks the side to play needs). It
//! may propose a card before any move is generated (`first`), hears of every cutoff
//! (`cutoff`), and is reset with the table (`reset`) and, on deals with many voids, between
//! the leaders of a strain ([`SearchConfig::forget_order_voids`]). `first_noted` and
//! `cutoff_noted` carry a note of the node's context from the proposal to the cutoff, kept
//! by the move picker, so that the cutoff memory works out the context once a node.
//!
//! `crates/search/tests/plug_in.rs` plugs in a table and an ordering of its own from outside
//! the library, as a researcher's would.
//!
//! ```
//! use ddsolve_cards::{Deal, Position, Seat, Strain};
//! use ddsolve_orderings::AnyOrdering;
//! use ddsolve_search::{SearchConfig, Solutions, Solver, Target};
//! use ddsolve_tt_pattern::TtPattern;
//!
//! let deal: Deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3".parse()?;
//! let mut solver: Solver<_, AnyOrdering> = Solver::with_tt(SearchConfig::default(), TtPattern::new(16));
//! let table = solver.table(&deal);
//! assert_eq!(table.tricks(Strain::NoTrump, Seat::North), 6);
//!
//! let pos = Position::new(deal, Strain::NoTrump, Seat::East);
//! let sol = solver.solve(&pos, Target::Max, Solutions::All)?;
//! assert_eq!(sol.cards[0].tricks, 7); // East's side takes 7 with its best lead
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![warn(missing_docs)]

// The README's example, compiled and run as a doc test.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

mod config;
mod core;
mod dds_order;
mod driver;
mod first_guess;
mod play;
mod solver;
mod stats;
mod trace;
mod verify;

pub use config::SearchConfig;
pub use dds_order::{dds_root_order, DdsMove};
pub use ddsolve_cards::DdTable;
pub use ddsolve_moves::MoveOrdering;
pub use ddsolve_tt::TranspositionTable;
pub use driver::Driver;
pub use play::{
    play_positions, PlayAnalysis, PlayAnalysisError, PlayDriver, PlayOptions, PlayOrder, PlayValues,
};
pub use solver::{
    table_sources, CardOrder, CardValue, Solution, Solutions, SolveError, Solver, Target,
    LEADER_ORDER, TABLE_ORDER,
};
pub use stats::{Counter, SearchStats};
