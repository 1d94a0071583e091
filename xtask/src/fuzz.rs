//! `cargo xtask fuzz [SECONDS]`: every cargo-fuzz target of `fuzz/`, one after another, for
//! SECONDS each (and/or until `--runs` executions), on its committed corpus
//! (`fuzz/corpus/<target>/`, which keeps what the run finds); then a table per target of
//! executions, seconds and crashes. Exit status 1 if any target crashed (libFuzzer stops at
//! the first crash and writes the input to `fuzz/artifacts/<target>/`).
//!
//! How it runs on the stable toolchain: cargo-fuzz passes nightly-only flags (`-Z`, and
//! `-Zsanitizer` for a sanitizer), which stable rustc and cargo accept with
//! `RUSTC_BOOTSTRAP=1`. No sanitizer (`--sanitizer none`): the workspace denies unsafe code,
//! so the address sanitizer finds nothing that Rust's own checks miss, and the targets run
//! several times faster without it. The build is optimised with debug assertions and
//! overflow checks (cargo-fuzz's default), in `fuzz/target`.
//!
//! `--jobs N` runs N libFuzzer processes per target at once on the same corpus (each up to
//! `--runs`/N executions, logs `fuzz/target/<target>.<j>.log`): the executions reported are
//! their sum, the crashes the processes that found one.
//!
//! `--cmin` minimises each corpus afterwards (`cargo fuzz cmin`): only inputs that add
//! coverage are kept, so the committed corpora stay small.
//!
//! `fuzz/regressions/<target>/` holds inputs that once crashed a target (copied from
//! `fuzz/artifacts/` when the bug is fixed): each run starts from them too, `cmin` leaves
//! them alone, and the corpus replay tests of `cargo test` run them with the corpora.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Instant;

/// The fuzz targets, in the order they run.
pub const TARGETS: [&str; 8] = [
    "pbn_deal",
    "position_with_trick",
    "pbn_file",
    "lin",
    "dds_file",
    "annotate",
    "solve_small",
    "capi",
];

/// What one target's run did.
#[derive(Debug)]
struct Outcome {
    target: String,
    executions: Option<u64>,
    seconds: f64,
    crashes: u32,
    corpus: usize,
}

/// Runs `targets` (all if empty) for `seconds` each, and at most `runs` executions if given,
/// in `jobs` processes per target.
pub fn run(
    seconds: u64,
    runs: Option<u64>,
    targets: &[String],
    cmin: bool,
    jobs: u32,
) -> Result<(), String> {
    let fuzz_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz");
    let fuzz_dir = fuzz_dir
        .canonicalize()
        .map_err(|e| format!("cannot find {}: {e}", fuzz_dir.display()))?;
    let targets: Vec<String> = if targets.is_empty() {
        TARGETS.iter().map(|t| t.to_string()).collect()
    } else {
        for t in targets {
            if !TARGETS.contains(&t.as_str()) {
                return Err(format!(
                    "{t:?} is not a fuzz target (targets: {})",
                    TARGETS.join(", ")
                ));
            }
        }
        targets.to_vec()
    };

    eprintln!("building the fuzz targets (cargo fuzz build --sanitizer none)");
    let status = cargo_fuzz(&fuzz_dir)
        .args(["build", "--sanitizer", "none"])
        .status()
        .map_err(|e| format!("cannot run cargo fuzz (cargo install cargo-fuzz): {e}"))?;
    if !status.success() {
        return Err(format!("cargo fuzz build failed ({status})"));
    }

    let mut outcomes = Vec::new();
    for target in &targets {
        let outcome = run_one(&fuzz_dir, target, seconds, runs, jobs)?;
        eprintln!(
            "{target}: {} executions in {:.0} s, {} crashes",
            outcome
                .executions
                .map_or("?".to_string(), |n| n.to_string()),
            outcome.seconds,
            outcome.crashes
        );
        outcomes.push(outcome);
        if cmin {
            minimise(&fuzz_dir, target)?;
            if let Some(o) = outcomes.last_mut() {
                o.corpus = corpus_size(&fuzz_dir.join("corpus").join(target));
            }
        }
    }

    println!(
        "{:<20} {:>12} {:>8} {:>8} {:>8}",
        "target", "executions", "seconds", "crashes", "corpus"
    );
    for o in &outcomes {
        println!(
            "{:<20} {:>12} {:>8.0} {:>8} {:>8}",
            o.target,
            o.executions.map_or("?".to_string(), |n| n.to_string()),
            o.seconds,
            o.crashes,
            o.corpus
        );
    }
    let crashed: Vec<&str> = outcomes
        .iter()
        .filter(|o| o.crashes > 0)
        .map(|o| o.target.as_str())
        .collect();
    if !crashed.is_empty() {
        return Err(format!(
            "crashes in {} (inputs in fuzz/artifacts/)",
            crashed.join(", ")
        ));
    }
    if let Some(o) = outcomes.iter().find(|o| o.executions.is_none()) {
        return Err(format!(
            "{}: libFuzzer printed no execution count",
            o.target
        ));
    }
    Ok(())
}

/// `cargo fuzz` in `fuzz/` on the stable toolchain, building in `fuzz/target`.
fn cargo_fuzz(fuzz_dir: &Path) -> Command {
    let mut cmd = Command::new("cargo");
    cmd.arg("fuzz")
        .current_dir(fuzz_dir)
        .env("RUSTC_BOOTSTRAP", "1")
        .env_remove("CARGO_TARGET_DIR");
    cmd
}

