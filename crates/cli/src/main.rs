//! # ddsolve: the command line of the ddsolve double-dummy solver
//!
//! The top layer of ddsolve. It depends on [`ddsolve_cards`] (deals, PBN, positions),
//! [`ddsolve_search`] (the solver), [`ddsolve_par`] (scoring and par) and [`ddsolve_testkit`]
//! (only for its reader of DDS's regression files, used by `check`); nothing depends on it. It
//! holds no bridge logic of its own: it reads input, hands positions to solvers, and prints.
//!
//! Commands:
//!
//! - `ddsolve table [FILE]`: the double-dummy table of each deal (PBN, one a line) of FILE or
//!   stdin, in parallel, output in input order ([`table`]).
//! - `ddsolve solve --trump T --leader L [--played CARDS] [--target N] DEAL`: the value of every
//!   legal card of the hand to play ([`solve`]).
//! - `ddsolve check FILE [--mode all|solve|table|par|dealerpar|play]`: runs a DDS regression
//!   file and reports every difference ([`check`]).
//! - `ddsolve par [--vul V] [--dealer D] DEAL`: a deal's table, par and dealer par ([`par`]).
//! - `ddsolve play --trump T --leader L --cards CARDS DEAL`: play analysis ([`play`]).
//!
//! Exit status: 0 on success, 1 if `check` found mismatches, 2 for bad input or usage (with a
//! message on stderr; user input never causes a panic).
//!
//! Parallel work ([`parallel`]) gives each worker thread its own [`ddsolve_search::Solver`], so
//! workers share nothing but a work counter and a channel.

mod args;
mod check;
mod error;
mod input;
mod par;
mod parallel;
mod play;
mod solve;
mod table;

use clap::Parser;
use std::io::Write;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = args::Cli::parse();
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let result = match cli.command {
        args::Command::Table(a) => table::run(&a, &mut out),
        args::Command::Solve(a) => solve::run(&a, &mut out),
        args::Command::Check(a) => check::run(&a, &mut out),
        args::Command::Par(a) => par::run(&a, &mut out),
        args::Command::Play(a) => play::run(&a, &mut out),
    }
    .and_then(|code| {
        out.flush()?;
        Ok(code)
    });
    match result {
        Ok(code) => code,
        Err(e) => e.report(),
    }
}
