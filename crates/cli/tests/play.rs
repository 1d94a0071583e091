//! End-to-end tests of `ddsolve play` and `ddsolve check --mode play`.

use std::process::{Command, Output};

/// list10's first deal: spades, North leads, declarer West; East-West take 8.
const DEAL: &str = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3";

fn ddsolve(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ddsolve"))
        .args(args)
        .output()
        .expect("the ddsolve binary runs")
}

fn text(b: &[u8]) -> String {
    String::from_utf8(b.to_vec()).unwrap()
}

fn ok(o: Output) -> String {
    assert_eq!(o.status.code(), Some(0), "stderr: {}", text(&o.stderr));
    text(&o.stdout)
}

fn data(name: &str) -> String {
    ddsolve_testkit::data::path(name).display().to_string()
}

#[test]
fn play_tsv_and_text() {
    let out = ok(ddsolve(&[
        "play", "--trump", "S", "--leader", "N", "--cards", "CTC4CACJ", "--format", "tsv", DEAL,
    ]));
    assert_eq!(
        out,
        "0\t-\t-\t8\n1\tN\tCT\t8\n2\tE\tC4\t8\n3\tS\tCA\t8\n4\tW\tCJ\t8\n"
    );

    // Cards may be separated by commas; the text output names declarer and every player.
    let text_out = ok(ddsolve(&[
        "play",
        "--trump",
        "S",
        "--leader",
        "N",
        "--cards",
        "CT,C4,CA,CJ",
        DEAL,
    ]));
    assert!(text_out.contains("declarer West"), "{text_out}");
    assert!(text_out.contains("tricks for East-West"), "{text_out}");
    assert!(text_out.contains("before any card"), "{text_out}");
    assert!(text_out.contains("W CJ"), "{text_out}");
}

#[test]
fn play_names_an_illegal_card() {
    let o = ddsolve(&[
        "play", "--trump", "S", "--leader", "N", "--cards", "CTH7", DEAL,
    ]);
    assert_eq!(o.status.code(), Some(2));
    let err = text(&o.stderr);
    assert!(
        err.contains("card 2") && err.contains("H7") && err.contains("revoke"),
        "{err}"
    );
    let o = ddsolve(&[
        "play", "--trump", "S", "--leader", "N", "--cards", "CTX4", DEAL,
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).contains("X4"));
}

#[test]
fn check_list10_play_mode() {
    let out = ok(ddsolve(&["check", &data("list10.txt"), "--mode", "play"]));
    assert_eq!(out, "checked 10: 0 mismatches\n");
}

#[test]
fn check_all_mode_counts_plays() {
    // Every line of every kind, counted per kind and in total.
    let out = ok(ddsolve(&["check", &data("list10.txt"), "--threads", "2"]));
    assert!(
        out.starts_with("lines checked: FUT 10, TABLE 10, PAR/PAR2 20, PLAY 10\n"),
        "{out}"
    );
    let last = out.lines().last().unwrap_or_default().to_string() + "\n";
    let checked: usize = last
        .strip_prefix("checked ")
        .and_then(|r| r.strip_suffix(": 0 mismatches\n"))
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{out}"));
    assert_eq!(checked, 50, "{out}");
}

#[test]
fn check_reports_a_wrong_trace_in_full() {
    // One card a hand, notrump, East leads, declarer North: N's ace takes the only trick.
    let file = std::env::temp_dir().join(format!("ddsolve-play-{}.txt", std::process::id()));
    std::fs::write(
        &file,
        "PBN 0 0 4 1 \"N:A... K... Q... J...\"\nPLAY 1 \"SK\"\nTRACE 2 1 0\n",
    )
    .unwrap();
    let o = ddsolve(&["check", file.to_str().unwrap(), "--mode", "play"]);
    let out = text(&o.stdout);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(out.contains("MISMATCH in PLAY, entry 1 (line 1)"), "{out}");
    assert!(out.contains("expected: 1 0"), "{out}");
    assert!(out.contains("got:      1 1"), "{out}");
    assert!(
        out.contains("first difference after card 1 (SK): expected 0, got 1"),
        "{out}"
    );
    assert!(out.ends_with("checked 1: 1 mismatches\n"), "{out}");
}
