//! # ddsolve-prune: cutoffs that need no search
//!
//! Layer 2 of ddsolve: depends only on [`ddsolve_cards`]. Chapters 2, 3 and 4 of Haglund's
//! paper: [`target_too_low_or_high`], [`quick_tricks`] at the start of a trick,
//! [`quick_trick_second_hand`] after the lead, and [`later_tricks`], with
//! [`trump_honour_trick`] (one sure trump trick from the position of the honours); the
//! `_for` variants take the number of tricks a cutoff needs (their count is exact when it
//! reaches that number, and they stop early when it cannot), and [`quick_tricks_ceiling`]
//! tells cheaply when QuickTricks cannot reach that number. A [`Layout`] (the hands seen
//! from the leader's seat, with what every estimator at a trick start derives from them)
//! is built once per trick start and shared by the estimators' methods on it.
//!
//! Every estimate is a sure bound: the side it counts for takes at least
//! [`Estimate::tricks`] tricks against any defence. With it comes [`Estimate::win`], the
//! cards whose ranks the bound rests on (the partition-search information of chapter 7): any
//! position with the same suit lengths per hand, the same leader and the same owners of
//! those cards and of every card above them in their suits gets at least the same bound. A
//! bound that rests on lengths alone backs up no ranks.
//!
//! ```
//! use ddsolve_cards::{Deal, Seat, Strain};
//! use ddsolve_prune::quick_tricks;
//!
//! let deal: Deal = "N:AKQ.AK.. 432.32.. JT9.QJ.. 876.T9..".parse()?;
//! let est = quick_tricks(deal.hands(), Strain::NoTrump, Seat::North);
//! assert_eq!(est.tricks, 5);
//! # Ok::<(), ddsolve_cards::PbnError>(())
//! ```
//!
//! One file per chapter: `target.rs` (chapter 2), `quick_tricks.rs` (chapter 3, the second
//! hand's variant included), `later_tricks.rs` (chapter 4), `trump_honours.rs` (after
//! bridge-solver), `layout.rs` for the [`Layout`] they start from, and `estimate.rs` for the [`Estimate`] they all return and the holding
//! helpers they share. `tests/reference.rs` keeps the plain implementation the estimators
//! replaced, and checks them against it on random positions.

#![warn(missing_docs)]

// The README's example, compiled and run as a doc test.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

mod estimate;
mod later_tricks;
mod layout;
mod quick_tricks;
mod target;
mod trump_honours;

pub use estimate::Estimate;
pub use later_tricks::later_tricks;
pub use layout::Layout;
pub use quick_tricks::{
    quick_trick_second_hand, quick_tricks, quick_tricks_ceiling, quick_tricks_for,
    quick_tricks_second_hand_for,
};
pub use target::target_too_low_or_high;
pub use trump_honours::trump_honour_trick;
