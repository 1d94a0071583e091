//! Developer tasks for ddsolve: `cargo xtask <command>` (an alias for
//! `cargo run --release -p xtask --`).
//!
//! - `deal`: a seeded random deal as PBN and as a diagram.
//! - `compare`: ddsolve against the real DDS library on the distinct deals of a DDS
//!   regression file: identical tables, time, nodes and memory.
//! - `ablation`: nodes and time with each search enhancement switched off in turn.
//! - `play-bench`: play analysis over a DDS file's `PLAY` lines, warm tables against cold.
//! - `batch-bench`: `solve_tables` with 1 thread against 2, identical outputs.
//! - `fuzz`: every cargo-fuzz target for a given time: executions, seconds, crashes.

mod ablation;
mod batch_bench;
mod common;
#[cfg(feature = "dds")]
mod compare;
#[cfg(feature = "dds")]
mod dds;
mod fuzz;
mod play_bench;
#[cfg(feature = "dds")]
mod strains;

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
    },
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
        Command::Fuzz {
            seconds,
            runs,
            targets,
            cmin,
        } => fuzz::run(seconds, runs, &targets, cmin),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
