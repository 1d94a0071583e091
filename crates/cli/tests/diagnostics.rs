//! `--stats` and `--log`: each deal's search counts in the output (JSON, TSV, text), the
//! same whatever the thread count; the library's diagnostics on stderr only, at the level
//! of `--log` or `RUST_LOG`, agreeing with `--stats`.

use std::io::Write;
use std::process::{Command, Output, Stdio};

const DEALS: &str = "\
N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3
N:AKQ.AK.. 432.32.. JT9.QJ.. 876.T9..
N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3
";

const COLUMNS: [&str; 13] = [
    "nodes",
    "trick_nodes",
    "searches",
    "tt_probes",
    "tt_hits",
    "tt_stores",
    "tt_evictions",
    "cut_quick_tricks",
    "cut_second_hand",
    "cut_later_tricks",
    "cut_etc",
    "cut_table",
    "micros",
];

/// Runs `ddsolve table ARGS` on [`DEALS`] with `env` set (and `RUST_LOG` unset unless given).
fn table(args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_ddsolve"));
    cmd.arg("table")
        .args(args)
        .env_remove("RUST_LOG")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (k, v) in env {
        cmd.env(k, v);
    }
    let mut child = cmd.spawn().expect("the ddsolve binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(DEALS.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

/// The stats of each JSON line, without the time.
fn json_stats(out: &Output) -> Vec<Vec<u64>> {
    text(&out.stdout)
        .lines()
        .map(|line| {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            assert!(v["table"]["E"]["S"].is_u64(), "the record is whole: {line}");
            COLUMNS[..12]
                .iter()
                .map(|k| {
                    v["stats"][k]
                        .as_u64()
                        .unwrap_or_else(|| panic!("{k} in {line}"))
                })
                .collect()
        })
        .collect()
}

#[test]
fn stats_in_json_and_tsv_do_not_depend_on_the_threads() {
    let one = json_stats(&table(
        &["--stats", "--format", "json", "--threads", "1"],
        &[],
    ));
    let two = json_stats(&table(
        &["--stats", "--format", "json", "--threads", "2"],
        &[],
    ));
    assert_eq!(one.len(), 3);
    assert_eq!(one, two);
    assert_eq!(one[0], one[2], "a repeated deal repeats its counts");
    let [nodes, trick_nodes, searches, probes, hits, ..] = one[0][..] else {
        unreachable!()
    };
    assert!(nodes > trick_nodes && trick_nodes > 0 && searches >= 20 && probes >= hits);

    let tsv = table(&["--stats", "--format", "tsv", "--threads", "2"], &[]);
    let rows: Vec<Vec<u64>> = text(&tsv.stdout)
        .lines()
        .map(|line| {
            let cols: Vec<&str> = line.split('\t').collect();
            assert_eq!(cols.len(), 1 + 20 + COLUMNS.len(), "{line}");
            cols[21..33].iter().map(|c| c.parse().unwrap()).collect()
        })
        .collect();
    assert_eq!(rows, one);

    let plain = table(&["--format", "tsv"], &[]);
    assert!(text(&plain.stdout)
        .lines()
        .all(|l| l.split('\t').count() == 21));
    let txt = text(&table(&["--stats", "--threads", "1"], &[]).stdout);
    assert_eq!(txt.matches("\nstats: nodes ").count(), 3, "{txt}");
}

/// The `field=N` numbers of the debug lines on stderr.
fn logged(stderr: &str, field: &str) -> Vec<u64> {
    let key = format!(" {field}=");
    stderr
        .lines()
        .filter(|l| l.contains(" solved "))
        .map(|l| {
            let at = l.find(&key).unwrap_or_else(|| panic!("{field} in {l}")) + key.len();
            l[at..].split(' ').next().unwrap().parse().unwrap()
        })
        .collect()
}

#[test]
fn log_debug_goes_to_stderr_and_agrees_with_stats() {
    let quiet = table(&["--stats", "--format", "json", "--threads", "1"], &[]);
    assert!(quiet.stderr.is_empty(), "{}", text(&quiet.stderr));
    let loud = table(
        &[
            "--stats",
            "--format",
            "json",
            "--threads",
            "1",
            "--log",
            "debug",
        ],
        &[],
    );
    assert_eq!(
        json_stats(&quiet),
        json_stats(&loud),
        "logging changes no count"
    );
    let stderr = text(&loud.stderr);
    // The repeated deal is solved once: 20 searches for the first distinct deal, 16 for the
    // second (no hand holds a diamond or a club, so clubs are diamonds renamed: its clubs row
    // is its diamonds row, unsearched).
    let nodes = logged(&stderr, "nodes");
    assert_eq!(nodes.len(), 36, "{stderr}");
    let stats = json_stats(&loud);
    assert_eq!(nodes[..20].iter().sum::<u64>(), stats[0][0]);
    assert_eq!(nodes[20..].iter().sum::<u64>(), stats[1][0]);
    let cuts = logged(&stderr, "cut_quick_tricks");
    assert_eq!(cuts[..20].iter().sum::<u64>(), stats[0][7]);
    assert!(stderr.contains("solve{deal=N:QJ6.K652.J85.T98"), "{stderr}");
    assert!(
        !text(&loud.stdout).contains("solved"),
        "nothing logged into the output"
    );
}

#[test]
fn rust_log_is_honoured_and_log_overrides_it() {
    let env = table(&["--threads", "1"], &[("RUST_LOG", "ddsolve_search=debug")]);
    assert_eq!(logged(&text(&env.stderr), "nodes").len(), 36);
    let trace = table(&["--threads", "1"], &[("RUST_LOG", "ddsolve_search=trace")]);
    assert!(text(&trace.stderr).contains(" depth depth=52 "));
    let over = table(&["--log", "warn"], &[("RUST_LOG", "debug")]);
    assert!(over.stderr.is_empty(), "{}", text(&over.stderr));

    let bad = Command::new(env!("CARGO_BIN_EXE_ddsolve"))
        .args(["table", "-"])
        .env("RUST_LOG", "=[bad")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert!(
        text(&bad.stderr).contains("RUST_LOG=\"=[bad\""),
        "{}",
        text(&bad.stderr)
    );
}

/// The output of `ddsolve ARGS --stats --format FORMAT` on the first of [`DEALS`], which must
/// succeed.
fn with_stats(args: &[&str], format: &str) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_ddsolve"))
        .args(args)
        .args(["--stats", "--format", format])
        .arg(DEALS.lines().next().unwrap())
        .env_remove("RUST_LOG")
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    text(&out.stdout)
}

#[test]
fn solve_stats_in_every_format() {
    let solve = |format: &str| with_stats(&["solve", "--trump", "N", "--leader", "E"], format);
    let json: serde_json::Value = serde_json::from_str(solve("json").trim()).unwrap();
    assert_eq!(json["cards"][0]["tricks"], 7);
    let nodes = json["stats"]["nodes"].as_u64().unwrap();
    assert!(nodes > 0 && json["stats"]["searches"].as_u64().unwrap() >= 11);
    let tsv = solve("tsv");
    let last: Vec<&str> = tsv.lines().last().unwrap().split('\t').collect();
    assert_eq!(last.len(), 1 + COLUMNS.len());
    assert_eq!((last[0], last[1].parse::<u64>().unwrap()), ("stats", nodes));
    assert!(tsv
        .lines()
        .rev()
        .skip(1)
        .all(|l| l.split('\t').count() == 2));
    assert!(solve("text").contains(&format!("\nstats: nodes {nodes}, ")));
}

#[test]
fn play_stats_in_every_format() {
    let play = |format: &str| {
        let args = [
            "play", "--trump", "S", "--leader", "N", "--cards", "CTC4CACJ",
        ];
        with_stats(&args, format)
    };
    let json: serde_json::Value = serde_json::from_str(play("json").trim()).unwrap();
    assert_eq!(
        (json["start"].as_u64(), json["cards"][3]["tricks"].as_u64()),
        (Some(8), Some(8))
    );
    let nodes = json["stats"]["nodes"].as_u64().unwrap();
    assert!(nodes > 0 && json["stats"]["searches"].as_u64().unwrap() >= 2);
    let tsv = play("tsv");
    let lines: Vec<&str> = tsv.lines().collect();
    assert_eq!(lines.len(), 1 + 4 + 1, "{tsv}");
    let last: Vec<&str> = lines[5].split('\t').collect();
    assert_eq!(last.len(), 1 + COLUMNS.len());
    assert_eq!((last[0], last[1].parse::<u64>().unwrap()), ("stats", nodes));
    assert!(lines[..5].iter().all(|l| l.split('\t').count() == 4));
    let txt = play("text");
    assert!(txt.contains(&format!("\nstats: nodes {nodes}, ")), "{txt}");
}