/// Runs one target in `jobs` processes at once and reads libFuzzer's final statistics.
fn run_one(
    fuzz_dir: &Path,
    target: &str,
    seconds: u64,
    runs: Option<u64>,
    jobs: u32,
) -> Result<Outcome, String> {
    let corpus = fuzz_dir.join("corpus").join(target);
    std::fs::create_dir_all(&corpus)
        .map_err(|e| format!("cannot create {}: {e}", corpus.display()))?;
    let per_job = runs.map(|n| n.div_ceil(u64::from(jobs)));
    let start = Instant::now();
    let mut children = Vec::new();
    for j in 0..jobs {
        let log = if jobs == 1 {
            fuzz_dir.join("target").join(format!("{target}.log"))
        } else {
            fuzz_dir.join("target").join(format!("{target}.{j}.log"))
        };
        let log_file = std::fs::File::create(&log)
            .map_err(|e| format!("cannot create {}: {e}", log.display()))?;
        let mut cmd = cargo_fuzz(fuzz_dir);
        cmd.args(["run", "--sanitizer", "none", target])
            .arg(&corpus);
        // Old crashes as seeds too (libFuzzer writes new inputs to the first directory only).
        let regressions = fuzz_dir.join("regressions").join(target);
        if regressions.is_dir() {
            cmd.arg(&regressions);
        }
        cmd.arg("--")
            .arg(format!("-max_total_time={seconds}"))
            .arg("-print_final_stats=1")
            .stdout(Stdio::null())
            .stderr(log_file);
        if let Some(n) = per_job {
            cmd.arg(format!("-runs={n}"));
        }
        eprintln!(
            "fuzzing {target} for {seconds} s{} (log: {})",
            per_job.map_or(String::new(), |n| format!(" or {n} executions")),
            log.display()
        );
        let child = cmd
            .spawn()
            .map_err(|e| format!("cannot run cargo fuzz: {e}"))?;
        children.push((child, log));
    }
    let mut executions = Some(0);
    let mut fuzz_seconds: Option<f64> = None;
    let mut crashes = 0;
    for (mut child, log) in children {
        let status = child
            .wait()
            .map_err(|e| format!("cannot wait for cargo fuzz: {e}"))?;
        let text = std::fs::read_to_string(&log)
            .map_err(|e| format!("cannot read {}: {e}", log.display()))?;
        let (n, s) = final_stats(&text);
        executions = executions.zip(n).map(|(a, b)| a + b);
        if let Some(s) = s {
            fuzz_seconds = Some(fuzz_seconds.map_or(s, |t| t.max(s)));
        }
        if !status.success() || text.contains("ERROR: libFuzzer") {
            crashes += 1;
            let tail: Vec<&str> = text.lines().rev().take(30).collect();
            for line in tail.into_iter().rev() {
                eprintln!("  {line}");
            }
        }
    }
    Ok(Outcome {
        target: target.to_string(),
        executions,
        seconds: fuzz_seconds.unwrap_or_else(|| start.elapsed().as_secs_f64()),
        crashes,
        corpus: corpus_size(&corpus),
    })
}

/// Executions and seconds from libFuzzer's output: `stat::number_of_executed_units: N`
/// (`-print_final_stats=1`) or else the last `#N` status line; `Done N runs in S second(s)`.
fn final_stats(text: &str) -> (Option<u64>, Option<f64>) {
    let (mut stat, mut done, mut status, mut seconds) = (None, None, None, None);
    for line in text.lines() {
        if let Some(n) = line.strip_prefix("stat::number_of_executed_units:") {
            stat = n.trim().parse().ok();
        } else if let Some(rest) = line.strip_prefix("Done ") {
            if let [n, "runs", "in", s, ..] = rest.split_whitespace().collect::<Vec<_>>()[..] {
                done = n.parse().ok();
                seconds = s.parse().ok();
            }
        } else if let Some(n) = line
            .strip_prefix('#')
            .and_then(|r| r.split_whitespace().next())
            .and_then(|n| n.parse::<u64>().ok())
        {
            status = Some(n);
        }
    }
    (stat.or(done).or(status), seconds)
}

/// `cargo fuzz cmin`: keeps only the corpus inputs that add coverage.
fn minimise(fuzz_dir: &Path, target: &str) -> Result<(), String> {
    eprintln!("minimising the corpus of {target}");
    let status = cargo_fuzz(fuzz_dir)
        .args(["cmin", "--sanitizer", "none", target])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .map_err(|e| format!("cannot run cargo fuzz cmin: {e}"))?;
    if !status.success() {
        return Err(format!("cargo fuzz cmin {target} failed ({status})"));
    }
    Ok(())
}

fn corpus_size(dir: &Path) -> usize {
    std::fs::read_dir(dir).map_or(0, |d| d.filter(|e| e.is_ok()).count())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn libfuzzer_statistics() {
        let text = "#2\tINITED cov: 10\n#1048576\tpulse  cov: 12 exec/s: 50000\n\
                    Done 1200345 runs in 31 second(s)\nstat::number_of_executed_units: 1200345\n";
        assert_eq!(final_stats(text), (Some(1_200_345), Some(31.0)));
        let crashed = "#2\tINITED\n#4096\tpulse\n==1== ERROR: libFuzzer: deadly signal\n";
        assert_eq!(final_stats(crashed), (Some(4096), None));
    }

    #[test]
    fn every_target_has_a_source() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz/fuzz_targets");
        for t in TARGETS {
            assert!(dir.join(format!("{t}.rs")).is_file(), "{t}");
        }
    }
}
