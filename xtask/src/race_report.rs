//! The figures of `cargo xtask race` from its measurements: each solver's total and
//! geometric-mean time, slowest deal, peak memory and timeouts; the ratios ddsolve /
//! bridge-solver over the deals both finished; whether their tables agree; every deal where
//! ddsolve took over twice bridge-solver's time. No process is run here.

use std::fmt::Write as _;

/// One solver's run on one deal.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Run {
    /// It finished in `secs` seconds with a peak resident memory of `rss_mb` MB; `table` is
    /// the table it printed, in DDS order, if it could be read.
    Done {
        /// Wall time, seconds.
        secs: f64,
        /// Peak resident set size, MB (2^20 bytes).
        rss_mb: f64,
        /// Its table, DDS order.
        table: Option<[u8; 20]>,
    },
    /// It ran out of time and was killed.
    TimedOut,
}

impl Run {
    fn secs(&self) -> Option<f64> {
        match self {
            Run::Done { secs, .. } => Some(*secs),
            Run::TimedOut => None,
        }
    }
}

/// The two solvers' runs on one deal.
#[derive(Clone, Debug, PartialEq)]
pub struct DealRuns {
    /// The deal, PBN.
    pub deal: String,
    /// Where it comes from (`list100.txt`, `uniform seed 1`...).
    pub source: String,
    /// ddsolve's run.
    pub ddsolve: Run,
    /// bridge-solver's run.
    pub bridge_solver: Run,
}

/// One solver's figures, as printed.
fn solver_line(name: &str, runs: &[Run]) -> String {
    let times: Vec<f64> = runs.iter().filter_map(Run::secs).collect();
    let total: f64 = times.iter().sum();
    let slowest = (0..runs.len()).max_by(|&a, &b| {
        let t = |i: usize| runs[i].secs().unwrap_or(f64::INFINITY);
        t(a).total_cmp(&t(b))
    });
    let slowest = match slowest.map(|i| (i, runs[i])) {
        Some((i, Run::Done { secs, .. })) => format!("#{} {secs:.2} s", i + 1),
        Some((i, Run::TimedOut)) => format!("#{} timeout", i + 1),
        None => "-".to_string(),
    };
    let rss = runs
        .iter()
        .filter_map(|r| match r {
            Run::Done { rss_mb, .. } => Some(*rss_mb),
            Run::TimedOut => None,
        })
        .fold(0.0, f64::max);
    format!(
        "  {name:14} total {total:8.2} s  geomean {:7.1} ms  slowest {slowest}  peak RSS {rss:6.1} MB  timeouts {}",
        1000.0 * geomean(&times),
        runs.len() - times.len()
    )
}

/// `n deals`, or `1 deal`.
pub fn deals(n: usize) -> String {
    if n == 1 {
        "1 deal".to_string()
    } else {
        format!("{n} deals")
    }
}

/// The geometric mean of `xs` (NaN if empty).
fn geomean(xs: &[f64]) -> f64 {
    (xs.iter().map(|x| x.ln()).sum::<f64>() / xs.len() as f64).exp()
}

/// The report: a heading, each solver's line, the ratios, the tables' agreement and the deals
/// over 2x. `what` names the deals (`200 deals (list100.txt: 100; ...)`).
pub fn report(what: &str, runs: &[DealRuns]) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{what}: full tables, single thread, one process per deal and solver, alternating"
    );
    let dd: Vec<Run> = runs.iter().map(|r| r.ddsolve).collect();
    let bs: Vec<Run> = runs.iter().map(|r| r.bridge_solver).collect();
    let _ = writeln!(s, "{}", solver_line("ddsolve", &dd));
    let _ = writeln!(s, "{}", solver_line("bridge-solver", &bs));
    // Deals both finished: (index, ddsolve's time, bridge-solver's).
    let both: Vec<(usize, f64, f64)> = runs
        .iter()
        .enumerate()
        .filter_map(|(i, r)| Some((i, r.ddsolve.secs()?, r.bridge_solver.secs()?)))
        .collect();
    if both.is_empty() {
        let _ = writeln!(s, "no deal finished by both: no ratio");
        return s;
    }
    let (a, b): (f64, f64) = both.iter().fold((0.0, 0.0), |(a, b), t| (a + t.1, b + t.2));
    let per_deal: Vec<f64> = both.iter().map(|t| t.1 / t.2).collect();
    let _ = writeln!(
        s,
        "ratio ddsolve/bridge-solver: total {:.3}, per-deal geomean {:.3} ({} both finished)",
        a / b,
        geomean(&per_deal),
        deals(both.len())
    );
    let _ = writeln!(s, "{}", tables_line(runs));
    let slow: Vec<&(usize, f64, f64)> = both.iter().filter(|t| t.1 > 2.0 * t.2).collect();
    let _ = writeln!(s, "deals over 2x bridge-solver's time: {}", slow.len());
    for &&(i, x, y) in &slow {
        let r = &runs[i];
        let _ = writeln!(s, "  #{} {:5.1}x  {}  ({})", i + 1, x / y, r.deal, r.source);
    }
    s
}

