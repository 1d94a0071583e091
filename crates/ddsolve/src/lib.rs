//! # ddsolve: a double-dummy bridge solver
//!
//! The crate a program adds to use ddsolve: it re-exports the library crates under one name
//! ([`cards`], [`search`], [`exec`], [`par`], [`formats`], and the tables' crates [`tt`], [`tt_key`],
//! [`tt_forest`], [`tt_pattern`]) with their everyday types at the top level, and holds what
//! the library crates leave to their user:
//!
//! - the default [`Solver`] (the search crate's generic solver with [`AnyTable`] and
//!   [`AnyOrdering`]) and [`SolverBuilder`], the choice of table ([`TtKind`]), memory and
//!   ordering ([`OrderingKind`]) with the search's switches ([`SearchConfig`]);
//! - batches with that solver ([`solve_tables`], [`solve_tables_with`],
//!   [`solve_positions`]), on [`exec`]'s worker pool, where every front end runs its
//!   parallel work ([`exec::map_in_order`]);
//! - [`annotate`] (DD tags and par into a PBN hand-record file) and [`report`], the JSON
//!   objects that every front end (the command line's `--format json`, the HTTP server,
//!   ...) writes, so that they share one schema.
//!
//! The crate's tests run the default solver and each of its tables and orderings (DDS's
//! tables, the brute-force oracle, threads, play, the tables' budgets), since the table
//! crates never depend on the search; the search's own switches are checked against the
//! oracle with the search (`crates/search/tests/oracle.rs`). Its examples are the
//! measuring harnesses (`perf`, `strains`, `onepos`, `tt_pattern_compare`,
//! `tt_zobrist_ablation`).
//!
//! ```
//! use ddsolve::{par, Deal, Seat, Solutions, Solver, Strain, Target, Vulnerability};
//!
//! let deal: Deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3".parse()?;
//! let mut solver = Solver::new();
//! let table = solver.table(&deal);
//! assert_eq!(table.tricks(Strain::Spades, Seat::East), 8);
//! assert_eq!(par::dealer_par(&table, Seat::North, Vulnerability::None).score, -110);
//!
//! // The same table as the command line's JSON object.
//! let json = ddsolve::report::TableRecord::new(&deal, &table);
//! assert_eq!(serde_json::to_value(&json)?["table"]["E"]["S"], 8);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![warn(missing_docs)]

// The README's example, compiled and run as a doc test.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

pub mod annotate;
mod any_table;
mod batch;
mod builder;
pub mod report;

pub use any_table::{AnyTable, TtKind};
pub use batch::{parallel_table, solve_positions, solve_tables, solve_tables_with};
pub use builder::{SolverBuilder, DEFAULT_TT_MEMORY_MB};

pub use ddsolve_cards as cards;
pub use ddsolve_exec as exec;
pub use ddsolve_formats as formats;
pub use ddsolve_orderings as orderings;
pub use ddsolve_par as par;
pub use ddsolve_search as search;
pub use ddsolve_tt as tt;
pub use ddsolve_tt_forest as tt_forest;
pub use ddsolve_tt_key as tt_key;
pub use ddsolve_tt_pattern as tt_pattern;

pub use ddsolve_cards::{
    Card, DdTable, Deal, Hand, Holding, Position, Rank, Seat, Side, Strain, Suit, Vulnerability,
};
pub use ddsolve_exec::{BatchOptions, BatchOrder};
pub use ddsolve_orderings::{AnyOrdering, OrderingKind};
pub use ddsolve_search::{
    CardOrder, CardValue, Driver, MoveOrdering, PlayAnalysis, PlayAnalysisError, PlayValues,
    SearchConfig, Solution, Solutions, SolveError, Target, TranspositionTable,
};

/// The default solver: the search crate's [`search::Solver`] with the table and the
/// ordering chosen at run time ([`AnyTable`], [`AnyOrdering`]; [`Solver::new`] takes the
/// defaults, [`SolverBuilder`] any other choice). For a table or ordering of your own, use
/// [`search::Solver`] with [`search::Solver::with_parts`].
pub type Solver = ddsolve_search::Solver<AnyTable, AnyOrdering>;
