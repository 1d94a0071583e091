//! What a search did, counted: nodes at each trick start, table probes, hits and stores, and
//! cutoffs by kind, per depth ([`SearchStats`], read with [`crate::Solver::search_stats`]).
//!
//! The counts are plain integer increments at the search's cutoff sites (one indexed add
//! each, no branch), always on: their cost is measured with callgrind (docs/benchmarks/)
//! and kept within what the search allows them. Every counter is kept
//! per depth (cards left in the hands); totals are sums over the depths. Nodes are the
//! search's own count ([`crate::Solver::nodes`]).

use std::fmt;

/// Depth slots: cards left in the hands (0..=52), rounded up to a power of two so that an
/// index masked with `& 63` needs no bounds check in the search.
const SLOTS: usize = 64;

/// What the search counts, per depth.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Counter {
    /// Nodes at the start of a trick (DDS's node measure, [`crate::Solver::trick_nodes`]).
    TrickNodes,
    /// Transposition-table probes (at trick starts and by enhanced transposition cutoffs).
    TtProbes,
    /// Probes that decided their threshold (a hit at a trick start is a table cutoff; a hit
    /// found by enhanced transposition cutoffs cuts only when it favours the side to move).
    TtHits,
    /// Bounds stored in the table (each store either adds an entry or tightens one).
    TtStores,
    /// Cutoffs by QuickTricks at a trick start (and by the trump honours' sure trick of the
    /// side on lead, [`crate::SearchConfig::trump_honours`]).
    QuickTricks,
    /// Cutoffs by the second hand's quick trick (after the lead).
    SecondHand,
    /// Cutoffs by LaterTricks at a trick start (and by the trump honours' sure trick of the
    /// other side).
    LaterTricks,
    /// Enhanced transposition cutoffs (at the fourth hand).
    Etc,
    /// Cutoffs by a table hit at a trick start.
    Table,
}

impl Counter {
    /// Every counter, in the order of the reports.
    pub const ALL: [Counter; 9] = [
        Counter::TrickNodes,
        Counter::TtProbes,
        Counter::TtHits,
        Counter::TtStores,
        Counter::QuickTricks,
        Counter::SecondHand,
        Counter::LaterTricks,
        Counter::Etc,
        Counter::Table,
    ];

    /// The counter's name in reports (JSON keys, TSV headers, event fields).
    pub const fn name(self) -> &'static str {
        match self {
            Counter::TrickNodes => "trick_nodes",
            Counter::TtProbes => "tt_probes",
            Counter::TtHits => "tt_hits",
            Counter::TtStores => "tt_stores",
            Counter::QuickTricks => "cut_quick_tricks",
            Counter::SecondHand => "cut_second_hand",
            Counter::LaterTricks => "cut_later_tricks",
            Counter::Etc => "cut_etc",
            Counter::Table => "cut_table",
        }
    }
}

impl fmt::Display for Counter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What searches did: nodes, zero-window searches (the driver's iterations) and every
/// [`Counter`] per depth.
///
/// A solver's figures cover its whole life ([`crate::Solver::search_stats`]); the figures of
/// one piece of work are the difference of two readings ([`SearchStats::since`]).
///
/// ```
/// use ddsolve_cards::Deal;
/// use ddsolve_orderings::TunedOrdering;
/// use ddsolve_search::{Counter, SearchConfig, Solver};
/// use ddsolve_tt_pattern::TtPattern;
///
/// let deal: Deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3".parse()?;
/// let mut solver = Solver::with_parts(SearchConfig::default(), TtPattern::new(16), TunedOrdering::default());
/// solver.table(&deal);
/// let stats = solver.search_stats();
/// assert_eq!(stats.nodes, solver.nodes());
/// assert_eq!(stats.total(Counter::TrickNodes), solver.trick_nodes());
/// assert!(stats.total(Counter::QuickTricks) > 0);
/// // Each depth, cards left in the hands: the table's probes happen at trick starts only
/// // (52, 48, ...) and after the fourth hand's card (enhanced transposition cutoffs).
/// assert!(stats.at_depth(Counter::TtProbes, 48) > 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct SearchStats {
    /// Search nodes (the count of [`crate::Solver::nodes`]).
    pub nodes: u64,
    /// Zero-window searches run by the drivers: the iterations of the value driver, and one
    /// per card tested against a target.
    pub searches: u64,
    counts: [[u64; SLOTS]; Counter::ALL.len()],
}