/// Whether the tables agree, on the deals where both tables were read; every difference.
fn tables_line(runs: &[DealRuns]) -> String {
    let table = |r: &Run| match r {
        Run::Done { table, .. } => *table,
        Run::TimedOut => None,
    };
    let mut compared = 0;
    let mut differ = Vec::new();
    let mut unread = 0;
    for (i, r) in runs.iter().enumerate() {
        let finished = r.ddsolve.secs().is_some() && r.bridge_solver.secs().is_some();
        match (table(&r.ddsolve), table(&r.bridge_solver)) {
            (Some(x), Some(y)) => {
                compared += 1;
                if x != y {
                    differ.push(format!(
                        "  #{} {}: {}",
                        i + 1,
                        r.deal,
                        crate::common::table_diff(&x, &y)
                    ));
                }
            }
            _ if finished => unread += 1,
            _ => {}
        }
    }
    let mut s = if differ.is_empty() {
        format!("tables: the same on all {} compared", deals(compared))
    } else {
        format!("tables: {} of {} DIFFER", differ.len(), deals(compared))
    };
    if unread > 0 {
        let _ = write!(s, "; {unread} not compared (an output not read as a table)");
    }
    if !differ.is_empty() {
        let _ = write!(
            s,
            " (slot ddsolve vs bridge-solver):\n{}",
            differ.join("\n")
        );
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn done(secs: f64, rss_mb: f64, table: [u8; 20]) -> Run {
        Run::Done {
            secs,
            rss_mb,
            table: Some(table),
        }
    }

    fn deal(n: usize, ddsolve: Run, bridge_solver: Run) -> DealRuns {
        DealRuns {
            deal: format!("deal{n}"),
            source: "test".to_string(),
            ddsolve,
            bridge_solver,
        }
    }

    #[test]
    fn figures_ratios_and_slow_deals() {
        let t = [7; 20];
        let runs = [
            deal(1, done(1.0, 10.0, t), done(2.0, 30.0, t)),
            deal(2, done(4.0, 20.0, t), done(1.0, 5.0, t)),
            deal(3, Run::TimedOut, done(3.0, 5.0, t)),
        ];
        let r = report("3 deals", &runs);
        let lines: Vec<&str> = r.lines().collect();
        assert!(lines[0].starts_with("3 deals: full tables"), "{r}");
        assert_eq!(
            lines[1],
            "  ddsolve        total     5.00 s  geomean  2000.0 ms  slowest #3 timeout  peak RSS   \
             20.0 MB  timeouts 1"
        );
        assert_eq!(
            lines[2],
            "  bridge-solver  total     6.00 s  geomean  1817.1 ms  slowest #3 3.00 s  peak RSS   \
             30.0 MB  timeouts 0"
        );
        // Over the two deals both finished: 5 s against 3 s; ratios 0.5 and 4.
        assert_eq!(
            lines[3],
            "ratio ddsolve/bridge-solver: total 1.667, per-deal geomean 1.414 (2 deals both \
             finished)"
        );
        assert_eq!(lines[4], "tables: the same on all 2 deals compared");
        assert_eq!(lines[5], "deals over 2x bridge-solver's time: 1");
        assert_eq!(lines[6], "  #2   4.0x  deal2  (test)");
        assert_eq!(lines.len(), 7);
    }

    #[test]
    fn different_and_unread_tables_are_named() {
        let mut other = [7; 20];
        other[19] = 6;
        let runs = [
            deal(1, done(1.0, 1.0, [7; 20]), done(1.0, 1.0, other)),
            deal(
                2,
                Run::Done {
                    secs: 1.0,
                    rss_mb: 1.0,
                    table: None,
                },
                done(1.0, 1.0, other),
            ),
        ];
        let r = report("2 deals", &runs);
        assert!(
            r.contains(
                "\ntables: 1 of 1 deal DIFFER; 1 not compared (an output not read as a \
                 table) (slot ddsolve vs bridge-solver):\n  #1 deal1: NT/W 7 vs 6\n"
            ),
            "{r}"
        );
    }

    #[test]
    fn nothing_finished_by_both_gives_no_ratio() {
        let runs = [deal(1, Run::TimedOut, Run::TimedOut)];
        let r = report("1 deal", &runs);
        assert!(r.ends_with("no deal finished by both: no ratio\n"), "{r}");
        assert!(
            r.contains("geomean     NaN ms") && r.contains("timeouts 1"),
            "{r}"
        );
    }
}
