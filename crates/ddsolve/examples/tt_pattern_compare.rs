//! Nodes and time of full double-dummy tables with the rank-pattern table (the default)
//! against the flat table and the paper's forest, on the same deals in the same run.
//!
//! ```text
//! cargo run --release -p ddsolve --example tt_pattern_compare -- [--list N] [--random N]
//!     [--mb MB] [--tables pattern,flat,forest] [--only I,J,..] [--verbose]
//! ```
//!
//! Deals: the first `--list` (40) distinct deals of `crates/testkit/data/list100.txt` and
//! the first `--random` (20) of `crates/testkit/data/random-seed1-200.tsv` (whose DDS tables are
//! checked too). Every table gets its own solver with `--mb` (128) megabytes; the tables
//! take turns deal by deal (deal `i` starts with table `i mod k`), so that the machine's
//! load falls on all alike. Every table must give the same results. `--only` keeps the
//! deals of those indices (for instruction counts under `valgrind --tool=callgrind`).

// The strains in the order `Solver::table` solves them.
use ddsolve::search::{Solver, TABLE_ORDER as STRAINS};
use ddsolve::tt::Counters;
use ddsolve::tt_pattern::{ProbeOrder, TtPattern};
use ddsolve::{AnyOrdering, SearchConfig, TranspositionTable};
use ddsolve_cards::{DdTable, Deal};
use ddsolve_tt_forest::{TtFlat, TtForest};
use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::time::{Duration, Instant};

/// The repository's test data (`crates/testkit/data`, [`ddsolve_testkit::data::dir`]).
fn data_dir() -> PathBuf {
    ddsolve_testkit::data::dir()
}

/// The first `n` distinct deals of a DDS file's PBN lines.
fn list_deals(path: &Path, n: usize) -> Vec<(Deal, Option<[u8; 20]>)> {
    let text = std::fs::read_to_string(path).expect("readable DDS file");
    let mut out: Vec<(Deal, Option<[u8; 20]>)> = Vec::new();
    for line in text.lines().filter(|l| l.starts_with("PBN")) {
        let pbn = line.split('"').nth(1).expect("a quoted deal");
        let deal: Deal = pbn.parse().expect("a valid deal");
        if out.iter().all(|(d, _)| *d != deal) {
            out.push((deal, None));
        }
        if out.len() == n {
            break;
        }
    }
    out
}

/// The first `n` deals of a tab-separated file of deals and their DDS tables.
fn tsv_deals(path: &Path, n: usize) -> Vec<(Deal, Option<[u8; 20]>)> {
    let text = std::fs::read_to_string(path).expect("readable deal file");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .take(n)
        .map(|l| {
            let (pbn, nums) = l.split_once('\t').expect("deal TAB table");
            let t: Vec<u8> = nums
                .split_whitespace()
                .map(|x| x.parse().expect("a number"))
                .collect();
            (
                pbn.parse().expect("a valid deal"),
                Some(t.try_into().expect("20 numbers")),
            )
        })
        .collect()
}

/// What one table gave for one deal.
struct Run {
    table: DdTable,
    nodes: u64,
    /// The most bytes the table held after a strain.
    peak: usize,
}

/// Solves a deal's table with one table kind's solver.
type Solve = Box<dyn FnMut(&Deal) -> Run>;

/// One table kind under test: its solver and totals.
struct Runner {
    name: &'static str,
    solve: Solve,
    nodes: u64,
    time: Duration,
    peak: usize,
    wins: usize,
}

/// A runner of `tt`; `after` sees the table after each strain.
fn runner<T: TranspositionTable + 'static>(
    name: &'static str,
    tt: T,
    mut after: impl FnMut(&T) + 'static,
) -> Runner {
    let mut solver = Solver::<_, AnyOrdering>::with_tt(SearchConfig::default(), tt);
    Runner {
        name,
        solve: Box::new(move |deal| {
            let before = solver.nodes();
            let mut tricks = [[0u8; 4]; 5];
            let mut peak = 0;
            for strain in STRAINS {
                tricks[strain.index()] = solver.strain_tricks(deal, strain);
                peak = peak.max(solver.tt_stats().bytes);
                after(solver.tt());
            }
            Run {
                table: DdTable::new(tricks).expect("valid tricks"),
                nodes: solver.nodes() - before,
                peak,
            }
        }),
        nodes: 0,
        time: Duration::ZERO,
        peak: 0,
        wins: 0,
    }
}

