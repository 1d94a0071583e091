//! `cargo xtask race`: ddsolve's release CLI against bridge-solver (macroxue/bridge-solver,
//! the fastest published double-dummy solver; [`crate::bridge_solver`]) on the same deals in
//! one run. Each deal is solved by both, one process each (`ddsolve table --threads 1`, and
//! bridge-solver on a file of the deal), full table, single thread, alternating which goes
//! first so that both meet the same machine load. Each process's wall time and peak memory
//! are measured ([`crate::child_usage`]), the two tables compared, and the figures printed
//! ([`crate::race_report`]).
//!
//! The deals: files given (anything `ddsolve table` reads, or a DDS regression file), then
//! seeded deals of a kind, the same as `cargo xtask deals` prints. With neither, the
//! repository's `list100.txt` and 100 uniform random deals of seed 1, so a clone races
//! without any file of its own.

use crate::bridge_solver;
use crate::child_usage::{self, Outcome};
use crate::deal_kind::{self, DealKind, HandPattern};
use crate::race_report::{self, DealRuns, Run};
use ddsolve_cards::{Deal, DealRng};
use ddsolve_formats::dds_file;
use ddsolve_formats::records::Records;
use std::collections::HashSet;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

/// `cargo xtask race`.
#[derive(Debug, clap::Args)]
#[command(group = clap::ArgGroup::new("solver").required(true))]
pub struct RaceArgs {
    /// The bridge-solver binary.
    #[arg(long, value_name = "PATH", group = "solver")]
    pub bridge_solver: Option<PathBuf>,
    /// Build bridge-solver first from DIR/solver.cc (into target/bridge-solver; kept while
    /// newer than its source), as its makefile does: g++ -O3, BMI2, profile-guided.
    #[arg(long, value_name = "DIR", group = "solver")]
    pub bridge_solver_src: Option<PathBuf>,
    /// Files of deals: one deal a line (PBN, optionally quoted, tab-separated tails), LIN,
    /// PBN games, or a DDS regression file. Default: the repository's list100.txt, unless
    /// --kind is given.
    #[arg(value_name = "DEALS")]
    pub deals: Vec<PathBuf>,
    /// The kind of the seeded deals raced after the files' (as `cargo xtask deals`).
    #[arg(long, value_enum)]
    pub kind: Option<DealKind>,
    /// How many seeded deals [default: 100 without DEALS, 0 with].
    #[arg(long)]
    pub count: Option<usize>,
    /// The seed of the seeded deals.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Freak deals: the fewest voids among the four hands (0..=12).
    #[arg(long, default_value_t = deal_kind::DEFAULT_VOIDS,
          value_parser = clap::value_parser!(u32).range(0..=12))]
    pub voids: u32,
    /// Rotated deals: every hand's suit lengths, longest first (7-6-0-0, 6-5-2-0, ...).
    #[arg(long, default_value_t = deal_kind::DEFAULT_PATTERN)]
    pub pattern: HandPattern,
    /// Only the first N deals.
    #[arg(long)]
    pub limit: Option<usize>,
    /// Seconds a process may run; one still running then is killed and counted as a
    /// timeout [default: no limit].
    #[arg(long, value_name = "SECONDS")]
    pub timeout: Option<f64>,
    /// The ddsolve binary [default: the workspace's release CLI, built first].
    #[arg(long, value_name = "PATH")]
    pub ddsolve: Option<PathBuf>,
}

/// A deal to race, with where it comes from.
struct RaceDeal {
    deal: Deal,
    source: String,
}

/// The workspace's root folder.
fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask is a folder of the workspace")
        .to_path_buf()
}

/// The workspace's target folder (`CARGO_TARGET_DIR`, or `target`).
fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map_or_else(|| workspace_root().join("target"), PathBuf::from)
}

/// The deals of the file `path`: a DDS regression file's (it starts with `NUMBER`), or what
/// `ddsolve table` would read from it.
fn file_deals(path: &Path) -> Result<Vec<Deal>, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let first = bytes
        .split(|&b| b == b'\n')
        .find(|l| !l.trim_ascii().is_empty());
    if first.is_some_and(|l| l.trim_ascii().starts_with(b"NUMBER")) {
        let entries = dds_file::read_file(path).map_err(|e| format!("{}: {e}", path.display()))?;
        return Ok(entries.into_iter().map(|e| e.deal).collect());
    }
    let name = path.display().to_string();
    Records::new(name, &bytes[..], Default::default())
        .map(|r| r.map(|r| r.deal).map_err(|e| e.to_string()))
        .collect()
}

