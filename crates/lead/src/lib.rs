//! # ddsolve-lead: opening leads and single-dummy play over sampled deals
//!
//! The two questions players ask a solver most: "what should I have led?" and "which card
//! was right, given what I could see?". Both are answered double dummy over many deals
//! sampled consistent with what is known ([`sample`]): every card in question is valued on
//! each sample by one solver whose transposition table stays warm across the cards and the
//! samples ([`analysis::Method`]), the samples solved on every core with results in sample
//! order, and each card (equal cards grouped) summed up with standard errors ([`stats`]):
//! tricks, how often the contract is set (or made), score, and IMPs and matchpoints against
//! the other cards.
//!
//! - [`lead`]: the leads of a hand against a contract ([`analyse_leads`]).
//! - [`condition`]: a dealer-language condition on the samples (what the auction showed).
//! - [`single_dummy`]: the legal cards of a position as declarer or a defender sees it
//!   ([`analyse_single_dummy`]).
//! - Each problem's heading, the line every front end prints above its answer
//!   ([`LeadProblem::heading`], [`SdProblem::heading`]).
//!
//! Double dummy means the defenders (and declarer) on each sample know every card: the
//! numbers rank cards by what they gain when everyone plays perfectly after them, not by
//! what they gain against real play.

#![warn(missing_docs)]

pub mod analysis;
pub mod condition;
mod heading;
pub mod lead;
pub mod parse;
pub mod sample;
pub mod single_dummy;
pub mod stats;

pub use analysis::{CardStats, Method, RunOptions, SampleValues};
pub use lead::{analyse_leads, Analysis, Deals, LeadError, LeadProblem};
pub use parse::{parse_contract, parse_seat_hand, ParseError};
pub use sample::{Filter, Known, SampleError, Sampler};
pub use single_dummy::{analyse_single_dummy, SdError, SdProblem};
pub use stats::Estimate;

/// The README's example, run as a doc test.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
