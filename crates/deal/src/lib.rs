//! # ddsolve-deal: dealing, hand evaluation and the dealer language
//!
//! Simulations: deal hands that fit constraints written in Hans van Staveren's `dealer`
//! language, solve them double dummy, and read statistics.
//!
//! - [`Script::parse`] reads a script into a checked syntax tree ([`ast`]): errors name the
//!   line, the column and what was expected ([`ScriptError`]).
//! - [`Script::run`] deals, tests the condition and runs the actions, writing what Debian's
//!   `dealer` writes, with dealer's options ([`Options`]).
//! - [`Evaluator`] evaluates any expression of a script on a deal; `tricks` goes through the
//!   [`Tricks`] trait ([`SolverTricks`] solves one deal at a time).
//! - [`dd`] solves the (declarer, strain) pairs a script reads for a stream of deals in
//!   batches on every core, results in order; [`stats`] keeps means with their standard
//!   error and frequency tables; [`scoring`] is duplicate scoring (`score`, `imps`).
//!
//! The README's example runs a script as Debian's `dealer -s 1` does.

#![warn(missing_docs)]

// The README's example, compiled and run as a doc test.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

pub mod actions;
pub mod ast;
mod batch;
pub mod dd;
pub mod error;
pub mod eval;
pub mod gen;
pub mod lexer;
pub mod parser;
pub mod scoring;
pub mod script;
pub mod stack;
pub mod stats;
mod stop;

pub use error::{RunError, ScriptError, Span};
pub use eval::{Evaluator, Rand, SolverTricks, Tricks};
pub use script::{Level, Live, Options, Report, Script, Summary};
