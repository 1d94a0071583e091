//! `cargo xtask batch-bench`: `ddsolve::solve_tables` on the distinct deals of a DDS
//! file with 1 thread, then with 2 (or `--threads N`), in one run: both times, the speed-up,
//! and a check that the outputs are identical (and equal to the file's tables). The machine
//! may be shared, so the load average is printed before and after.

use crate::common::{distinct_deals, resolve_file};
use ddsolve::exec::difficulty;
use ddsolve::{solve_tables_with, BatchOptions, BatchOrder, DdTable, Solver, SolverBuilder};
use ddsolve_cards::Deal;
use std::path::PathBuf;
use std::time::Instant;

/// `/proc/loadavg`'s three load averages, or `n/a`.
pub fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|| "n/a".into())
}

/// CPU time of the calling thread in seconds (`/proc/thread-self/schedstat`), if readable:
/// unlike wall time, it does not grow when other processes take the cores.
pub fn thread_cpu_secs() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(ns as f64 * 1e-9)
}

/// CPU time of the whole process (every thread, finished ones included) in seconds, from
/// `/proc/self/stat` (user plus system, in clock ticks of 1/100 s), if readable.
pub fn process_cpu_secs() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name (which may hold spaces): state is field 3, utime 14.
    let rest = &text[text.rfind(')')? + 1..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks: u64 = f.get(11)?.parse::<u64>().ok()? + f.get(12)?.parse::<u64>().ok()?;
    Some(ticks as f64 / 100.0)
}

/// Which work orders to measure.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Orders {
    /// Hardest first by `ddsolve::exec::difficulty`.
    Hardest,
    /// Input order (the default of `solve_tables`).
    Input,
    /// Both, one after the other.
    Both,
}

/// Wall time, process CPU time and the tables.
fn timed(deals: &[Deal], threads: usize, order: BatchOrder) -> (f64, f64, Vec<DdTable>) {
    let cpu = process_cpu_secs().unwrap_or(f64::NAN);
    let t = Instant::now();
    let tables = solve_tables_with(
        deals,
        &BatchOptions { threads, order },
        &SolverBuilder::new(),
    );
    let wall = t.elapsed().as_secs_f64();
    (wall, process_cpu_secs().unwrap_or(f64::NAN) - cpu, tables)
}

/// Spearman's rank correlation of two equally long samples (ties broken by position).
fn spearman(a: &[f64], b: &[f64]) -> f64 {
    fn ranks(x: &[f64]) -> Vec<f64> {
        let mut idx: Vec<usize> = (0..x.len()).collect();
        idx.sort_by(|&i, &j| x[i].total_cmp(&x[j]));
        let mut r = vec![0.0; x.len()];
        for (rank, &i) in idx.iter().enumerate() {
            r[i] = rank as f64;
        }
        r
    }
    let (ra, rb) = (ranks(a), ranks(b));
    let n = a.len() as f64;
    let d2: f64 = ra.iter().zip(&rb).map(|(x, y)| (x - y) * (x - y)).sum();
    1.0 - 6.0 * d2 / (n * (n * n - 1.0))
}

/// When the last of `threads` workers finishes if each takes the next item of `order` when
/// free and item `i` takes `secs[i]`.
fn makespan(secs: &[f64], order: &[usize], threads: usize) -> f64 {
    let mut free = vec![0.0f64; threads.max(1)];
    for &i in order {
        let w = (0..free.len())
            .min_by(|&a, &b| free[a].total_cmp(&free[b]))
            .unwrap_or(0);
        free[w] += secs[i];
    }
    free.into_iter().fold(0.0, f64::max)
}

