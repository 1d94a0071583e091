//! `cargo xtask tt-stats`: why a deal is slow. For each deal of a file and each strain,
//! a cold solver's time, nodes, zero-window searches per leader and what its table did
//! (probes, hits, entries scanned per probe, stores, merges, evictions, size, the longest
//! list of the flat table); with `--depths`, the same per tricks left.

use crate::canonical::Canonical;
use ddsolve::search::Solver;
use ddsolve::{
    AnyOrdering, AnyTable, Driver, OrderingKind, SearchConfig, SolverBuilder, TranspositionTable,
    TtKind,
};
use ddsolve_cards::{Deal, Strain};
use ddsolve_tt::{TtStats, DEPTHS};
use ddsolve_tt_forest::ListProfile;
use ddsolve_tt_pattern::TtPattern;
use std::path::Path;
use std::time::Instant;

/// The deals of a file: the first PBN deal of every line (anything else on the line, tabs,
/// quotes and `#` comment lines are skipped), as race.py reads them.
pub fn read_deals(path: &Path) -> Result<Vec<Deal>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let field = line
            .split('\t')
            .next()
            .unwrap_or_default()
            .trim_matches('"');
        let deal = field
            .parse::<Deal>()
            .map_err(|e| format!("{}, line {}: {e}", path.display(), i + 1))?;
        out.push(deal);
    }
    Ok(out)
}

/// One strain of one deal.
struct Row {
    strain: Strain,
    secs: f64,
    nodes: u64,
    trick_nodes: u64,
    tricks: [u8; 4],
    stats: TtStats,
    lists: Option<ListProfile>,
}

/// Which canonical forms the experimental wrapper ([`Canonical`]) uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Canon {
    /// The table as it is.
    Off,
    /// The leader made North.
    Rotate,
    /// Suits sorted (all in notrump, the side suits in a trump contract).
    Permute,
    /// Both.
    Both,
}

/// Which table `tt-stats` measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Table {
    /// `TtFlat` (the default).
    Flat,
    /// `TtForest`, the paper's forest.
    Forest,
    /// `TtPattern`, the rank-pattern table (bridge-solver's ideas).
    Pattern,
}

/// The ordering and driver to measure with (the search's own switches).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Ordering {
    /// The tuned ordering alone.
    Tuned,
    /// Chapter 5's weights.
    Paper,
    /// Highest rank first.
    Rank,
    /// A remembered cutoff card first for leads and hands following suit (the default).
    Cutoff,
    /// A remembered cutoff card first for hands following suit only.
    CutoffFollowing,
    /// The cutoff card remembered by the cards alone, not the tricks needed.
    CutoffAnyNeed,
    /// The cutoff card, and the per-depth hints passed on to the tuned ordering at leads.
    CutoffLeadHints,
    /// The default without the lead categories' bonuses (the tuned weights alone at leads).
    CutoffNoLeadCategories,
}

/// What one run is made of.
#[derive(Clone, Copy, Debug)]
pub struct Setup {
    /// The solver's choices (budget, ordering, driver; the table is `table`).
    pub config: SolverBuilder,
    /// The table.
    pub table: Table,
    /// The canonical-form experiment.
    pub canon: Canon,
}

/// The search's configuration of a run.
pub fn config(tt_mb: usize, ordering: Ordering, step: bool) -> SolverBuilder {
    SolverBuilder::new()
        .tt_memory_mb(tt_mb)
        .ordering(match ordering {
            Ordering::Tuned => OrderingKind::Tuned,
            Ordering::Paper => OrderingKind::Paper,
            Ordering::Rank => OrderingKind::Rank,
            Ordering::Cutoff => OrderingKind::Cutoff,
            Ordering::CutoffFollowing => OrderingKind::CutoffFollowing,
            Ordering::CutoffAnyNeed => OrderingKind::CutoffAnyNeed,
            Ordering::CutoffLeadHints => OrderingKind::CutoffLeadHints,
            Ordering::CutoffNoLeadCategories => OrderingKind::CutoffNoLeadCategories,
        })
        .search(SearchConfig {
            driver: if step { Driver::Step } else { Driver::Mtdf },
            ..SearchConfig::default()
        })
}

/// A solver of `config`'s search and ordering with the table `tt`.
fn solver<T: TranspositionTable>(config: &SolverBuilder, tt: T) -> Solver<T, AnyOrdering> {
    Solver::with_parts(
        *config.search_config(),
        tt,
        AnyOrdering::new(config.ordering_kind()),
    )
}

fn measure<T: TranspositionTable>(
    mut solver: Solver<T, AnyOrdering>,
    deal: &Deal,
    strain: Strain,
    lists: impl Fn(&T) -> Option<ListProfile>,
) -> ([u8; 4], [u64; 2], TtStats, Option<ListProfile>) {
    let tricks = solver.strain_tricks(deal, strain);
    let l = lists(solver.tt());
    let nodes = [solver.nodes(), solver.trick_nodes()];
    (tricks, nodes, solver.tt_stats(), l)
}

fn flat_lists(t: &AnyTable) -> Option<ListProfile> {
    match t {
        AnyTable::Flat(t) => Some(t.list_profile()),
        AnyTable::Forest(_) | AnyTable::Pattern(_) => None,
    }
}