/// The deals to race, distinct, in order, and a line naming them.
fn race_deals(args: &RaceArgs) -> Result<(Vec<RaceDeal>, String), String> {
    let files = if args.deals.is_empty() && args.kind.is_none() {
        vec![ddsolve_testkit::data::path("list100.txt")]
    } else {
        args.deals.clone()
    };
    let mut all = Vec::new();
    let mut parts = Vec::new();
    for path in &files {
        let name = path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        let deals = file_deals(path)?;
        parts.push((name.clone(), deals.len()));
        all.extend(deals.into_iter().map(|deal| RaceDeal {
            deal,
            source: name.clone(),
        }));
    }
    let count = args
        .count
        .unwrap_or(if args.deals.is_empty() { 100 } else { 0 });
    if count > 0 {
        let kind = args.kind.unwrap_or(DealKind::Uniform);
        let name = match kind {
            DealKind::Freak => format!("freak ({} voids) seed {}", args.voids, args.seed),
            DealKind::Rotated => format!("rotated {} seed {}", args.pattern, args.seed),
            _ => format!("{} seed {}", kind_name(kind), args.seed),
        };
        let mut rng = DealRng::new(args.seed);
        for _ in 0..count {
            all.push(RaceDeal {
                deal: deal_kind::generate(kind, &mut rng, args.voids, args.pattern),
                source: name.clone(),
            });
        }
        parts.push((name, count));
    }
    let mut seen = HashSet::new();
    all.retain(|d| seen.insert(d.deal));
    let repeated = parts.iter().map(|p| p.1).sum::<usize>() - all.len();
    if let Some(n) = args.limit {
        all.truncate(n);
    }
    if all.is_empty() {
        return Err("no deal to race".to_string());
    }
    let mut what = format!(
        "{} ({}",
        race_report::deals(all.len()),
        parts
            .iter()
            .map(|(name, n)| format!("{name}: {n}"))
            .collect::<Vec<_>>()
            .join("; ")
    );
    if repeated > 0 {
        what.push_str(&format!("; {repeated} repeated, raced once"));
    }
    if args.limit.is_some() {
        what.push_str(&format!("; the first {}", all.len()));
    }
    what.push(')');
    Ok((all, what))
}

/// The name of a kind, as on the command line.
fn kind_name(kind: DealKind) -> String {
    clap::ValueEnum::to_possible_value(&kind)
        .map_or_else(|| format!("{kind:?}"), |v| v.get_name().to_string())
}

/// The ddsolve binary to race: `--ddsolve`, or the workspace's release CLI, built now.
fn ddsolve_binary(args: &RaceArgs) -> Result<PathBuf, String> {
    if let Some(p) = &args.ddsolve {
        return Ok(p.clone());
    }
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let status = Command::new(cargo)
        .args(["build", "--release", "--quiet", "-p", "ddsolve-cli"])
        .current_dir(workspace_root())
        .status()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if !status.success() {
        return Err(format!("cargo build --release -p ddsolve-cli: {status}"));
    }
    Ok(target_dir().join("release").join("ddsolve"))
}

/// One solver's command for a deal, and how to read its table from its output.
struct Contender {
    name: &'static str,
    command: Command,
    table: fn(&str) -> Option<[u8; 20]>,
}

/// ddsolve's table in its `--format tsv` output: the deal, then 20 numbers in DDS order.
fn ddsolve_table(output: &str) -> Option<[u8; 20]> {
    let line = output.lines().next()?;
    let numbers: Vec<u8> = line
        .split('\t')
        .skip(1)
        .map(|w| w.trim().parse().ok())
        .collect::<Option<_>>()?;
    numbers.try_into().ok()
}

/// Runs `solver` once, its output in `work`: its measurements and table.
fn run_one(solver: &mut Contender, work: &Path, limit: Option<Duration>) -> Result<Run, String> {
    let (out_path, err_path) = (work.join("stdout"), work.join("stderr"));
    let file = |p: &Path| std::fs::File::create(p).map_err(|e| format!("{}: {e}", p.display()));
    solver
        .command
        .stdout(file(&out_path)?)
        .stderr(file(&err_path)?);
    let program = solver.command.get_program().to_string_lossy().into_owned();
    let outcome = child_usage::run(&mut solver.command, limit)
        .map_err(|e| format!("cannot run {} ({program}): {e}", solver.name))?;
    let (status, wall, kb) = match outcome {
        Outcome::TimedOut => return Ok(Run::TimedOut),
        Outcome::Exited {
            status,
            wall,
            peak_rss_kb,
        } => (status, wall, peak_rss_kb),
    };
    let read = |p: &Path| std::fs::read(p).map(|b| String::from_utf8_lossy(&b).into_owned());
    if !status.success() {
        let err = read(&err_path).unwrap_or_default();
        let tail: String = err
            .chars()
            .rev()
            .take(400)
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect();
        return Err(format!(
            "{} ({program}) failed, {status}: {}",
            solver.name,
            tail.trim()
        ));
    }
    let output = read(&out_path).map_err(|e| format!("{}: {e}", out_path.display()))?;
    Ok(Run::Done {
        secs: wall.as_secs_f64(),
        rss_mb: kb as f64 / 1024.0,
        table: (solver.table)(&output),
    })
}

