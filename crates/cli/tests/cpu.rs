//! The search's two copies (`ddsolve_cards::cpu`): the baseline one, forced with
//! `DDSOLVE_CPU=baseline`, and the one the processor allows give the same tables and the
//! same node counts.

use std::process::Command;

const DEALS: &str = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3
E:QJT5432.T.6.QJ82 .J97543.K7532.94 87.A62.QJT4.AT75 AK96.KQ8.A98.K63
";

fn tables(baseline: bool) -> String {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let file = dir.path().join("deals.txt");
    std::fs::write(&file, DEALS).expect("the deals written");
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_ddsolve"));
    cmd.args(["table", "--threads", "1", "--format", "tsv", "--stats"])
        .arg(&file);
    if baseline {
        cmd.env("DDSOLVE_CPU", "baseline");
    } else {
        cmd.env_remove("DDSOLVE_CPU");
    }
    let out = cmd.output().expect("ddsolve runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // The deal, the 20 numbers and the node count (the time columns differ).
    String::from_utf8(out.stdout)
        .expect("UTF-8")
        .lines()
        .map(|l| l.split('\t').take(22).collect::<Vec<_>>().join("\t") + "\n")
        .collect()
}

#[test]
fn baseline_and_fast_copies_agree_on_tables_and_nodes() {
    let fast = tables(false);
    assert_eq!(fast.lines().count(), 2, "{fast}");
    assert_eq!(tables(true), fast);
}
