//! # ddsolve: the command line of the ddsolve double-dummy solver
//!
//! The top layer of ddsolve. It depends on [`ddsolve_cards`] (deals, PBN, positions),
//! [`ddsolve::search`] (the solver), [`ddsolve::exec`] (its worker pool), [`ddsolve_par`] (scoring and par) and
//! [`ddsolve_formats`] (DDS's regression files for `check`, PBN hand-record files for
//! `annotate`, LIN deals), [`ddsolve_deal`] (the dealer language of `deal`),
//! [`ddsolve_lead`] (`lead` and `sd`) and [`ddsolve_server`] (the HTTP server, which
//! `serve` only starts); nothing depends on it. It holds no bridge logic of its own: it
//! reads input, hands positions to solvers, and prints.
//!
//! Commands:
//!
//! - `ddsolve table [FILE]`: the double-dummy table of each deal (PBN or LIN, one a line, or
//!   PBN games) of FILE or stdin, solved as the deals arrive, output in input order
//!   ([`table`], [`stream`]).
//! - `ddsolve annotate FILE.pbn [-o OUT | --in-place]`: a PBN hand-record file with the
//!   double-dummy tags and par of every board ([`annotate`]).
//! - `ddsolve solve --trump T --leader L [--played CARDS] [--target N] DEAL`: the value of every
//!   legal card of the hand to play ([`solve`]).
//! - `ddsolve check FILE [--mode all|solve|table|par|dealerpar|play]`: runs a DDS regression
//!   file and reports every difference ([`check`]).
//! - `ddsolve par [--vul V] [--dealer D] [DEAL]`: a deal's (or a stream's) table, par, dealer
//!   par and sides par ([`par`]).
//! - `ddsolve play --trump T --leader L --cards CARDS DEAL`: play analysis ([`play`]).
//! - `ddsolve lead --hand W:KQ3.J92.T8763.A4 --contract 3NTS [-n 1000] [--deals FILE]`: every
//!   lead of a hand valued double dummy over sampled deals ([`lead`]).
//! - `ddsolve sd --hand S:... --dummy N:... --contract 4SS --played CARDS`: single-dummy
//!   play, each legal card valued over deals consistent with what the player saw ([`sd`]).
//! - `ddsolve serve [--addr 127.0.0.1:8080]`: the HTTP server of `ddsolve-server`, the JSON
//!   API and the web page ([`serve`]).
//!
//! Every command takes `--format text|tsv|json` (json: one object a line, [`json`]) and
//! `--log LEVEL` (or `RUST_LOG`): the search's `tracing` diagnostics on stderr ([`log`]);
//! `table`, `solve` and `play` take `--stats`, which adds what the search did to the output
//! ([`stats`]).
//!
//! Exit status: 0 on success, 1 if `check` found mismatches, 2 for bad input or usage (with a
//! message on stderr; user input never causes a panic), 130 if interrupted by Ctrl-C, which
//! leaves only complete output records ([`output`]).
//!
//! Parallel work runs in the one pool of the library, [`ddsolve::exec::pool`]: each worker
//! thread has its own [`ddsolve::search::Solver`], results come back in input order.

mod annotate;
mod args;
mod check;
mod condition;
mod deal;
mod error;
mod input;
mod lead;
mod log;
mod mismatch;
mod output;
mod output_file;
mod par;
mod play;
mod progress;
mod sd;
mod serve;
mod solve;
mod solver_args;
mod stats;
mod stream;
mod table;

use clap::Parser;
/// The JSON objects of `--format json`: the front crate's shared schema.
use ddsolve::report as json;
use std::io::Write;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = args::Cli::parse();
    let serving = matches!(cli.command, args::Command::Serve(_));
    let default_log = if serving {
        log::LogLevel::Info
    } else {
        log::LogLevel::Warn
    };
    if let Err(e) = log::init(cli.log, default_log) {
        return e.report();
    }
    // The server handles Ctrl-C and SIGTERM itself: it finishes the requests in flight.
    if !serving {
        output::install_interrupt_handler();
    }
    let mut out = output::Stdout;
    let result = match cli.command {
        args::Command::Table(a) => table::run(&a, &mut out),
        args::Command::Annotate(a) => annotate::run(&a, &mut out),
        args::Command::Solve(a) => solve::run(&a, &mut out),
        args::Command::Check(a) => check::run(&a, &mut out),
        args::Command::Par(a) => par::run(&a, &mut out),
        args::Command::Play(a) => play::run(&a, &mut out),
        args::Command::Serve(a) => serve::run(&a),
        args::Command::Lead(a) => lead::run(&a, &mut out),
        args::Command::Sd(a) => sd::run(&a, &mut out),
        args::Command::Deal(a) => deal::run(&a, &mut out),
    }
    .and_then(|code| {
        out.flush()?;
        Ok(code)
    });
    match result {
        Ok(code) => code,
        Err(e) => {
            let _ = out.flush();
            e.report()
        }
    }
}
