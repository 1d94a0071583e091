//! The Zobrist table in the search, against the pattern tables: nodes and CPU time of
//! `Solver::table` (the 20 results of a deal, a cold table per deal) on the first distinct
//! deals of a DDS file, every table on every deal in the same run.
//!
//! ```text
//! cargo run --release -p ddsolve --example tt_zobrist_ablation -- [FILE] [DEALS]
//! ```
//!
//! FILE defaults to the repository's `crates/testkit/data/list100.txt`, DEALS to
//! 20. The tables take turns deal by deal (the order rotating), and time is the thread's
//! CPU time (from `/proc/thread-self/schedstat`, wall-clock time where that is missing), so
//! that other work on the machine weighs on every table alike. Every table must give the
//! same 20 numbers as the flat table.

use ddsolve::search::Solver;
use ddsolve::{
    AnyOrdering, SearchConfig, SolverBuilder, TranspositionTable, TtKind, DEFAULT_TT_MEMORY_MB,
};
use ddsolve_cards::Deal;
use ddsolve_tt_zobrist::{KeyMode, TtZobrist};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Seconds this thread has run on a CPU, if the system tells.
fn cpu_seconds() -> Option<f64> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = s.split_whitespace().next()?.parse().ok()?;
    Some(ns as f64 * 1e-9)
}

/// The first `n` distinct deals of the `PBN` lines of a DDS file.
fn deals(path: &Path, n: usize) -> Vec<Deal> {
    let text =
        std::fs::read_to_string(path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
    let mut out: Vec<Deal> = Vec::new();
    for line in text.lines().filter(|l| l.starts_with("PBN ")) {
        let pbn = line.split('"').nth(1).expect("a quoted deal");
        let deal: Deal = pbn.parse().unwrap_or_else(|e| panic!("{pbn}: {e:?}"));
        if !out.contains(&deal) {
            out.push(deal);
            if out.len() == n {
                break;
            }
        }
    }
    out
}

/// One table kind's solver and what it did.
struct Run<T: TranspositionTable> {
    name: &'static str,
    solver: Solver<T, AnyOrdering>,
    secs: f64,
    tables: Vec<[u8; 20]>,
}

impl<T: TranspositionTable> Run<T> {
    fn new(name: &'static str, solver: Solver<T, AnyOrdering>) -> Self {
        Run {
            name,
            solver,
            secs: 0.0,
            tables: Vec::new(),
        }
    }

    fn solve(&mut self, deal: &Deal) {
        let (c0, w0) = (cpu_seconds(), Instant::now());
        self.solver.clear();
        self.tables.push(self.solver.table(deal).to_dds_order());
        self.secs += match (c0, cpu_seconds()) {
            (Some(a), Some(b)) => b - a,
            _ => w0.elapsed().as_secs_f64(),
        };
    }

    fn row(&self, base: (u64, f64), reference: &[[u8; 20]]) -> usize {
        let nodes = self.solver.nodes();
        let same = self
            .tables
            .iter()
            .zip(reference)
            .filter(|(a, b)| a == b)
            .count();
        println!(
            "{:24} {:>12} {:>7.2}x {:>12} {:>9.2} {:>7.2}x {:>3}/{}",
            self.name,
            nodes,
            nodes as f64 / base.0 as f64,
            self.solver.trick_nodes(),
            self.secs,
            self.secs / base.1,
            same,
            self.tables.len()
        );
        same
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args
        .next()
        .map(PathBuf::from)
        .unwrap_or_else(|| ddsolve_testkit::data::path("list100.txt"));
    let n: usize = args
        .next()
        .map_or(20, |s| s.parse().expect("a number of deals"));
    let deals = deals(&path, n);
    let d = SearchConfig::default();
    let mut flat = Run::new("tt Flat", SolverBuilder::new().tt(TtKind::Flat).build());
    let mut forest = Run::new("tt Forest", SolverBuilder::new().tt(TtKind::Forest).build());
    let mut zobrist = Run::new(
        "tt Zobrist",
        Solver::<_, AnyOrdering>::with_tt(d, TtZobrist::new(DEFAULT_TT_MEMORY_MB)),
    );
    let mut scratch = Run::new(
        "tt Zobrist, keys anew",
        Solver::<_, AnyOrdering>::with_tt(
            d,
            TtZobrist::with_key_mode(DEFAULT_TT_MEMORY_MB, KeyMode::Scratch),
        ),
    );
    for (i, deal) in deals.iter().enumerate() {
        for k in 0..4 {
            match (i + k) % 4 {
                0 => flat.solve(deal),
                1 => forest.solve(deal),
                2 => zobrist.solve(deal),
                _ => scratch.solve(deal),
            }
        }
    }
    println!(
        "{}: first {} distinct deals; Solver::table, cold table per deal, {} MB tables, CPU time",
        path.display(),
        deals.len(),
        DEFAULT_TT_MEMORY_MB
    );
    println!(
        "{:24} {:>12} {:>8} {:>12} {:>9} {:>8} {:>6}",
        "table", "nodes", "x nodes", "trick nodes", "seconds", "x time", "same"
    );
    let base = (flat.solver.nodes(), flat.secs);
    let reference = flat.tables.clone();
    let mut same = flat.row(base, &reference);
    same += forest.row(base, &reference);
    same += zobrist.row(base, &reference);
    same += scratch.row(base, &reference);
    let routes = zobrist.solver.tt().key_routes();
    let total = (routes.same + routes.child + routes.scratch).max(1) as f64;
    println!(
        "Zobrist keys: {:.1}% the same hands as the last probe, {:.1}% a child of the last, {:.1}% from scratch",
        100.0 * routes.same as f64 / total,
        100.0 * routes.child as f64 / total,
        100.0 * routes.scratch as f64 / total
    );
    assert_eq!(same, 4 * deals.len(), "a table gave other results");
}
