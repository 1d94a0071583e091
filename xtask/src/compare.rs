//! `cargo xtask compare`: ddsolve against the real DDS library, single thread, in one run.
//!
//! ddsolve goes first over every deal (a cold table per deal: `Solver::clear` before each
//! `Solver::table`, as DDS starts each table afresh), so the process's peak memory after it
//! is ddsolve's alone; then DDS (`CalcDDtablePBNN(.., 1)`) over the same deals.

use crate::common::{
    distinct_deals, format_table, kb_to_mb, proc_status_kb, reset_peak_rss, resolve_file,
    table_diff, FileDeal,
};
use crate::dds;
use ddsolve::Solver;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::Instant;

/// One table computed by one solver.
struct Run {
    secs: f64,
    table: [u8; 20],
}

/// Prints `label i/n` on a terminal's stderr, overwriting the line.
fn progress(label: &str, i: usize, n: usize) {
    if std::io::stderr().is_terminal() {
        if i == n {
            eprint!("\r{:40}\r", "");
        } else {
            eprint!("\r{label} {i}/{n}");
        }
    }
}

fn mb_or_na(kb: Option<u64>) -> String {
    kb.map_or_else(|| "n/a".into(), |k| format!("{:.1} MB", kb_to_mb(k)))
}

struct Summary {
    total: f64,
    mean_ms: f64,
    max_ms: f64,
}

fn summary(runs: &[Run]) -> Summary {
    let total: f64 = runs.iter().map(|r| r.secs).sum();
    let max = runs.iter().map(|r| r.secs).fold(0.0, f64::max);
    Summary {
        total,
        mean_ms: 1e3 * total / runs.len() as f64,
        max_ms: 1e3 * max,
    }
}

/// Reports a table that differs from another, in full. Returns whether they differ.
fn check(
    what: &str,
    d: &FileDeal,
    i: usize,
    got: &[u8; 20],
    other: &[u8; 20],
    tables: &[(&str, &[u8; 20])],
) -> bool {
    if got == other {
        return false;
    }
    println!(
        "MISMATCH {what}: deal {} (file entry {}) {}",
        i + 1,
        d.entry,
        d.deal.to_pbn()
    );
    for (name, t) in tables {
        println!("  {name:8} {}", format_table(t));
    }
    println!("  differ:  {}", table_diff(got, other));
    true
}

