//! `--tt-mb N`: every command that solves takes the memory budget of each solver's table,
//! and a tiny budget (the table evicts all the time) gives the same results.

use std::process::{Command, Output};

fn ddsolve(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ddsolve"))
        .args(args)
        .output()
        .expect("the ddsolve binary runs")
}

fn ok(o: Output) -> String {
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(0), "stderr: {err}");
    String::from_utf8(o.stdout).unwrap()
}

fn data(name: &str) -> String {
    ddsolve_testkit::data::path(name).display().to_string()
}

/// list10's first deal.
const DEAL: &str = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3";

#[test]
fn a_one_megabyte_table_gives_dds_tables() {
    // Each of list10's tables fills far more than 1 MB: the table evicts all through.
    let out = ok(ddsolve(&[
        "check",
        &data("list10.txt"),
        "--mode",
        "table",
        "--tt-mb",
        "1",
        "--threads",
        "2",
    ]));
    assert_eq!(out, "checked 10: 0 mismatches\n");
}

#[test]
fn table_with_a_tiny_budget_gives_dds_tables() {
    // Four random deals with DDS's tables (the file separates the numbers by spaces, the
    // CLI by tabs).
    let text = std::fs::read_to_string(data("random-seed1-200.tsv")).unwrap();
    let want: String = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .take(4)
        .map(|l| format!("{l}\n"))
        .collect();
    let file = std::env::temp_dir().join(format!("ddsolve-tt-mb-{}.tsv", std::process::id()));
    std::fs::write(&file, &want).unwrap();
    let path = file.to_str().unwrap();
    let tiny = ddsolve(&[
        "table",
        "--format",
        "tsv",
        "--quiet",
        "--threads",
        "2",
        "--tt-mb",
        "1",
        path,
    ]);
    let default = ddsolve(&["table", "--format", "tsv", "--quiet", path]);
    std::fs::remove_file(&file).ok();
    let spaced = |o: Output| ok(o).replace('\t', " ");
    let want = want.replace('\t', " ");
    assert_eq!(spaced(tiny), want);
    assert_eq!(spaced(default), want);
}

#[test]
fn every_solving_command_takes_the_flag() {
    let solve = ok(ddsolve(&[
        "solve", "--trump", "N", "--leader", "E", "--format", "tsv", "--tt-mb", "1", DEAL,
    ]));
    let default = ok(ddsolve(&[
        "solve", "--trump", "N", "--leader", "E", "--format", "tsv", DEAL,
    ]));
    assert_eq!(solve, default);
    let play = [
        "play", "--trump", "S", "--leader", "N", "--cards", "CTC4CACJ", "--format", "tsv",
    ];
    let tiny = ok(ddsolve(&[&play[..], &["--tt-mb", "1", DEAL]].concat()));
    assert_eq!(tiny, ok(ddsolve(&[&play[..], &[DEAL]].concat())));
    let par = ok(ddsolve(&["par", "--tt-mb", "2", DEAL]));
    assert!(par.contains("par (DDS Par):"), "{par}");
    let pbn =
        std::env::temp_dir().join(format!("ddsolve-tt-mb-annotate-{}.pbn", std::process::id()));
    std::fs::write(&pbn, format!("[Board \"1\"]\n[Deal \"{DEAL}\"]\n")).unwrap();
    let annotated = ok(ddsolve(&[
        "annotate",
        "--tt-mb",
        "1",
        "--quiet",
        pbn.to_str().unwrap(),
    ]));
    std::fs::remove_file(&pbn).ok();
    assert!(annotated.contains("[DoubleDummyTricks"), "{annotated}");
}

#[test]
fn the_budget_must_be_a_positive_number() {
    for bad in ["0", "-3", "lots"] {
        let o = ddsolve(&["table", &format!("--tt-mb={bad}"), "-"]);
        assert_eq!(o.status.code(), Some(2), "--tt-mb {bad}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains("--tt-mb"), "{err}");
    }
}

#[test]
fn help_documents_the_flag() {
    for command in ["table", "annotate", "solve", "check", "par", "play"] {
        let help = ok(ddsolve(&[command, "--help"]));
        assert!(help.contains("--tt-mb <N>"), "{command}: {help}");
    }
}
