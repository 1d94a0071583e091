//! Developer tasks for ddsolve: `cargo xtask <command>` (an alias for
//! `cargo run --release -p xtask --`).
//!
//! - `deal`: a seeded random deal as PBN and as a diagram.
//! - `deals`: seeded deals of a kind (uniform, freak, symmetric, rotated, two-suited), PBN, one a
//!   line: the hard deals of `benches/worst-deals.sh`.
//! - `compare`: ddsolve against the real DDS library on the distinct deals of a DDS
//!   regression file: identical tables, time, nodes and memory.
//! - `strains`: the same per strain, and for one deal per leader against DDS's `SolveBoard`,
//!   with DDS's measure of nodes (nodes at trick starts).
//! - `ablation`: nodes and time with each search enhancement switched off in turn.
//! - `play-bench`: play analysis over a DDS file's `PLAY` lines, warm tables against cold.
//! - `batch-bench`: `solve_tables` with 1 thread against 2, identical outputs.
//! - `table-split`: one deal's table on several threads, the speed-up from task sizes in
//!   nodes (strains warm, leaders cold) replayed through the parallel table's schedule.
//! - `tt-stats`: why a deal is slow: nodes, searches per leader and the table's figures
//!   (probes, hits, probe lengths, stores, evictions) per strain, and per tricks left.
//! - `fuzz`: every cargo-fuzz target for a given time: executions, seconds, crashes.
//! - `race`: ddsolve's release CLI against bridge-solver, one process per deal and solver:
//!   times, peak memory, ratios, the slow deals.

mod ablation;
mod batch_bench;
mod bridge_solver;
mod canonical;
mod child_usage;
mod common;
#[cfg(feature = "dds")]
mod compare;
#[cfg(feature = "dds")]
mod dds;
mod deal_kind;
mod fuzz;
mod play_bench;
mod race;
mod race_report;
#[cfg(feature = "dds")]
mod strains;
mod table_split;
mod tt_stats;

