//! `ddsolve deal`'s extensions: `--format json`, `--stats`, `--until-se`, and Ctrl-C ending
//! a run with its statistics.

use serde_json::Value;
use std::io::Write;
use std::process::{Command, Output, Stdio};
use std::time::Duration;

fn ddsolve() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_ddsolve"));
    cmd.env("RUST_BACKTRACE", "0");
    cmd
}

/// `ddsolve deal ARGS` with `script` on stdin.
fn deal(args: &[&str], script: &str) -> Output {
    let mut child = ddsolve()
        .arg("deal")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("ddsolve runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(script.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn stdout(o: &Output) -> String {
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout.clone()).unwrap()
}

const SCRIPT: &str = "produce 25\ncondition hcp(north) >= 15\n\
    action average \"n\" hcp(north), frequency \"s\" (spades(south), 1, 5), \
    printoneline (hcp(south))\n";

#[test]
fn json_lines_carry_the_values_and_the_statistics() {
    let text = stdout(&deal(&["-s", "3", "-v"], SCRIPT));
    let json = stdout(&deal(&["-s", "3", "--format", "json"], SCRIPT));
    let lines: Vec<Value> = json
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    assert_eq!(lines.len(), 26);
    // The deals of dealer's output, in order, with printoneline's values.
    let printed: Vec<&str> = text.lines().filter(|l| l.starts_with("n ")).collect();
    assert_eq!(printed.len(), 25);
    let mut sum = 0i64;
    for (i, (line, printed)) in lines.iter().zip(&printed).enumerate() {
        assert_eq!(line["n"], i as u64 + 1);
        let values = line["values"].as_array().unwrap();
        assert_eq!(values[0]["action"], "average");
        assert_eq!(values[0]["label"], "n");
        assert_eq!(values[1]["action"], "frequency");
        let south = values[2]["value"].as_i64().unwrap();
        assert!(printed.ends_with(&format!(" {south}")), "{printed}");
        let north: String = printed.split(' ').nth(1).unwrap().into();
        let deal = line["deal"].as_str().unwrap();
        assert!(deal.starts_with(&format!("N:{north} ")), "{deal} {printed}");
        sum += values[0]["value"].as_i64().unwrap();
    }
    let stats = &lines[25]["statistics"];
    assert_eq!(stats["produced"], 25);
    assert_eq!(stats["seed"], 3);
    let average = &stats["averages"][0];
    assert_eq!(average["count"], 25);
    assert!((average["mean"].as_f64().unwrap() - sum as f64 / 25.0).abs() < 1e-9);
    let (lo, hi) = (
        average["ci95"][0].as_f64().unwrap(),
        average["ci95"][1].as_f64().unwrap(),
    );
    assert!(lo < sum as f64 / 25.0 && sum as f64 / 25.0 < hi);
    let frequency = &stats["frequencies"][0];
    let counted: u64 = frequency["counts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["count"].as_u64().unwrap())
        .sum::<u64>()
        + frequency["low"].as_u64().unwrap()
        + frequency["high"].as_u64().unwrap();
    assert_eq!(counted, 25);
    assert_eq!(frequency["total"], 25);
}

#[test]
fn stats_add_the_error_and_percentages_and_change_nothing_else() {
    let plain = stdout(&deal(&["-s", "3", "-v"], SCRIPT));
    let stats = stdout(&deal(&["-s", "3", "-v", "--stats"], SCRIPT));
    assert!(!plain.contains('%') && !plain.contains("(se "), "{plain}");
    let average = stats.lines().find(|l| l.starts_with("n: ")).unwrap();
    let plain_average = plain.lines().find(|l| l.starts_with("n: ")).unwrap();
    assert!(
        average.starts_with(&format!("{plain_average} (se ")) && average.ends_with(", 25 deals)"),
        "{average}"
    );
    assert!(average.contains(", 95% "), "{average}");
    // The same lines, each frequency row with its percentage added.
    assert_eq!(plain.lines().count(), stats.lines().count());
    for (p, s) in plain.lines().zip(stats.lines()) {
        if p.starts_with("n: ") {
            continue;
        }
        assert!(
            s == p || (s.starts_with(p) && s.ends_with('%')),
            "{p} / {s}"
        );
    }
    let percents: f64 = stats
        .lines()
        .filter(|l| l.ends_with('%'))
        .map(|l| {
            l.rsplit('\t')
                .next()
                .unwrap()
                .trim_end_matches('%')
                .trim()
                .parse::<f64>()
                .unwrap()
        })
        .sum();
    assert!((percents - 100.0).abs() < 0.1, "{percents}");
}

#[test]
fn until_se_stops_when_the_averages_are_precise_for_any_thread_count() {
    let script = "generate 1000000\naction average \"n\" hcp(north), average \"s\" spades(south)\n";
    let run = |threads: &str| {
        stdout(&deal(
            &[
                "-s",
                "5",
                "--until-se",
                "0.3",
                "--threads",
                threads,
                "--stats",
            ],
            script,
        ))
    };
    let one = run("1");
    let produced: u64 = one
        .lines()
        .find_map(|l| l.strip_prefix("Produced "))
        .and_then(|l| l.strip_suffix(" hands"))
        .unwrap()
        .parse()
        .unwrap();
    // hcp's spread is about 4.1 points: se under 0.3 needs about 190 deals.
    assert!((30..1000).contains(&produced), "{produced}");
    for line in one.lines().filter(|l| l.contains("(se ")) {
        let se: f64 = line
            .split("(se ")
            .nth(1)
            .unwrap()
            .split(',')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        assert!(se < 0.3, "{line}");
    }
    let without_time = |s: &str| -> String {
        s.lines()
            .filter(|l| !l.starts_with("Time needed"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(without_time(&run("2")), without_time(&one));
}

#[test]
fn until_se_without_an_average_is_an_error() {
    let o = deal(
        &["-s", "1", "--until-se", "0.1"],
        "produce 3\naction printoneline\n",
    );
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("no average"), "{err}");
    assert!(o.stdout.is_empty());
}

#[test]
fn ctrl_c_ends_the_run_with_its_statistics() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("long.dl");
    std::fs::write(
        &path,
        "generate 2000000000\naction average \"n\" hcp(north)\n",
    )
    .unwrap();
    let child = ddsolve()
        .args(["deal", "-s", "1", "--threads", "1"])
        .arg(&path)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Give the run time to start (the handler is installed before the script is read; a
    // loaded machine may take a while to start the process).
    std::thread::sleep(Duration::from_millis(3000));
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let o = child.wait_with_output().unwrap();
    assert_eq!(
        o.status.code(),
        Some(130),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let out = String::from_utf8(o.stdout).unwrap();
    let mean: f64 = out
        .lines()
        .find_map(|l| l.strip_prefix("n: "))
        .expect("the average")
        .parse()
        .unwrap();
    assert!((5.0..15.0).contains(&mean), "{out}");
    let produced: u64 = out
        .lines()
        .find_map(|l| l.strip_prefix("Produced "))
        .and_then(|l| l.strip_suffix(" hands"))
        .unwrap()
        .parse()
        .unwrap();
    assert!(produced > 0, "{out}");
}
