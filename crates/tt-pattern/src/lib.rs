//! # ddsolve-tt-pattern: the rank-pattern transposition table
//!
//! A second table behind [`ddsolve_tt::TranspositionTable`], in the spirit of
//! bridge-solver's pattern cache: per exact suit-length shape and leader, patterns of
//! relative cards down to the lowest rank winner, the more general tried first, bounds
//! tightened in place, within a memory budget that ages its entries.
//!
//! - [`RankPattern`] (`pattern.rs`): per suit a depth `k` and the 2-bit owners of the top
//!   `k` relative cards, in two `u64` words with a mask: a position matches when
//!   `(position ^ owners) & mask == 0`; one pattern covers another when it is no deeper and
//!   agrees with it. [`forced_depths`] stops a suit above its bottom block of one owner,
//!   whose owners the lengths force.
//! - [`Bounds`] (`bounds.rs`): what an entry knows, bounds that only narrow.
//! - `shape.rs`: the entries of one shape, general first; a store merges into the same
//!   pattern or goes in, and absorbs the more specific entries it makes redundant.
//! - `cache.rs`: shapes to their lists, by open addressing with backward-shift deletion.
//! - [`Budget`] (`budget.rs`) and [`Generation`] (`age.rs`): the memory limit and aging;
//!   evictions remove the stalest, never-hit, most specific entries first.
//! - [`TtPattern`] (`table.rs`): the table.
//!
//! It is the search's default table (`TtKind::Pattern`, built through `ddsolve_search`'s
//! `AnyTable`); `Solver::with_table` also takes one built here, as below.
//!
//! ```
//! use ddsolve_cards::{Deal, Strain};
//! use ddsolve_search::{Config, Solver};
//! use ddsolve_tt_pattern::TtPattern;
//!
//! let deal: Deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3".parse()?;
//! let mut solver = Solver::with_table(Config::default(), TtPattern::new(16));
//! assert_eq!(solver.strain_tricks(&deal, Strain::NoTrump), [6, 6, 6, 6]);
//! # Ok::<(), ddsolve_cards::PbnError>(())
//! ```

#![warn(missing_docs)]

// The README's example, compiled and run as a doc test.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

mod age;
mod bounds;
mod budget;
mod cache;
mod entry;
mod pattern;
mod shape;
mod table;

pub use age::Generation;
pub use bounds::Bounds;
pub use budget::Budget;
pub use pattern::{forced_depths, RankPattern};
pub use shape::ProbeOrder;
pub use table::{Counters, TtPattern};
