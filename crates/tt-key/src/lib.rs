//! # ddsolve-tt-key: the rank-pattern key
//!
//! The key of the pattern-family transposition tables (`ddsolve-tt-forest`'s `TtForest`
//! and `TtFlat`, `ddsolve-tt-pattern`'s `TtPattern`), apart from the table seam in
//! `ddsolve-tt` so that a table of another family depends on the trait alone.
//!
//! A [`PatternKey`] is a [`ShapeKey`] (tricks left, the hand on lead, the suit lengths of
//! every hand) and a [`Pattern`]: for each suit, the owners of the remaining cards in
//! relative-rank order (the highest card still out is relative rank 1). An entry keeps, per
//! suit, only the top `k` relative ranks that the search backed up as winning ranks, so it
//! stands for every position with the same key and the same owners of those cards
//! ([`relative_counts`] and [`absolute_win_ranks`] convert between the two). [`RankOwners`]
//! finds a whole key in four lookups once prepared for a deal. [`KeyHashBuilder`] hashes a
//! packed shape key for the tables' maps.
//!
//! ```
//! use ddsolve_cards::{Deal, Hand, Seat, Strain, Suit};
//! use ddsolve_tt::TrickStart;
//! use ddsolve_tt_key::{absolute_win_ranks, relative_counts, Pattern, PatternKey, ShapeKey};
//!
//! let deal: Deal = "N:AK... QJ... T9... 87...".parse()?;
//! let at = TrickStart::new(*deal.hands(), Strain::NoTrump, Seat::North);
//! let key = PatternKey::new(&at);
//! assert_eq!(key.shape.packed(), ShapeKey::new(deal.hands(), Seat::North).packed());
//! assert_eq!(key.pattern, Pattern::new(deal.hands()));
//! // The ace and king of spades are the top two relative ranks of their suit.
//! let spades = deal.hand(Seat::North).suit(Suit::Spades);
//! let win = Hand::from_holdings([spades, Default::default(), Default::default(), Default::default()]);
//! let counts = relative_counts(win, deal.hands());
//! assert_eq!(counts, [2, 0, 0, 0]);
//! assert_eq!(absolute_win_ranks(counts, deal.hands()), win);
//! # Ok::<(), ddsolve_cards::PbnError>(())
//! ```

#![warn(missing_docs)]

// The README's example, compiled and run as a doc test.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

mod pattern;
mod rank_owners;

pub use pattern::{
    absolute_win_ranks, forced_depths, relative_counts, win_depths, KeyHashBuilder, KeyHasher,
    Pattern, PatternKey, ShapeKey,
};
pub use rank_owners::RankOwners;