use clap::{Parser, Subcommand};
use ddsolve_cards::{diagram, DealRng};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Debug, Parser)]
#[command(name = "cargo xtask", about = "Developer tasks for ddsolve")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Print a seeded random deal (ddsolve_cards::DealRng) as PBN and as a diagram.
    Deal {
        /// The seed.
        #[arg(long)]
        seed: u64,
        /// Cards a hand (1..=13): fewer than 13 gives a random ending.
        #[arg(long, default_value_t = 13, value_parser = clap::value_parser!(u32).range(1..=13))]
        cards: u32,
    },
    /// Print seeded deals of a kind as PBN, one a line (North first): worst cases for the
    /// solver (freak, symmetric and two-suited deals) or uniform ones.
    Deals {
        /// The kind of deal.
        #[arg(long, value_enum, default_value_t = deal_kind::DealKind::Uniform)]
        kind: deal_kind::DealKind,
        /// How many deals.
        #[arg(long, default_value_t = 10)]
        count: usize,
        /// The seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Freak deals: the fewest voids among the four hands (0..=12).
        #[arg(long, default_value_t = deal_kind::DEFAULT_VOIDS,
              value_parser = clap::value_parser!(u32).range(0..=12))]
        voids: u32,
        /// Rotated deals: every hand's suit lengths, longest first (7-6-0-0, 6-5-2-0,
        /// 8-5-0-0, ...; they add up to 13).
        #[arg(long, default_value_t = deal_kind::DEFAULT_PATTERN)]
        pattern: deal_kind::HandPattern,
    },
    /// Solve the distinct deals of a DDS file with ddsolve and with DDS, single thread, and
    /// compare tables, times, nodes and memory.
    Compare {
        /// A DDS regression file (default: list1000.txt in the shared data folder).
        #[arg(long)]
        file: Option<PathBuf>,
        /// Only the first N distinct deals.
        #[arg(long)]
        limit: Option<usize>,
        /// Run ddsolve only (check against the file's tables).
        #[arg(long)]
        skip_dds: bool,
    },
    /// Nodes and time of `Solver::table` with each search enhancement turned off in turn.
    Ablation {
        /// A DDS regression file (default: list1000.txt in the shared data folder).
        #[arg(long)]
        file: Option<PathBuf>,
        /// Only the first N distinct deals.
        #[arg(long, default_value_t = 20)]
        limit: usize,
        /// Also run without the transposition table on the first N deals (very slow: keep
        /// N tiny). Default: on the first deal only if --limit is at most 3.
        #[arg(long)]
        no_tt_deals: Option<usize>,
    },
    /// Play analysis over the PLAY lines of a DDS file: warm tables (one solver per play)
    /// against cold ones (cleared before every position), checked against TRACE.
    PlayBench {
        /// A DDS regression file (default: list1000.txt in the shared data folder).
        #[arg(long)]
        file: Option<PathBuf>,
        /// Only the first N PLAY lines.
        #[arg(long)]
        limit: Option<usize>,
        /// Also time the other warm methods (probes forward, a full driver per position).
        #[arg(long)]
        all_methods: bool,
        /// Warm tables only.
        #[arg(long)]
        skip_cold: bool,
    },
    /// DD-table time per strain, ddsolve against DDS (one thread, cold tables); with one
    /// deal also per leader against DDS's SolveBoard.
    Strains {
        /// A deal (PBN) or a DDS file.
        deal: String,
        /// With a file, only its first N distinct deals.
        #[arg(long, default_value_t = 20)]
        limit: usize,
    },
    /// solve_tables on the distinct deals of a DDS file with 1 thread and with N: times,
    /// speed-up, identical outputs, load average.
    BatchBench {
        /// A DDS regression file (default: list1000.txt in the shared data folder).
        #[arg(long)]
        file: Option<PathBuf>,
        /// Only the first N distinct deals.
        #[arg(long)]
        limit: Option<usize>,
        /// Threads of the parallel run.
        #[arg(long, default_value_t = 2)]
        threads: usize,
        /// Which work orders to measure.
        #[arg(long, value_enum, default_value_t = batch_bench::Orders::Input)]
        order: batch_bench::Orders,
        /// Also time each deal alone and report how well the difficulty estimate ranks them.
        #[arg(long)]
        estimate: bool,
    },
    /// The speed-up of one deal's table on 1 to 8 threads, from the tasks' sizes in nodes
    /// (each strain warm, each leader cold) replayed through the parallel table's schedule:
    /// strains only, and with split leaders.
    TableSplit {
        /// Deals, PBN, one a line (tab-separated tails and # comments are skipped).
        file: PathBuf,
        /// Only the first N deals.
        #[arg(long)]
        limit: Option<usize>,
    },
    /// Why deals are slow: per deal and strain (a cold solver each), time, nodes,
    /// zero-window searches per leader and the table's figures (probes, hits, entries
    /// scanned per probe, stores, merges, evictions, size, longest list).
    TtStats {
        /// Deals, PBN, one a line (tab-separated tails and # comments are skipped).
        file: PathBuf,
        /// Only the first N deals.
        #[arg(long)]
        limit: Option<usize>,
        /// The table's memory budget, MB.
        #[arg(long, default_value_t = ddsolve::DEFAULT_TT_MEMORY_MB)]
        tt_mb: usize,
        /// The table.
        #[arg(long, value_enum, default_value_t = tt_stats::Table::Flat)]
        table: tt_stats::Table,
        /// The move ordering.
        #[arg(long, value_enum, default_value_t = tt_stats::Ordering::Cutoff)]
        ordering: tt_stats::Ordering,
        /// DDS's one-trick steps instead of MTD(f).
        #[arg(long)]
        step: bool,
        /// Also print the figures per tricks left.
        #[arg(long)]
        depths: bool,
        /// Only these strains (repeatable: N, S, H, D, C); default all five.
        #[arg(long = "strain", value_name = "STRAIN")]
        strains: Vec<ddsolve_cards::Strain>,
        /// Experiment: a wrapper table that stores positions in a canonical form.
        #[arg(long, value_enum, default_value_t = tt_stats::Canon::Off)]
        canonical: tt_stats::Canon,
    },
    /// Run every cargo-fuzz target of fuzz/ (stable toolchain, RUSTC_BOOTSTRAP=1, no
    /// sanitizer) on its corpus, one after another; print executions, seconds and crashes.
    Fuzz {
        /// Seconds per target.
        #[arg(default_value_t = 60)]
        seconds: u64,
        /// Also stop a target after this many executions.
        #[arg(long)]
        runs: Option<u64>,
        /// Only these targets (repeatable); default all.
        #[arg(long = "target", value_name = "TARGET")]
        targets: Vec<String>,
        /// Minimise each corpus afterwards (cargo fuzz cmin).
        #[arg(long)]
        cmin: bool,
        /// libFuzzer processes per target at once, on the same corpus (`--runs` is their
        /// total; the executions reported are their sum).
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=64))]
        jobs: u32,
    },
    /// ddsolve's release CLI against bridge-solver (macroxue/bridge-solver) on the same
    /// deals: one process per deal and solver, full table, single thread, alternating which
    /// goes first; each solver's total and geometric-mean time, slowest deal and peak memory,
    /// the ratios, whether the tables agree, and every deal where ddsolve took over 2x.
    Race(race::RaceArgs),
}

