//! `--stats`: what the search did for each deal (or position), added to the output: a
//! `"stats": {...}` object in JSON, extra columns in TSV, a `stats:` line in text.
//!
//! The counts come from the solver's own figures ([`Solver::search_stats`],
//! [`Solver::tt_stats`]), read before and after the work: see [`Stats`] for each field.

use ddsolve::search::{Counter, SearchStats};
use ddsolve::Solver;
use serde::Serialize;
use std::fmt::Write as _;
use std::time::Instant;

/// The counts of one piece of work (a deal's table, a position's cards, a play's analysis).
/// The JSON keys and the TSV columns are the field names, in this order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Stats {
    /// Search nodes.
    pub nodes: u64,
    /// Nodes at the start of a trick (DDS's node measure).
    pub trick_nodes: u64,
    /// Zero-window searches (the driver's iterations).
    pub searches: u64,
    /// Transposition-table probes.
    pub tt_probes: u64,
    /// Probes that decided their threshold.
    pub tt_hits: u64,
    /// Bounds stored in the table.
    pub tt_stores: u64,
    /// Table entries evicted under the memory budget.
    pub tt_evictions: u64,
    /// Cutoffs by QuickTricks at a trick start.
    pub cut_quick_tricks: u64,
    /// Cutoffs by the second hand's quick trick.
    pub cut_second_hand: u64,
    /// Cutoffs by LaterTricks.
    pub cut_later_tricks: u64,
    /// Enhanced transposition cutoffs.
    pub cut_etc: u64,
    /// Cutoffs by a table hit at a trick start.
    pub cut_table: u64,
    /// Wall-clock time, in microseconds (the only figure that varies from run to run).
    pub micros: u64,
}

/// The TSV columns that `--stats` adds, in order (the names of [`Stats`]' fields).
pub const COLUMNS: [&str; 13] = [
    "nodes",
    "trick_nodes",
    "searches",
    "tt_probes",
    "tt_hits",
    "tt_stores",
    "tt_evictions",
    "cut_quick_tricks",
    "cut_second_hand",
    "cut_later_tricks",
    "cut_etc",
    "cut_table",
    "micros",
];

impl Stats {
    /// Runs `work` on `solver` and returns its result with what the search did meanwhile.
    ///
    /// The solver is cleared first (table, ordering memory and hints), so the counts depend
    /// only on the work, not on what the solver did before (or on which worker thread of a
    /// batch it ran): the same deal gives the same counts in any run.
    pub fn measure<R>(solver: &mut Solver, work: impl FnOnce(&mut Solver) -> R) -> (R, Stats) {
        solver.clear();
        let search0 = solver.search_stats().clone();
        let tt0 = solver.tt_stats();
        let start = Instant::now();
        let r = work(solver);
        let micros = start.elapsed().as_micros() as u64;
        let search = solver.search_stats().since(&search0);
        let evictions = solver.tt_stats().since(&tt0).evictions;
        (r, Stats::of(&search, evictions, micros))
    }

    /// The figures of `search`, with the table's evictions and the time.
    pub fn of(search: &SearchStats, tt_evictions: u64, micros: u64) -> Stats {
        let n = |c: Counter| search.total(c);
        Stats {
            nodes: search.nodes,
            trick_nodes: n(Counter::TrickNodes),
            searches: search.searches,
            tt_probes: n(Counter::TtProbes),
            tt_hits: n(Counter::TtHits),
            tt_stores: n(Counter::TtStores),
            tt_evictions,
            cut_quick_tricks: n(Counter::QuickTricks),
            cut_second_hand: n(Counter::SecondHand),
            cut_later_tricks: n(Counter::LaterTricks),
            cut_etc: n(Counter::Etc),
            cut_table: n(Counter::Table),
            micros,
        }
    }

    /// The values in the order of [`COLUMNS`].
    pub fn values(&self) -> [u64; 13] {
        [
            self.nodes,
            self.trick_nodes,
            self.searches,
            self.tt_probes,
            self.tt_hits,
            self.tt_stores,
            self.tt_evictions,
            self.cut_quick_tricks,
            self.cut_second_hand,
            self.cut_later_tricks,
            self.cut_etc,
            self.cut_table,
            self.micros,
        ]
    }

    /// The TSV columns: a tab before each value.
    pub fn tsv(&self) -> String {
        let mut s = String::new();
        for v in self.values() {
            let _ = write!(s, "\t{v}");
        }
        s
    }

    /// The text line: `stats: nodes 123, trick_nodes 45, ...` and a newline.
    pub fn text(&self) -> String {
        let fields: Vec<String> = COLUMNS
            .iter()
            .zip(self.values())
            .map(|(name, v)| format!("{name} {v}"))
            .collect();
        format!("stats: {}\n", fields.join(", "))
    }
}

/// A JSON record with `"stats"` added after its own fields.
#[derive(Debug, Serialize)]
pub struct WithStats<'a, R: Serialize> {
    /// The command's record.
    #[serde(flatten)]
    pub record: &'a R,
    /// What the search did.
    pub stats: &'a Stats,
}

#[cfg(test)]
mod tests {
    use super::*;
    use ddsolve_cards::Deal;

    #[test]
    fn a_measure_repeats_and_matches_the_solver() {
        let deal: Deal = "N:AKQ.AK.. 432.32.. JT9.QJ.. 876.T9..".parse().unwrap();
        let mut solver = Solver::new();
        let (_, first) = Stats::measure(&mut solver, |s| s.table(&deal));
        assert_eq!(first.nodes, solver.nodes());
        assert_eq!(first.trick_nodes, solver.trick_nodes());
        assert!(
            first.searches >= 20,
            "a search per strain and leader at least"
        );
        let (_, again) = Stats::measure(&mut solver, |s| s.table(&deal));
        let timeless = |s: Stats| Stats { micros: 0, ..s };
        assert_eq!(
            timeless(first),
            timeless(again),
            "counts do not depend on the past"
        );
        assert_eq!(first.values().len(), COLUMNS.len());
        let json = serde_json::to_string(&first).unwrap();
        for name in COLUMNS {
            assert!(json.contains(&format!("\"{name}\":")), "{name} in {json}");
        }
    }
}
