//! # ddsolve-tt: transposition tables
//!
//! Layer 2 of ddsolve: depends only on [`ddsolve_cards`]. Chapter 7 of Haglund's paper.
//!
//! Positions are stored only at the start of a trick. The search hands a table a
//! [`TrickStart`] (the hands, trumps, leader and tricks left) and the table derives its own
//! key from it ([`TranspositionTable::key`]: once per position, for the probe and the later
//! store of the same node). Entries hold only what belongs to the position: bounds on the
//! tricks that the side on lead takes from here on ([`TtEntry`]). Nothing about the path
//! (tricks already won, the target of the search that stored them) goes in.
//!
//! The search is generic over [`TranspositionTable`]. The tables live in crates of their
//! own beside the search, each depending on this one: `ddsolve-tt-forest` (the paper's
//! forest, `TtForest`, and `TtFlat`, a flat list of 128-bit patterns per key),
//! `ddsolve-tt-pattern` (the rank-pattern table, the default) and `ddsolve-tt-zobrist` (a
//! hashed table of exact positions, its key a Zobrist hash kept incrementally). This crate
//! holds what they share: the trait and its view, one budget and aging mechanism ([`Budget`], the [`Generation`] counter, [`Aging`] of its
//! stamps, [`EvictionPlan`]) and the figures every table reports ([`TtStats`], kept with [`Counters`]): sizes, sweeps
//! and evictions, and probes, hits, probe lengths and stores per depth.
//!
//! The rank-pattern key that the pattern-family tables share is the crate
//! `ddsolve-tt-key`.

#![warn(missing_docs)]

// The README's example, compiled and run as a doc test.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

mod age;
mod budget;
mod stats;
mod trick_start;

pub use age::{Aging, Generation};
pub use budget::{Budget, EvictionPlan};
pub use stats::{Counters, TtStats, DEPTHS};
pub use trick_start::TrickStart;

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

/// What a store records: the side on lead takes between `lower` and `upper` of the tricks
/// still to play, resting on the cards of `win`; `best` is the move that proved the lower
/// bound, if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TtEntry {
    /// A lower bound on the tricks the side on lead takes from the position on.
    pub lower: u8,
    /// An upper bound on them (at least `lower`, at most the tricks left).
    pub upper: u8,
    /// The winning ranks, as cards of the stored position: the bounds hold for every
    /// position in which each suit's cards from the top down to its lowest card in `win`
    /// have the same owners (what a table may generalise over; an exact-position table
    /// stores them as they are).
    pub win: Hand,
    /// The best move of the side on lead, if the search found one.
    pub best: Option<Card>,
}

/// A transposition table for positions at the start of a trick.
///
/// Each position reaches the table as a [`TrickStart`]. The table derives its own
/// [`Key`](TranspositionTable::Key) from it, once per node: the search calls
/// [`key`](TranspositionTable::key), then [`probe`](TranspositionTable::probe) and, if the
/// node is searched, [`store`](TranspositionTable::store) with that key and the same
/// position. Before the positions of a deal it calls
/// [`prepare`](TranspositionTable::prepare) with the deal's hands, for tables that build a
/// per-deal accelerator.
///
/// ```
/// use ddsolve_cards::{Card, Deal, Hand, Seat, SeatMap, Strain};
/// use ddsolve_tt::{TranspositionTable, TrickStart, TtEntry, TtHit, TtStats};
/// use std::collections::HashMap;
///
/// /// Exact positions in a map: the key is the hands and the leader.
/// #[derive(Default)]
/// struct Exact(HashMap<(SeatMap<Hand>, Seat), TtEntry>);
///
/// impl TranspositionTable for Exact {
///     type Key = (SeatMap<Hand>, Seat);
///     fn key(&mut self, at: &TrickStart) -> Self::Key {
///         (*at.hands(), at.leader())
///     }
///     fn probe(&mut self, key: &Self::Key, _: &TrickStart, tricks: u8) -> Option<TtHit> {
///         let e = self.0.get(key)?;
///         let reached = e.lower >= tricks;
///         (reached || e.upper < tricks).then_some(TtHit {
///             reached,
///             bound: if reached { e.lower } else { e.upper },
///             win: e.win,
///             best: e.best,
///         })
///     }
///     fn store(&mut self, key: &Self::Key, _: &TrickStart, entry: TtEntry) {
///         self.0.insert(*key, entry);
///     }
///     fn clear(&mut self) {
///         self.0.clear();
///     }
///     fn stats(&self) -> TtStats {
///         TtStats { entries: self.0.len(), ..TtStats::default() }
///     }
/// }
///
/// let deal: Deal = "N:AK... QJ... T9... 87...".parse()?;
/// let at = TrickStart::new(*deal.hands(), Strain::NoTrump, Seat::North);
/// let mut tt = Exact::default();
/// let key = tt.key(&at);
/// let win: Hand = [Card::parse("SA")?, Card::parse("SK")?].into_iter().collect();
/// tt.store(&key, &at, TtEntry { lower: 2, upper: 2, win, best: Some(Card::parse("SA")?) });
/// assert!(tt.probe(&key, &at, 2).is_some_and(|hit| hit.reached && hit.win == win));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait TranspositionTable {
    /// What the table finds a position by, derived from its [`TrickStart`].
    type Key;

    /// The positions that follow, until the next call, are `root` or reached from it (their
    /// hands parts of `root`'s): a table may build a per-deal accelerator for its keys (the
    /// solver calls this before every search). The default does nothing.
    #[inline]
    fn prepare(&mut self, root: &SeatMap<Hand>) {
        let _ = root;
    }

    /// The key of the position `at`, computed once per node and handed back to
    /// [`probe`](TranspositionTable::probe) and [`store`](TranspositionTable::store) with
    /// the same `at`.
    fn key(&mut self, at: &TrickStart) -> Self::Key;

    /// Does an entry that matches the position decide whether the side on lead takes at
    /// least `tricks` of the tricks still to play? Returns the decision with the entry's
    /// winning ranks (in the probed position's absolute ranks) and best move, or `None`.
    fn probe(&mut self, key: &Self::Key, at: &TrickStart, tricks: u8) -> Option<TtHit>;

    /// Records `entry` for the position `at` (and, as far as the table generalises, the
    /// positions that share its key and the owners of its winning ranks). Bounds merge with
    /// an existing identical entry: a lower bound only rises, an upper bound only falls.
    fn store(&mut self, key: &Self::Key, at: &TrickStart, entry: TtEntry);

    /// Forgets everything.
    fn clear(&mut self);

    /// A new search begins (the solver calls this once per request: another leader, the
    /// next card of a played deal, another target). Entries stored before it stay valid, as
    /// every entry is true of its positions whatever the path; a table that ages its
    /// entries (to replace the stalest first) counts generations here, as the workspace's
    /// tables do. The default does nothing.
    #[inline]
    fn new_search(&mut self) {}

    /// Usage figures.
    fn stats(&self) -> TtStats;
}