fn solve_strain(deal: &Deal, strain: Strain, setup: Setup) -> Row {
    let config = setup.config;
    let mb = config.tt_memory_limit_mb();
    let rotate = matches!(setup.canon, Canon::Rotate | Canon::Both);
    let permute = matches!(setup.canon, Canon::Permute | Canon::Both);
    let trump = strain.trump();
    let t = Instant::now();
    let (tricks, nodes, stats, lists) = match (setup.table, setup.canon) {
        (Table::Pattern, Canon::Off) => {
            measure(solver(&config, TtPattern::new(mb)), deal, strain, |_| None)
        }
        (Table::Pattern, _) => measure(
            solver(
                &config,
                Canonical::new(TtPattern::new(mb), trump, rotate, permute),
            ),
            deal,
            strain,
            |_| None,
        ),
        (kind, Canon::Off) => measure(
            solver(&config, any_table(kind, mb)),
            deal,
            strain,
            flat_lists,
        ),
        (kind, _) => measure(
            solver(
                &config,
                Canonical::new(any_table(kind, mb), trump, rotate, permute),
            ),
            deal,
            strain,
            |t| flat_lists(t.inner()),
        ),
    };
    let secs = t.elapsed().as_secs_f64();
    Row {
        strain,
        secs,
        nodes: nodes[0],
        trick_nodes: nodes[1],
        tricks,
        stats,
        lists,
    }
}

fn any_table(kind: Table, mb: usize) -> AnyTable {
    match kind {
        Table::Flat => AnyTable::new(TtKind::Flat, mb),
        Table::Forest => AnyTable::new(TtKind::Forest, mb),
        Table::Pattern => AnyTable::new(TtKind::Pattern, mb),
    }
}

fn pct(a: u64, b: u64) -> f64 {
    if b == 0 {
        0.0
    } else {
        100.0 * a as f64 / b as f64
    }
}

fn ratio(a: u64, b: u64) -> f64 {
    if b == 0 {
        0.0
    } else {
        a as f64 / b as f64
    }
}

fn strain_name(s: Strain) -> &'static str {
    ["S", "H", "D", "C", "NT"][s.index()]
}

/// Runs `cargo xtask tt-stats`.
pub fn run(
    file: &Path,
    limit: Option<usize>,
    setup: Setup,
    depths: bool,
    strains: &[Strain],
) -> Result<(), String> {
    let mut deals = read_deals(file)?;
    if let Some(n) = limit {
        deals.truncate(n);
    }
    let strains: Vec<Strain> = if strains.is_empty() {
        vec![
            Strain::NoTrump,
            Strain::Spades,
            Strain::Hearts,
            Strain::Diamonds,
            Strain::Clubs,
        ]
    } else {
        strains.to_vec()
    };
    println!(
        "{} deals of {}, a cold solver per strain, table {:?} at {} MB, ordering {:?}, \
         driver {:?}, canonical forms {:?}",
        deals.len(),
        file.display(),
        setup.table,
        setup.config.tt_memory_limit_mb(),
        setup.config.ordering_kind(),
        setup.config.search_config().driver,
        setup.canon,
    );
    println!(
        "searches = zero-window searches per leader (root probes / 4); scan = entries compared \
         per probe; lists: longest, and % of entries in lists over 256"
    );
    let mut total = (0.0f64, 0u64);
    for (i, deal) in deals.iter().enumerate() {
        println!("\n#{i} {deal}");
        println!(
            "  {:<3} {:>8} {:>12} {:>11} {:>7} {:>9} {:>11} {:>6} {:>7} {:>10} {:>9} {:>10} {:>7} {:>7} {:>7} {:>6}",
            "", "secs", "nodes", "trick nodes", "tricks", "searches", "probes", "hit%", "scan", "stores",
            "merges", "evictions", "sweeps", "peakMB", "longest", ">256%"
        );
        let mut rows = Vec::new();
        for &strain in &strains {
            let r = solve_strain(deal, strain, setup);
            let s = &r.stats;
            let (longest, long_share) = r.lists.map_or((0, 0.0), |l| {
                let over: usize = l.entries_by_length[5..].iter().sum();
                (l.longest, pct(over as u64, l.entries as u64))
            });
            println!(
                "  {:<3} {:>8.3} {:>12} {:>11} {:>7} {:>9.2} {:>11} {:>6.1} {:>7.1} {:>10} {:>9} {:>10} {:>7} {:>7.1} {:>7} {:>6.1}",
                strain_name(strain),
                r.secs,
                r.nodes,
                r.trick_nodes,
                r.tricks.map(|t| t.to_string()).join(","),
                s.probes[13] as f64 / 4.0,
                s.total_probes(),
                pct(s.total_hits(), s.total_probes()),
                ratio(s.total_scanned(), s.total_probes()),
                s.total_stores(),
                s.merges,
                s.evictions,
                s.sweeps,
                s.peak_bytes as f64 / (1 << 20) as f64,
                longest,
                long_share,
            );
            total.0 += r.secs;
            total.1 += r.nodes;
            rows.push(r);
        }
        if depths {
            for r in &rows {
                let s = &r.stats;
                println!("  {} per tricks left:", strain_name(r.strain));
                println!(
                    "    {:>3} {:>11} {:>6} {:>7} {:>10}",
                    "tl", "probes", "hit%", "scan", "stores"
                );
                for d in (2..DEPTHS).rev() {
                    if s.probes[d] == 0 && s.stores[d] == 0 {
                        continue;
                    }
                    println!(
                        "    {:>3} {:>11} {:>6.1} {:>7.1} {:>10}",
                        d,
                        s.probes[d],
                        pct(s.hits[d], s.probes[d]),
                        ratio(s.scanned[d], s.probes[d]),
                        s.stores[d]
                    );
                }
            }
        }
    }
    println!("\ntotal {:.2} s, {} nodes", total.0, total.1);
    Ok(())
}
