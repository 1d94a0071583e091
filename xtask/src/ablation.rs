//! `cargo xtask ablation`: what each enhancement of the search is worth. Every
//! configuration solves the same deals (a cold table per deal) and must give the same
//! tables as the default.

use crate::common::{distinct_deals, resolve_file, table_diff, FileDeal};
use ddsolve::search::Solver;
use ddsolve::{
    AnyOrdering, Driver, OrderingKind, SearchConfig, SolverBuilder, TranspositionTable, TtKind,
    DEFAULT_TT_MEMORY_MB,
};
use ddsolve_tt_zobrist::{KeyMode, TtZobrist};
use std::path::PathBuf;
use std::time::Instant;

/// Nodes, seconds and tables of one configuration on some deals.
struct Outcome {
    nodes: u64,
    secs: f64,
    tables: Vec<[u8; 20]>,
}

fn solve_all(config: SolverBuilder, deals: &[FileDeal]) -> Outcome {
    solve_with(config.build(), deals)
}

fn solve_with<T: TranspositionTable>(
    mut solver: Solver<T, AnyOrdering>,
    deals: &[FileDeal],
) -> Outcome {
    let mut secs = 0.0;
    let mut tables = Vec::with_capacity(deals.len());
    for d in deals {
        let t = Instant::now();
        solver.clear();
        tables.push(solver.table(&d.deal).to_dds_order());
        secs += t.elapsed().as_secs_f64();
    }
    Outcome {
        nodes: solver.nodes(),
        secs,
        tables,
    }
}

/// The configurations: a name and the default with one switch changed (the table kind is
/// not an enhancement, but its cost shows here too).
fn variants() -> Vec<(&'static str, SolverBuilder)> {
    let d = SearchConfig::default();
    let b = SolverBuilder::new();
    vec![
        (
            "no quick_tricks",
            b.search(SearchConfig {
                quick_tricks: false,
                ..d
            }),
        ),
        (
            "no later_tricks",
            b.search(SearchConfig {
                later_tricks: false,
                ..d
            }),
        ),
        (
            "no trump_honours",
            b.search(SearchConfig {
                trump_honours: false,
                ..d
            }),
        ),
        ("no etc", b.search(SearchConfig { etc: false, ..d })),
        (
            "etc at every depth",
            b.search(SearchConfig {
                etc_min_cards: 0,
                ..d
            }),
        ),
        (
            "no small_card_filter",
            b.search(SearchConfig {
                small_card_filter: false,
                ..d
            }),
        ),
        (
            "no forced_moves",
            b.search(SearchConfig {
                forced_moves: false,
                ..d
            }),
        ),
        ("tt_kind Flat", b.tt(TtKind::Flat)),
        ("tt_kind Forest", b.tt(TtKind::Forest)),
        ("ordering Paper", b.ordering(OrderingKind::Paper)),
        ("ordering Rank", b.ordering(OrderingKind::Rank)),
        ("ordering Tuned alone", b.ordering(OrderingKind::Tuned)),
        (
            "cutoff memory no leads",
            b.ordering(OrderingKind::CutoffFollowing),
        ),
        (
            "cutoff memory any need",
            b.ordering(OrderingKind::CutoffAnyNeed),
        ),
        (
            "cutoff memory lead hints",
            b.ordering(OrderingKind::CutoffLeadHints),
        ),
        (
            "no lead categories",
            b.ordering(OrderingKind::CutoffNoLeadCategories),
        ),
        (
            "first guess half",
            b.search(SearchConfig {
                estimated_first_guess: false,
                ..d
            }),
        ),
        (
            "ordering never forgets (voids)",
            b.search(SearchConfig {
                forget_order_voids: u8::MAX,
                ..d
            }),
        ),
        (
            "no symmetry",
            b.search(SearchConfig {
                symmetry: false,
                ..d
            }),
        ),
        (
            "driver Step",
            b.search(SearchConfig {
                driver: Driver::Step,
                ..d
            }),
        ),
    ]
}

fn row(name: &str, deals: usize, o: &Outcome, base: &Outcome, same: usize) {
    println!(
        "{name:22} {deals:5} {:>13} {:>7.2}x {:9.2} {:>7.2}x {:>6}",
        o.nodes,
        o.nodes as f64 / base.nodes as f64,
        o.secs,
        o.secs / base.secs,
        format!("{same}/{deals}")
    );
}

/// Counts the tables equal to the baseline's, printing every difference in full.
fn same_tables(name: &str, deals: &[FileDeal], o: &Outcome, base: &Outcome) -> usize {
    let mut same = 0;
    for (i, (a, b)) in o.tables.iter().zip(&base.tables).enumerate() {
        if a == b {
            same += 1;
        } else {
            println!(
                "MISMATCH {name} vs default: deal {} (entry {}) {}: {}",
                i + 1,
                deals[i].entry,
                deals[i].deal.to_pbn(),
                table_diff(a, b)
            );
        }
    }
    same
}

/// Runs the ablation.
pub fn run(file: Option<PathBuf>, limit: usize, no_tt_deals: Option<usize>) -> Result<(), String> {
    let path = resolve_file(file);
    let (deals, _) = distinct_deals(&path, Some(limit))?;
    if deals.is_empty() {
        return Err(format!("{}: no deals", path.display()));
    }
    let n = deals.len();
    println!(
        "{}: first {n} distinct deals; Solver::table, cold table per deal, single thread",
        path.display()
    );
    println!(
        "{:22} {:>5} {:>13} {:>8} {:>9} {:>8} {:>6}",
        "config", "deals", "nodes", "x nodes", "seconds", "x time", "same"
    );
    let base = solve_all(SolverBuilder::new(), &deals);
    row("default", n, &base, &base, n);
    let mut bad = 0;
    for (name, config) in variants() {
        let o = solve_all(config, &deals);
        let same = same_tables(name, &deals, &o, &base);
        bad += n - same;
        row(name, n, &o, &base, same);
    }
    // The hashed table of exact positions (ddsolve-tt-zobrist), of the default's size.
    for (name, mode) in [
        ("tt Zobrist", KeyMode::Incremental),
        ("tt Zobrist, keys anew", KeyMode::Scratch),
    ] {
        let tt = TtZobrist::with_key_mode(DEFAULT_TT_MEMORY_MB, mode);
        let o = solve_with(Solver::with_tt(SearchConfig::default(), tt), &deals);
        let same = same_tables(name, &deals, &o, &base);
        bad += n - same;
        row(name, n, &o, &base, same);
    }

    let k = no_tt_deals.unwrap_or(usize::from(n <= 3)).min(n);
    if k == 0 {
        println!("no transposition_table: skipped (slow; use --no-tt-deals 1, or --limit <= 3)");
    } else {
        let sub = &deals[..k];
        let base_k = solve_all(SolverBuilder::new(), sub);
        let o = solve_all(
            SolverBuilder::new().search(SearchConfig {
                transposition_table: false,
                ..SearchConfig::default()
            }),
            sub,
        );
        let name = "no transposition_table";
        let same = same_tables(name, sub, &o, &base_k);
        bad += k - same;
        row("default (same deals)", k, &base_k, &base_k, k);
        row(name, k, &o, &base_k, same);
    }
    if bad > 0 {
        return Err(format!(
            "{bad} tables differ from the default configuration's"
        ));
    }
    Ok(())
}
