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
//! The search is generic over [`TranspositionTable`]; [`TtForest`] is the paper's forest and
//! [`TtFlat`] a flat list of 128-bit patterns per key (faster than the forest; the search's
//! `AnyTable` picks a table at run time, by default the rank-pattern table of
//! `ddsolve-tt-pattern`). `TtFlat`'s entries also leave out each
//! suit's bottom block of one owner, whose owners the lengths force ([`forced_depths`]): the
//! same positions, a more general pattern (4% fewer nodes on freak deals).
//!
//! Both hold to a memory budget given in megabytes: their byte count (allocated capacity)
//! never passes it. When a store needs more, they evict the least valuable part of their
//! entries (a sixteenth of the flat table, a quarter of the forest: the stalest by
//! generation, a generation being one search, and among those the
//! most specific first) and go on: a table never wipes itself mid-search, and as every
//! entry is a true fact about its positions, what a search finds never depends on the
//! budget, only how fast it finds it. [`TtStats`] tells what the table did: sizes, sweeps
//! and evictions, and probes, hits, probe lengths and stores per depth.
//!
//! ```
//! use ddsolve_cards::{Deal, Seat, Hand, Strain};
//! use ddsolve_tt::{Pattern, TranspositionTable, TtForest, TtKey};
//!
//! let deal: Deal = "N:AK... QJ... T9... 87...".parse()?;
//! let key = TtKey::new(deal.hands(), Seat::North);
//! let pattern = Pattern::new(deal.hands());
//! let mut tt = TtForest::new(16);
//! // North's side takes both tricks; only the ace and king matter.
//! let win = Hand::from_holdings([deal.hand(Seat::North).suit(ddsolve_cards::Suit::Spades), Default::default(), Default::default(), Default::default()]);
//! tt.store(&key, &pattern, win, deal.hands(), 2, 2, None);
//! let hit = tt.probe(&key, &pattern, deal.hands(), 2).expect("stored");
//! assert!(hit.reached);
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
mod pattern;
mod stats;

pub use flat::{ListProfile, TtFlat};
pub use forest::TtForest;
pub use pattern::{absolute_win_ranks, forced_depths, relative_counts, win_depths, Pattern, TtKey};
pub use stats::{TtStats, DEPTHS};

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
