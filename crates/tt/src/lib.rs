//! # ddsolve-tt: transposition tables
//!
//! Layer 2 of ddsolve: depends only on [`ddsolve_cards`]. Chapter 7 of Haglund's paper.
//!
//! Positions are stored only at the start of a trick. A position is described by a
//! [`TtKey`] (tricks left, the hand on lead, the suit lengths of every hand) and a
//! [`Pattern`]: for each suit, the owners of the remaining cards in relative-rank order
//! (the highest card still out is relative rank 1). An entry keeps, per suit, only the top
//! `k` relative ranks that the search backed up as winning ranks, so it stands for every
//! position with the same key and the same owners of those cards.
//!
//! Entries hold only what belongs to the position: bounds on the tricks that the side on
//! lead takes from here on. Nothing about the path (tricks already won, the target of the
//! search that stored them) goes in.
//!
//! The search is generic over [`TranspositionTable`]. The tables live in crates of their
//! own beside the search, each depending on this one: `ddsolve-tt-forest` (the paper's
//! forest, `TtForest`, and `TtFlat`, a flat list of 128-bit patterns per key),
//! `ddsolve-tt-pattern` (the rank-pattern table, the default) and `ddsolve-tt-zobrist` (a
//! hashed table of exact positions). This crate holds what they share: the trait, the key
//! pieces ([`TtKey`], [`Pattern`], the relative-rank conversions, [`KeyHashBuilder`]) and
//! the figures every table reports ([`TtStats`], kept with [`Counters`]): sizes, sweeps and
//! evictions, and probes, hits, probe lengths and stores per depth.
//!
//! ```
//! use ddsolve_cards::{Deal, Hand, Seat, Suit};
//! use ddsolve_tt::{absolute_win_ranks, relative_counts, Pattern, TtKey};
//!
//! let deal: Deal = "N:AK... QJ... T9... 87...".parse()?;
//! let key = TtKey::new(deal.hands(), Seat::North);
//! assert_eq!(key.packed(), TtKey::new(deal.hands(), Seat::North).packed());
//! // The ace and king of spades are the top two relative ranks of their suit.
//! let spades = deal.hand(Seat::North).suit(Suit::Spades);
//! let win = Hand::from_holdings([spades, Default::default(), Default::default(), Default::default()]);
//! let counts = relative_counts(win, deal.hands());
//! assert_eq!(counts, [2, 0, 0, 0]);
//! assert_eq!(absolute_win_ranks(counts, deal.hands()), win);
//! let _pattern = Pattern::new(deal.hands());
//! # Ok::<(), ddsolve_cards::PbnError>(())
//! ```

#![warn(missing_docs)]

// The README's example, compiled and run as a doc test.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

mod pattern;
mod stats;

pub use pattern::{
    absolute_win_ranks, forced_depths, relative_counts, win_depths, KeyHashBuilder, KeyHasher,
    Pattern, TtKey,
};
pub use stats::{Counters, TtStats, DEPTHS};

use ddsolve_cards::{Card, Hand, SeatMap};

/// The answer of a successful probe.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TtHit {
    /// Whether the side on lead takes at least the probed number of tricks.
    pub reached: bool,
    /// The entry's bound in the direction of the decision, on the tricks the side on lead
    /// takes from the position on: its lower bound (at least the probed number) when
    /// `reached`, its upper bound (below the probed number) otherwise. A fail-soft search
    /// returns it as its value.
    pub bound: u8,
    /// The winning ranks of the entry, as absolute ranks of the probed position.
    pub win: Hand,
    /// The entry's best move, if it has one.
    pub best: Option<Card>,
}

/// A transposition table for positions at the start of a trick.
///
/// `hands` are always the cards still in the hands of the position; the table uses them to
/// turn relative ranks back into absolute ones.
pub trait TranspositionTable {
    /// Does an entry that matches the position decide whether the side on lead takes at
    /// least `tricks` of the tricks still to play? Returns the decision with the entry's
    /// winning ranks (in the probed position's absolute ranks) and best move, or `None`.
    fn probe(
        &mut self,
        key: &TtKey,
        pattern: &Pattern,
        hands: &SeatMap<Hand>,
        tricks: u8,
    ) -> Option<TtHit>;

    /// Records that the side on lead takes between `lower` and `upper` of the tricks still to
    /// play in every position matching `key`, `pattern` and the cards of `win` (absolute
    /// ranks of this position; each suit's cards from the top down to its lowest winning rank
    /// count). Bounds merge with an existing identical entry: a lower bound only rises, an
    /// upper bound only falls.
    #[allow(clippy::too_many_arguments)]
    fn store(
        &mut self,
        key: &TtKey,
        pattern: &Pattern,
        win: Hand,
        hands: &SeatMap<Hand>,
        lower: u8,
        upper: u8,
        best: Option<Card>,
    );

    /// Forgets everything.
    fn clear(&mut self);

    /// A new search begins (the solver calls this once per request: another leader, the
    /// next card of a played deal, another target). Entries stored before it stay valid, as
    /// every entry is true of its positions whatever the path; a table that ages its
    /// entries (to replace the stalest first) counts generations here, as both tables of
    /// this crate do. The default does nothing.
    #[inline]
    fn new_search(&mut self) {}

    /// Usage figures.
    fn stats(&self) -> TtStats;
}