/// The error of a command that calls the real DDS library in an xtask built without it.
#[cfg(not(feature = "dds"))]
fn needs_dds(command: &str) -> String {
    format!(
        "`{command}` calls the real DDS library, and this xtask was built without it: run \
         `cargo xtask {command} ...` (the alias enables the `dds` feature) or \
         `cargo run --release -p xtask --features dds -- {command} ...`; building DDS needs \
         libclang (e.g. apt-get install libclang-dev)"
    )
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Deal { seed, cards } => {
            let deal = DealRng::new(seed).partial_deal(cards);
            println!("{}", deal.to_pbn());
            println!();
            print!("{}", diagram(deal.hands()));
            Ok(())
        }
        Command::Deals {
            kind,
            count,
            seed,
            voids,
            pattern,
        } => {
            let mut rng = DealRng::new(seed);
            for _ in 0..count {
                let deal = deal_kind::generate(kind, &mut rng, voids, pattern);
                println!("{}", deal.to_pbn());
            }
            Ok(())
        }
        #[cfg(feature = "dds")]
        Command::Compare {
            file,
            limit,
            skip_dds,
        } => compare::run(file, limit, skip_dds),
        #[cfg(not(feature = "dds"))]
        Command::Compare { .. } => Err(needs_dds("compare")),
        Command::Ablation {
            file,
            limit,
            no_tt_deals,
        } => ablation::run(file, limit, no_tt_deals),
        Command::PlayBench {
            file,
            limit,
            all_methods,
            skip_cold,
        } => play_bench::run(file, limit, all_methods, skip_cold),
        #[cfg(feature = "dds")]
        Command::Strains { deal, limit } => strains::run(&deal, limit),
        #[cfg(not(feature = "dds"))]
        Command::Strains { .. } => Err(needs_dds("strains")),
        Command::BatchBench {
            file,
            limit,
            threads,
            order,
            estimate,
        } => batch_bench::run(file, limit, threads, order, estimate),
        Command::TableSplit { file, limit } => table_split::run(&file, limit),
        Command::TtStats {
            file,
            limit,
            tt_mb,
            table,
            ordering,
            step,
            depths,
            strains,
            canonical,
        } => {
            let setup = tt_stats::Setup {
                config: tt_stats::config(tt_mb, ordering, step),
                table,
                canon: canonical,
            };
            tt_stats::run(&file, limit, setup, depths, &strains)
        }
        Command::Fuzz {
            seconds,
            runs,
            targets,
            cmin,
            jobs,
        } => fuzz::run(seconds, runs, &targets, cmin, jobs),
        Command::Race(args) => race::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