/// The pattern table's counters and, per strain solved, its list lengths.
type PatternLog = Rc<RefCell<(Counters, Vec<Vec<(usize, usize)>>)>>;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let n_list: usize = arg("--list").map_or(40, |v| v.parse().expect("--list N"));
    let n_random: usize = arg("--random").map_or(20, |v| v.parse().expect("--random N"));
    let mb: usize = arg("--mb").map_or(128, |v| v.parse().expect("--mb MB"));
    let names = arg("--tables").unwrap_or_else(|| "pattern,flat,forest".into());
    let verbose = args.iter().any(|a| a == "--verbose");

    let dir = data_dir();
    let mut deals = list_deals(&dir.join("list100.txt"), n_list);
    deals.extend(tsv_deals(&dir.join("random-seed1-200.tsv"), n_random));
    if let Some(only) = arg("--only") {
        // A few of those deals by index (for callgrind runs).
        let keep: Vec<usize> = only
            .split(',')
            .map(|i| i.parse().expect("--only I,J"))
            .collect();
        deals = keep.iter().map(|&i| deals[i]).collect();
    }

    let log: PatternLog = Rc::default();
    let mut runners: Vec<Runner> = names
        .split(',')
        .map(|n| match n {
            "pattern" => {
                let order = match std::env::var("TTP_ORDER").as_deref() {
                    Ok("newest") => ProbeOrder::NewestFirst,
                    _ => ProbeOrder::GeneralFirst,
                };
                let log = log.clone();
                runner("pattern", TtPattern::with_order(mb, order), move |t| {
                    let mut log = log.borrow_mut();
                    log.0 = t.counters();
                    log.1.push(t.list_lengths());
                })
            }
            "flat" => runner("flat", TtFlat::new(mb), |_| {}),
            "forest" => runner("forest", TtForest::new(mb), |_| {}),
            other => panic!("unknown table {other}: pattern, flat or forest"),
        })
        .collect();
    let k = runners.len();
    println!(
        "{} deals ({n_list} of list100, {n_random} random), {mb} MB, tables {names}",
        deals.len()
    );
    for (i, (deal, expected)) in deals.iter().enumerate() {
        let mut results = Vec::with_capacity(k);
        let mut row = Vec::with_capacity(k);
        for j in 0..k {
            let r = &mut runners[(i + j) % k];
            let start = Instant::now();
            let run = (r.solve)(deal);
            let t = start.elapsed();
            r.nodes += run.nodes;
            r.time += t;
            r.peak = r.peak.max(run.peak);
            results.push((r.name, run.table));
            row.push((r.name, run.nodes, t));
        }
        for (name, table) in &results {
            assert_eq!(
                *table, results[0].1,
                "deal {i}: {name} disagrees with {}",
                results[0].0
            );
            if let Some(e) = expected {
                assert_eq!(table.to_dds_order(), *e, "deal {i}: {name} against DDS");
            }
        }
        let best = row.iter().map(|r| r.1).min().unwrap_or(0);
        for (name, nodes, _) in &row {
            if *nodes == best {
                if let Some(r) = runners.iter_mut().find(|r| r.name == *name) {
                    r.wins += 1;
                }
            }
        }
        if verbose {
            let cells: Vec<String> = row
                .iter()
                .map(|(n, nodes, t)| format!("{n} {nodes} {:.1} ms", t.as_secs_f64() * 1e3))
                .collect();
            println!("deal {i:3}: {}", cells.join(" | "));
        }
    }
    let base = runners
        .iter()
        .find(|r| r.name == "flat")
        .map(|r| (r.nodes, r.time));
    println!(
        "{:<8} {:>14} {:>9} {:>10} {:>9} {:>10} {:>12}",
        "table", "nodes", "vs flat", "time s", "vs flat", "fewest", "peak MB"
    );
    for r in &runners {
        let (bn, bt) = base.unwrap_or((r.nodes, r.time));
        println!(
            "{:<8} {:>14} {:>9.3} {:>10.2} {:>9.3} {:>10} {:>12.1}",
            r.name,
            r.nodes,
            r.nodes as f64 / bn as f64,
            r.time.as_secs_f64(),
            r.time.as_secs_f64() / bt.as_secs_f64(),
            r.wins,
            r.peak as f64 / f64::from(1 << 20)
        );
    }
    if names.split(',').any(|n| n == "pattern") {
        let log = log.borrow();
        println!("pattern counters: {:?}", log.0);
        if verbose {
            // Shapes by list length, summed over the strains solved.
            let mut total = std::collections::BTreeMap::new();
            for l in &log.1 {
                for &(len, n) in l {
                    *total.entry(len).or_insert(0usize) += n;
                }
            }
            let scanned: usize = total.iter().map(|(l, n)| l * l * n).sum();
            let entries: usize = total.iter().map(|(l, n)| l * n).sum();
            println!(
                "pattern lists at the end of each strain: {} shapes, {entries} entries, mean list length seen by an entry {:.1}",
                total.values().sum::<usize>(),
                scanned as f64 / entries.max(1) as f64
            );
        }
    }
}
