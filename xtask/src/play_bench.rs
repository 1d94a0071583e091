//! `cargo xtask play-bench`: play analysis (`Solver::analyse_play_with`) over the `PLAY`
//! lines of a DDS file, with warm tables (the table cleared once per entry, then kept from
//! card to card) against cold ones (`Solver::clear` before every position, as a fresh
//! solver); every analysis is checked against the file's `TRACE`.

use crate::batch_bench::thread_cpu_secs;
use crate::common::resolve_file;
use ddsolve::search::{PlayDriver, PlayOptions, PlayOrder};
use ddsolve::Solver;
use ddsolve_formats::dds_file::{self, Entry};
use std::path::PathBuf;
use std::time::Instant;

/// One configuration's totals.
struct Totals {
    secs: f64,
    cpu: f64,
    nodes: u64,
    mismatches: usize,
}

fn measure(entries: &[&Entry], options: PlayOptions) -> Result<Totals, String> {
    let mut solver = Solver::new();
    let (mut secs, mut nodes, mut mismatches) = (0.0, 0, 0);
    let cpu0 = thread_cpu_secs().unwrap_or(f64::NAN);
    for e in entries {
        let (Some(play), Some(trace)) = (&e.play, &e.trace) else {
            continue;
        };
        // A fresh table for every entry: warm means warm within one play only.
        solver.clear();
        let t = Instant::now();
        let a = solver
            .analyse_play_with(&e.deal, e.trump, e.first, play, options)
            .map_err(|err| format!("entry {} (line {}): {err}", e.number, e.line))?;
        secs += t.elapsed().as_secs_f64();
        nodes += a.nodes;
        let n = trace.len().min(a.tricks.len());
        if a.tricks[..n] != trace[..n] || n < trace.len() {
            mismatches += 1;
            println!(
                "MISMATCH entry {} (line {}): deal {} trump {} leader {}\n  expected: {:?}\n  got:      {:?}",
                e.number, e.line, e.deal, e.trump, e.first, trace, &a.tricks[..n]
            );
        }
    }
    Ok(Totals {
        secs,
        cpu: thread_cpu_secs().unwrap_or(f64::NAN) - cpu0,
        nodes,
        mismatches,
    })
}

/// Runs the benchmark.
///
/// Always: the default analysis (`PlayOptions::default()`) warm, the same cold, and the
/// independent baseline: every position solved by `Solver::tricks` with a cleared table (a
/// fresh solver that knows nothing of the play). With `all_methods`, also the other warm
/// methods (probes forward, `tricks` per position).
pub fn run(
    file: Option<PathBuf>,
    limit: Option<usize>,
    all_methods: bool,
    skip_cold: bool,
) -> Result<(), String> {
    let path = resolve_file(file);
    let all = dds_file::read_file(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut entries: Vec<&Entry> = all
        .iter()
        .filter(|e| e.play.is_some() && e.trace.is_some())
        .collect();
    if let Some(n) = limit {
        entries.truncate(n);
    }
    let cards: usize = entries
        .iter()
        .map(|e| e.play.as_ref().map_or(0, Vec::len))
        .sum();
    println!(
        "{}: {} PLAY lines, {} positions; load average before: {}",
        path.display(),
        entries.len(),
        cards + entries.len(),
        crate::batch_bench::load_average()
    );
    let default = PlayOptions::default();
    let mut runs: Vec<(String, PlayOptions)> = vec![(
        format!("warm, {:?} {:?} (default)", default.driver, default.order),
        default,
    )];
    if all_methods {
        runs.push((
            "warm, Probes Forward".into(),
            PlayOptions {
                order: PlayOrder::Forward,
                ..default
            },
        ));
        runs.push((
            "warm, Tricks per position".into(),
            PlayOptions {
                driver: PlayDriver::Tricks,
                ..default
            },
        ));
    }
    if !skip_cold {
        runs.push((
            format!(
                "cold, {:?} {:?} (same method)",
                default.driver, default.order
            ),
            PlayOptions {
                cold: true,
                ..default
            },
        ));
        runs.push((
            "cold, Tricks per position (independent)".into(),
            PlayOptions {
                driver: PlayDriver::Tricks,
                order: PlayOrder::Forward,
                cold: true,
            },
        ));
    }
    let mut bad = 0;
    let mut base: Option<Totals> = None;
    for (name, options) in runs {
        let t = measure(&entries, options)?;
        bad += t.mismatches;
        print!(
            "{name:44} {:8.2} s wall {:8.2} s CPU {:11} nodes",
            t.secs, t.cpu, t.nodes
        );
        match &base {
            None => println!(),
            Some(b) => println!(
                "  {:.2}x the wall time, {:.2}x the CPU time, {:.2}x the nodes of the default",
                t.secs / b.secs,
                t.cpu / b.cpu,
                t.nodes as f64 / b.nodes.max(1) as f64
            ),
        }
        if t.mismatches > 0 {
            println!("  {} analyses differ from TRACE", t.mismatches);
        }
        base.get_or_insert(t);
    }
    println!("load average after: {}", crate::batch_bench::load_average());
    if bad > 0 {
        return Err(format!("{bad} analyses differ from TRACE"));
    }
    Ok(())
}
