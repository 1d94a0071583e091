//! Conformance suites: generic checks that any implementation of one of ddsolve's seams must
//! pass, run from a test in the implementing crate.
//!
//! - [`table`]: transposition tables ([`ddsolve_tt::TranspositionTable`]): soundness against
//!   the [`crate::oracle`], merged bounds, reuse across deals and leaders, clearing, and the
//!   memory limit.
//! - [`ordering`]: move orderings ([`ddsolve_moves::MoveOrdering`]): every generated move
//!   exactly once, `first` legal, both after learning and reset.

pub mod ordering;
pub mod table;