/// Runs `cargo xtask race`.
pub fn run(args: &RaceArgs) -> Result<(), String> {
    let (deals, what) = race_deals(args)?;
    let bridge_solver = match (&args.bridge_solver, &args.bridge_solver_src) {
        (Some(p), _) => p.clone(),
        (None, Some(src)) => {
            let bin = bridge_solver::build(src, &target_dir().join("bridge-solver"))?;
            eprintln!("bridge-solver: {}", bin.display());
            bin
        }
        (None, None) => return Err("give --bridge-solver PATH or --bridge-solver-src DIR".into()),
    };
    if !bridge_solver.is_file() {
        return Err(format!(
            "--bridge-solver {}: no such file",
            bridge_solver.display()
        ));
    }
    let ddsolve = ddsolve_binary(args)?;
    if !ddsolve.is_file() {
        return Err(format!("{}: no such file", ddsolve.display()));
    }
    let limit = match args.timeout {
        Some(t) if t.is_finite() && t > 0.0 => Some(Duration::from_secs_f64(t)),
        Some(t) => return Err(format!("--timeout {t}: a number of seconds above 0")),
        None => None,
    };
    let work = tempfile::tempdir().map_err(|e| format!("a temporary folder: {e}"))?;
    let (pbn_path, bs_path) = (work.path().join("deal.pbn"), work.path().join("deal.txt"));
    let progress = std::io::stderr().is_terminal();
    let mut results = Vec::with_capacity(deals.len());
    for (i, d) in deals.iter().enumerate() {
        if progress {
            eprint!("\rdeal {}/{}", i + 1, deals.len());
        }
        let write = |p: &Path, text: String| {
            std::fs::write(p, text).map_err(|e| format!("{}: {e}", p.display()))
        };
        write(&pbn_path, format!("{}\n", d.deal.to_pbn()))?;
        write(&bs_path, bridge_solver::input(&d.deal))?;
        let stdin =
            std::fs::File::open(&pbn_path).map_err(|e| format!("{}: {e}", pbn_path.display()))?;
        let mut dd = Command::new(&ddsolve);
        dd.args(["table", "--threads", "1", "--format", "tsv"])
            .stdin(Stdio::from(stdin));
        let mut bs = Command::new(&bridge_solver);
        bs.arg("-f").arg(&bs_path).stdin(Stdio::null());
        let mut solvers = [
            Contender {
                name: "ddsolve",
                command: dd,
                table: ddsolve_table,
            },
            Contender {
                name: "bridge-solver",
                command: bs,
                table: bridge_solver::parse_table,
            },
        ];
        // Alternate which goes first.
        let order = if i % 2 == 0 { [0, 1] } else { [1, 0] };
        let mut runs = [Run::TimedOut; 2];
        for k in order {
            runs[k] = run_one(&mut solvers[k], work.path(), limit)
                .map_err(|e| format!("deal #{} {}: {e}", i + 1, d.deal))?;
        }
        results.push(DealRuns {
            deal: d.deal.to_pbn(),
            source: d.source.clone(),
            ddsolve: runs[0],
            bridge_solver: runs[1],
        });
    }
    if progress {
        eprint!("\r{:30}\r", "");
    }
    print!("{}", race_report::report(&what, &results));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ddsolve_tsv_is_read_as_a_table() {
        let line = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3\t5\t8\t5\t8\t6\t6\t6\t6\t5\t7\t5\t7\t7\t5\t7\t5\t6\t6\t6\t6\n";
        let t = ddsolve_table(line).unwrap();
        assert_eq!(&t[..4], &[5, 8, 5, 8]);
        assert_eq!(t[19], 6);
        assert_eq!(ddsolve_table("N:...\t5\t8\n"), None);
        assert_eq!(ddsolve_table(""), None);
    }
}
