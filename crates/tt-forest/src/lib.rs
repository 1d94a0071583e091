//! # ddsolve-tt-forest: the winning-rank tables of Haglund's paper
//!
//! Two tables behind [`ddsolve_tt::TranspositionTable`], keyed by [`ddsolve_tt_key::PatternKey`]:
//! found by a [`ddsolve_tt_key::ShapeKey`] (tricks left, leader, suit lengths) and matched on a
//! [`ddsolve_tt_key::Pattern`]. An entry keeps, per suit, only the top relative ranks the search
//! backed up as winning ranks, so it stands for every position with the same key and the
//! same owners of those cards. Each table finds its keys with a [`ddsolve_tt_key::RankOwners`]
//! that [`prepare`](ddsolve_tt::TranspositionTable::prepare) builds per deal.
//!
//! - [`TtForest`] (`forest.rs`) is the paper's forest: roots per tricks left and leader, a
//!   suit-lengths key per root, winning-cards nodes of the four suits with alternatives, and
//!   set-of-positions leaves.
//! - [`TtFlat`] (`flat.rs`) is one list of 128-bit patterns per key matched with a single
//!   masked compare, its map keyed by [`ddsolve_tt_key::ShapeKey::packed`]. Its entries also leave
//!   out each suit's bottom block of one owner, whose owners the lengths force
//!   ([`ddsolve_tt_key::forced_depths`]): the same positions, a more general pattern.
//!
//! Both hold to a memory budget given in megabytes (`budget.rs`): their byte count
//! (allocated capacity) never passes it. When a store needs more, they evict the least
//! valuable part of their entries (a sixteenth of the flat table, a quarter of the forest:
//! the stalest by generation, a generation being one search, and among those the most
//! specific first) and go on: a table never wipes itself mid-search, and as every entry is a
//! true fact about its positions, what a search finds never depends on the budget, only how
//! fast it finds it. The key accelerator is outside the budget (once prepared,
//! [`ddsolve_tt_key::RankOwners::TABLE_BYTES`] more).
//!
//! ```
//! use ddsolve_cards::{Deal, Hand, Seat, Strain, Suit};
//! use ddsolve_tt::{TranspositionTable, TrickStart, TtEntry};
//! use ddsolve_tt_forest::{TtFlat, TtForest};
//!
//! let deal: Deal = "N:AK... QJ... T9... 87...".parse()?;
//! let at = TrickStart::new(*deal.hands(), Strain::NoTrump, Seat::North);
//! let spades = deal.hand(Seat::North).suit(Suit::Spades);
//! let win = Hand::from_holdings([spades, Default::default(), Default::default(), Default::default()]);
//! let entry = TtEntry { lower: 2, upper: 2, win, best: None };
//! let mut forest = TtForest::new(16);
//! let mut flat = TtFlat::new(16);
//! let key = forest.key(&at);
//! assert_eq!(flat.key(&at), key); // both tables take the same key
//! forest.store(&key, &at, entry);
//! flat.store(&key, &at, entry);
//! assert_eq!(forest.probe(&key, &at, 2), flat.probe(&key, &at, 2));
//! # Ok::<(), ddsolve_cards::PbnError>(())
//! ```

#![warn(missing_docs)]

// The README's example, compiled and run as a doc test.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

mod budget;
mod flat;
mod forest;

pub use flat::{ListProfile, TtFlat};
pub use forest::TtForest;