impl Default for SearchStats {
    fn default() -> SearchStats {
        SearchStats {
            nodes: 0,
            searches: 0,
            counts: [[0; SLOTS]; Counter::ALL.len()],
        }
    }
}

impl fmt::Debug for SearchStats {
    /// The totals (the per-depth figures would fill a screen).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = f.debug_struct("SearchStats");
        s.field("nodes", &self.nodes)
            .field("searches", &self.searches);
        for c in Counter::ALL {
            s.field(c.name(), &self.total(c));
        }
        s.finish()
    }
}

impl SearchStats {
    /// Counts one `counter` event at `depth` cards left (the search's increment).
    #[inline(always)]
    pub(crate) fn count(&mut self, counter: Counter, depth: usize) {
        self.counts[counter as usize][depth & (SLOTS - 1)] += 1;
    }

    /// `counter` at every depth.
    pub fn total(&self, counter: Counter) -> u64 {
        self.counts[counter as usize].iter().sum()
    }

    /// `counter` at `depth` cards left in the hands (0 above 52).
    pub fn at_depth(&self, counter: Counter, depth: usize) -> u64 {
        self.counts[counter as usize]
            .get(depth)
            .copied()
            .unwrap_or(0)
    }

    /// All cutoffs without a search of the moves: quick tricks (both kinds), later tricks,
    /// enhanced transposition cutoffs and table cutoffs.
    pub fn cutoffs(&self) -> u64 {
        [
            Counter::QuickTricks,
            Counter::SecondHand,
            Counter::LaterTricks,
            Counter::Etc,
            Counter::Table,
        ]
        .iter()
        .map(|&c| self.total(c))
        .sum()
    }

    /// The depths (cards left) at which anything was counted, deepest first (52 down to 0).
    pub fn depths(&self) -> impl Iterator<Item = usize> + '_ {
        (0..=52)
            .rev()
            .filter(|&d| self.counts.iter().any(|per_depth| per_depth[d] != 0))
    }

    /// The figures of `self` minus those of `earlier` (the same solver, read before): what
    /// happened in between.
    pub fn since(&self, earlier: &SearchStats) -> SearchStats {
        let mut out = self.clone();
        out.nodes = self.nodes.saturating_sub(earlier.nodes);
        out.searches = self.searches.saturating_sub(earlier.searches);
        for (mine, theirs) in out.counts.iter_mut().zip(&earlier.counts) {
            for (a, b) in mine.iter_mut().zip(theirs) {
                *a = a.saturating_sub(*b);
            }
        }
        out
    }

    /// Adds the figures of `other` to these.
    pub fn add(&mut self, other: &SearchStats) {
        self.nodes += other.nodes;
        self.searches += other.searches;
        for (mine, theirs) in self.counts.iter_mut().zip(&other.counts) {
            for (a, b) in mine.iter_mut().zip(theirs) {
                *a += b;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn totals_depths_and_differences() {
        let mut a = SearchStats::default();
        a.count(Counter::QuickTricks, 48);
        a.count(Counter::QuickTricks, 44);
        a.count(Counter::Table, 44);
        a.nodes = 10;
        let earlier = a.clone();
        a.count(Counter::QuickTricks, 44);
        a.nodes = 15;
        assert_eq!(a.total(Counter::QuickTricks), 3);
        assert_eq!(a.at_depth(Counter::QuickTricks, 44), 2);
        assert_eq!(a.at_depth(Counter::QuickTricks, 60), 0);
        assert_eq!(a.cutoffs(), 4);
        assert_eq!(a.depths().collect::<Vec<_>>(), [48, 44]);
        let d = a.since(&earlier);
        assert_eq!((d.nodes, d.total(Counter::QuickTricks)), (5, 1));
        assert_eq!(d.depths().collect::<Vec<_>>(), [44]);
        let mut sum = earlier.clone();
        sum.add(&d);
        assert_eq!(sum, a);
    }
}
