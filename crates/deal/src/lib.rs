//! # ddsolve-deal: dealing, hand evaluation and the dealer language
//!
//! Simulations: deal hands that fit constraints written in Hans van Staveren's `dealer`
//! language, solve them double dummy in batches on every core, and read statistics.

#![warn(missing_docs)]

pub mod dd;
pub mod gen;
pub mod scoring;
pub mod stats;