/// Runs the benchmark.
pub fn run(
    file: Option<PathBuf>,
    limit: Option<usize>,
    threads: usize,
    orders: Orders,
    estimate: bool,
) -> Result<(), String> {
    let path = resolve_file(file);
    let (file_deals, entries) = distinct_deals(&path, limit)?;
    let deals: Vec<Deal> = file_deals.iter().map(|d| d.deal).collect();
    println!(
        "{}: {} entries, {} distinct deals; {} cores available",
        path.display(),
        entries,
        deals.len(),
        std::thread::available_parallelism().map_or(0, |n| n.get())
    );
    let orders: &[BatchOrder] = match orders {
        Orders::Hardest => &[BatchOrder::HardestFirst],
        Orders::Input => &[BatchOrder::Input],
        Orders::Both => &[BatchOrder::HardestFirst, BatchOrder::Input],
    };
    let mut reference: Option<Vec<DdTable>> = None;
    let mut bad = 0;
    for &order in orders {
        println!("order {order:?}:");
        println!("  load average before: {}", load_average());
        let (t1, c1, one) = timed(&deals, 1, order);
        println!(
            "  1 thread:  {t1:8.2} s wall, {c1:8.2} s CPU ({:.2} cores busy)",
            c1 / t1
        );
        println!("  load average between: {}", load_average());
        let (tn, cn, many) = timed(&deals, threads, order);
        println!(
            "  {threads} threads: {tn:8.2} s wall, {cn:8.2} s CPU ({:.2} cores busy)",
            cn / tn
        );
        println!("  load average after: {}", load_average());
        println!(
            "  speed-up {threads} threads over 1: {:.2}x (wall time); CPU time {:.2}x that of 1 thread",
            t1 / tn,
            cn / c1
        );
        if one != many {
            bad += 1;
            println!("  MISMATCH: 1-thread and {threads}-thread tables differ");
        } else {
            println!("  1-thread and {threads}-thread tables identical");
        }
        for (i, (t, d)) in one.iter().zip(&file_deals).enumerate() {
            if let Some(want) = d.table {
                if t.to_dds_order() != want {
                    bad += 1;
                    println!(
                        "  MISMATCH with the file's TABLE: deal {} (entry {}) {}",
                        i + 1,
                        d.entry,
                        d.deal
                    );
                }
            }
        }
        match &reference {
            Some(r) if r != &one => {
                bad += 1;
                println!("  MISMATCH: tables differ from the first order's");
            }
            Some(_) => {}
            None => reference = Some(one),
        }
    }
    if estimate {
        // How well the cheap estimate ranks the deals by solving time (fresh solver each).
        let mut solver = Solver::new();
        let (mut secs, mut est) = (Vec::new(), Vec::new());
        for d in &deals {
            solver.clear();
            let t = Instant::now();
            solver.table(d);
            secs.push(t.elapsed().as_secs_f64());
            est.push(f64::from(difficulty(d)));
        }
        let total: f64 = secs.iter().sum();
        let mut sorted = secs.clone();
        sorted.sort_by(|a, b| b.total_cmp(a));
        println!(
            "per deal: total {total:.2} s, slowest {:.3} s, 10 slowest {:.1}% of the time",
            sorted[0],
            100.0 * sorted.iter().take(10).sum::<f64>() / total
        );
        println!(
            "Spearman correlation of difficulty() with the time per deal: {:.3}",
            spearman(&est, &secs)
        );
        // The same deals on `threads` ideal workers (no contention), each taking the next
        // deal when free: how far each order ends above a perfect split.
        let ideal = total / threads as f64;
        let by_estimate = {
            let mut o: Vec<usize> = (0..deals.len()).collect();
            o.sort_by_key(|&i| std::cmp::Reverse(difficulty(&deals[i])));
            o
        };
        let by_time = {
            let mut o: Vec<usize> = (0..deals.len()).collect();
            o.sort_by(|&i, &j| secs[j].total_cmp(&secs[i]));
            o
        };
        for (name, order) in [
            ("input order", (0..deals.len()).collect::<Vec<_>>()),
            ("hardest first by difficulty()", by_estimate),
            ("hardest first by measured time", by_time),
        ] {
            let end = makespan(&secs, &order, threads);
            println!(
                "  simulated {threads} workers, {name}: {end:.2} s, {:.2}% above a perfect split",
                100.0 * (end / ideal - 1.0)
            );
        }
    }
    if bad > 0 {
        return Err(format!("{bad} mismatches"));
    }
    Ok(())
}