/// Runs the comparison.
pub fn run(file: Option<PathBuf>, limit: Option<usize>, skip_dds: bool) -> Result<(), String> {
    let path = resolve_file(file);
    let (deals, entries) = distinct_deals(&path, limit)?;
    if deals.is_empty() {
        return Err(format!("{}: no deals", path.display()));
    }
    let n = deals.len();
    println!(
        "{}: {n} distinct deals (of {entries} entries); single thread; cold table per deal",
        path.display()
    );

    let rss_start = proc_status_kb("VmRSS");
    let can_reset = reset_peak_rss();

    // Phase 1: ddsolve alone.
    let mut solver = Solver::new();
    let mut ours = Vec::with_capacity(n);
    let mut tt_max = 0usize;
    let nodes0 = solver.nodes();
    for (i, d) in deals.iter().enumerate() {
        progress("ddsolve", i, n);
        let t = Instant::now();
        solver.clear();
        let table = solver.table(&d.deal).to_dds_order();
        let secs = t.elapsed().as_secs_f64();
        tt_max = tt_max.max(solver.tt_stats().bytes);
        ours.push(Run { secs, table });
    }
    progress("ddsolve", n, n);
    let nodes = solver.nodes() - nodes0;
    let tt_resets = solver.tt_stats().resets;
    let hwm_ddsolve = proc_status_kb("VmHWM");
    drop(solver);

    // Phase 2: DDS.
    let mut theirs: Vec<Run> = Vec::new();
    let mut hwm_dds = None;
    if !skip_dds {
        let dds_reset = reset_peak_rss();
        dds::init_single_thread();
        for (i, d) in deals.iter().enumerate() {
            progress("DDS", i, n);
            let pbn = d.deal.to_pbn();
            let t = Instant::now();
            let table = dds::table(&pbn)?;
            theirs.push(Run {
                secs: t.elapsed().as_secs_f64(),
                table,
            });
        }
        progress("DDS", n, n);
        hwm_dds = proc_status_kb("VmHWM").filter(|_| dds_reset);
    }

    // Tables.
    let mut bad_dds = 0;
    let mut bad_file = 0;
    let mut no_file = 0;
    for (i, d) in deals.iter().enumerate() {
        let ours_t = &ours[i].table;
        let mut shown: Vec<(&str, &[u8; 20])> = vec![("ddsolve", ours_t)];
        if let Some(r) = theirs.get(i) {
            shown.push(("DDS", &r.table));
        }
        if let Some(f) = &d.table {
            shown.push(("file", f));
        }
        if let Some(r) = theirs.get(i) {
            bad_dds += usize::from(check("ddsolve vs DDS", d, i, ours_t, &r.table, &shown));
        }
        match &d.table {
            Some(f) => bad_file += usize::from(check("ddsolve vs file", d, i, ours_t, f, &shown)),
            None => no_file += 1,
        }
    }
    if skip_dds {
        println!(
            "tables: {} of {n} equal to the file's{}",
            n - no_file - bad_file,
            if no_file > 0 {
                format!(" ({no_file} without a TABLE line)")
            } else {
                String::new()
            }
        );
    } else {
        println!(
            "tables: ddsolve == DDS on {} of {n} deals; ddsolve == file on {} of {}",
            n - bad_dds,
            n - no_file - bad_file,
            n - no_file
        );
    }

    // Times.
    let a = summary(&ours);
    println!(
        "{:10} {:>9} {:>9} {:>9}",
        "", "total s", "mean ms", "max ms"
    );
    println!(
        "{:10} {:9.2} {:9.1} {:9.1}",
        "ddsolve", a.total, a.mean_ms, a.max_ms
    );
    if !skip_dds {
        let b = summary(&theirs);
        println!(
            "{:10} {:9.2} {:9.1} {:9.1}",
            "DDS", b.total, b.mean_ms, b.max_ms
        );
        let log_sum: f64 = ours
            .iter()
            .zip(&theirs)
            .map(|(x, y)| (x.secs / y.secs).ln())
            .sum();
        println!(
            "ratio ddsolve/DDS: {:.2} (total time); per-deal geometric mean {:.2}",
            a.total / b.total,
            (log_sum / n as f64).exp()
        );
    }
    println!(
        "ddsolve nodes: {nodes} total, {:.0} per deal, {:.2} M nodes/s",
        nodes as f64 / n as f64,
        nodes as f64 / a.total / 1e6
    );

    // Memory.
    let hwm_note = if can_reset {
        ""
    } else {
        " (peak not resettable: includes loading)"
    };
    println!(
        "memory: RSS at start {}; VmHWM after ddsolve alone {}{hwm_note} (TT max {:.1} MB, {tt_resets} TT resets)",
        mb_or_na(rss_start),
        mb_or_na(hwm_ddsolve),
        tt_max as f64 / f64::from(1 << 20),
    );
    if !skip_dds {
        println!(
            "        VmHWM during DDS (peak reset after ddsolve) {}; process VmHWM at end {}",
            mb_or_na(hwm_dds),
            mb_or_na(proc_status_kb("VmHWM"))
        );
    }

    // Slowest deals.
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&x, &y| ours[y].secs.total_cmp(&ours[x].secs));
    println!("slowest for ddsolve:  ddsolve ms    DDS ms  entry  deal");
    for &i in order.iter().take(5) {
        let dds_ms = theirs
            .get(i)
            .map_or_else(|| "-".into(), |r| format!("{:.1}", 1e3 * r.secs));
        println!(
            "{:20} {:10.1} {:>9} {:6}  {}",
            "",
            1e3 * ours[i].secs,
            dds_ms,
            deals[i].entry,
            deals[i].deal.to_pbn()
        );
    }
    if bad_dds + bad_file > 0 {
        return Err(format!(
            "{bad_dds} tables differ from DDS, {bad_file} from the file"
        ));
    }
    Ok(())
}
