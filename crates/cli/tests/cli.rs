//! End-to-end tests of the `ddsolve` binary.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

/// list10's first deal, and its TABLE line.
const DEAL: &str = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3";
const TABLE: &str = "5 8 5 8 6 6 6 6 5 7 5 7 7 5 7 5 6 6 6 6";
/// The same deal after East led the heart jack and South followed with the eight.
const AFTER_HJ_H8: &str = "N:QJ6.K652.J85.T98 873.97.AT764.Q4 K5.T3.KQ9.A7652 AT942.AQ4.32.KJ3";

fn ddsolve(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ddsolve"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the ddsolve binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

/// Asserts success and returns stdout.
fn ok(o: Output) -> String {
    assert_eq!(o.status.code(), Some(0), "stderr: {}", stderr(&o));
    stdout(&o)
}

/// Asserts exit status 2, no panic, a message containing every one of `needles`.
fn bad_input(o: Output, needles: &[&str]) {
    let err = stderr(&o);
    assert_eq!(
        o.status.code(),
        Some(2),
        "stdout: {}\nstderr: {err}",
        stdout(&o)
    );
    assert!(!err.contains("panicked"), "{err}");
    for n in needles {
        assert!(err.contains(n), "{n:?} not in: {err}");
    }
}

fn data(name: &str) -> String {
    ddsolve_testkit::data::path(name).display().to_string()
}

/// A file in the temp folder, unique to this test run.
fn temp_file(name: &str, text: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("ddsolve-cli-{}-{name}", std::process::id()));
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn table_tsv_of_a_known_deal() {
    let out = ok(ddsolve(&["table", "--format", "tsv"], &format!("{DEAL}\n")));
    assert_eq!(out, format!("{DEAL}\t{}\n", TABLE.replace(' ', "\t")));
}

#[test]
fn table_readable_has_the_deal_and_the_grid() {
    let out = ok(ddsolve(&["table"], DEAL));
    let want = format!(
        "{DEAL}\n     NT   S   H   D   C\n\
         N     6   5   6   5   7\n\
         E     6   8   6   7   5\n\
         S     6   5   6   5   7\n\
         W     6   8   6   7   5\n"
    );
    assert_eq!(out, want);
}

#[test]
fn table_keeps_input_order_skips_comments_and_normalizes_deals() {
    // Another deal, given from West, quoted, with a comment and blank lines around.
    let other = "W:K2.J973.QJT76.93 QT9765.Q62.98.T6 J83.AT4.AK5.A875 A4.K85.432.KQJ42";
    let other_norm = "N:QT9765.Q62.98.T6 J83.AT4.AK5.A875 A4.K85.432.KQJ42 K2.J973.QJT76.93";
    let input = format!("# two deals, one twice\n{DEAL}\n\n\"{other}\"\n{DEAL}\n");
    let file = temp_file("order.txt", &input);
    let file = file.to_str().unwrap();
    let one = ok(ddsolve(
        &["table", "--format", "tsv", "--threads", "1", file],
        "",
    ));
    let two = ok(ddsolve(
        &["table", "--format", "tsv", "--threads", "2", file],
        "",
    ));
    assert_eq!(one, two);
    let deals: Vec<&str> = one.lines().map(|l| l.split('\t').next().unwrap()).collect();
    assert_eq!(deals, [DEAL, other_norm, DEAL]);
    // list100's TABLE line for that deal.
    assert!(one
        .lines()
        .nth(1)
        .unwrap()
        .ends_with("\t7\t5\t6\t5\t4\t9\t3\t9\t3\t10\t3\t10\t6\t7\t6\t7\t5\t8\t5\t8"));
}

#[test]
fn table_names_a_bad_line() {
    let input =
        format!("{DEAL}\n# fine so far\nN:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652\n");
    bad_input(
        ddsolve(&["table"], &input),
        &["stdin, line 3", "4 hands", "found 3"],
    );
    bad_input(
        ddsolve(
            &["table"],
            "N:QJ6.K652.J85.T9X 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3",
        ),
        &["line 1", "'X'", "not a rank"],
    );
    bad_input(ddsolve(&["table", "/no/such/file"], ""), &["/no/such/file"]);
}

#[test]
fn solve_every_lead() {
    let out = ok(ddsolve(
        &[
            "solve", "--trump", "N", "--leader", "E", "--format", "tsv", DEAL,
        ],
        "",
    ));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 13, "{out}");
    for want in ["S8\t7", "S7\t7", "CQ\t7", "HJ\t6", "DA\t6"] {
        assert!(lines.contains(&want), "{want:?} not in {out}");
    }
    // Most tricks first.
    assert!(lines.first().unwrap().ends_with("\t7"));
    assert!(lines.last().unwrap().ends_with("\t6"));

    // The deal may also be given as separate words; readable output names who plays.
    let words: Vec<&str> = DEAL.split(' ').collect();
    let mut args = vec!["solve", "--trump", "N", "--leader", "E"];
    args.extend(&words);
    let text = ok(ddsolve(&args, ""));
    assert!(text.contains("East leads"), "{text}");
    assert!(text.contains("tricks for East-West"), "{text}");
    assert!(text.contains("S8 S7"), "{text}");
}

#[test]
fn solve_in_mid_trick() {
    let out = ok(ddsolve(
        &[
            "solve",
            "--trump",
            "N",
            "--leader",
            "E",
            "--played",
            "HJ,H8",
            "--format",
            "tsv",
            AFTER_HJ_H8,
        ],
        "",
    ));
    assert_eq!(out, "HA\t6\nHQ\t6\nH4\t6\n");
    let text = ok(ddsolve(
        &[
            "solve",
            "--trump",
            "N",
            "--leader",
            "E",
            "--played",
            "HJ,H8",
            "--target",
            "6",
            AFTER_HJ_H8,
        ],
        "",
    ));
    assert!(text.contains("West to play"), "{text}");
    assert!(
        text.contains("3 of 3 cards take at least 6 tricks"),
        "{text}"
    );
}

#[test]
fn solve_rejects_bad_positions() {
    let solve = |extra: &[&str], deal: &str| {
        let mut args = vec!["solve", "--trump", "S", "--leader", "E"];
        args.extend(extra);
        args.push(deal);
        ddsolve(&args, "")
    };
    // Not PBN.
    bad_input(solve(&[], "QJ6.K652 873"), &["DEAL", "N:"]);
    // A 14-card hand (North took West's spade ace).
    bad_input(
        solve(
            &[],
            "N:AQJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 T942.AQ4.32.KJ3",
        ),
        &["N has 14 cards"],
    );
    // South discards the club deuce on the heart jack while holding hearts.
    bad_input(
        solve(
            &["--played", "HJ,C2"],
            "N:QJ6.K652.J85.T98 873.97.AT764.Q4 K5.T83.KQ9.A765 AT942.AQ4.32.KJ3",
        ),
        &["revoke", "C2"],
    );
    // A played card still in a hand.
    bad_input(solve(&["--played", "HJ"], DEAL), &["HJ", "still in E"]);
    // Not a card.
    bad_input(
        solve(&["--played", "HJ,H1"], AFTER_HJ_H8),
        &["--played", "H1"],
    );
    // A target above the tricks left, and one clap refuses outright.
    bad_input(
        ddsolve(
            &[
                "solve",
                "--trump",
                "S",
                "--leader",
                "E",
                "--target",
                "13",
                "N:A... K... Q... J...",
            ],
            "",
        ),
        &["target 13", "between 1 and 1"],
    );
    bad_input(solve(&["--target", "14"], DEAL), &["--target"]);
    bad_input(
        ddsolve(&["solve", "--trump", "X", "--leader", "E", DEAL], ""),
        &["not a strain"],
    );
}

#[test]
fn check_list10_solve_mode() {
    let out = ok(ddsolve(
        &["check", &data("list10.txt"), "--mode", "solve"],
        "",
    ));
    assert_eq!(out, "checked 10: 0 mismatches\n");
}

#[test]
fn check_list10_table_mode() {
    let out = ok(ddsolve(
        &["check", &data("list10.txt"), "--mode", "table"],
        "",
    ));
    assert_eq!(out, "checked 10: 0 mismatches\n");
}

#[test]
fn check_list100_table_mode() {
    let out = ok(ddsolve(
        &["check", &data("list100.txt"), "--mode", "table"],
        "",
    ));
    assert_eq!(out, "checked 100: 0 mismatches\n");
}

#[test]
fn check_reports_mismatches_in_full() {
    // A one-card-a-hand deal with a wrong TABLE (NT by N takes 1, not 0) and a wrong FUT
    // (East's king takes no trick in notrump: North's ace wins it).
    let text = "PBN 0 0 4 1 \"N:A... K... Q... J...\"\n\
                FUT 1 0 13 0 1\n\
                TABLE 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 0 0 1 0\n";
    let file = temp_file("wrong.txt", text);
    let o = ddsolve(&["check", file.to_str().unwrap()], "");
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(1), "{out}{}", stderr(&o));
    assert!(out.contains("MISMATCH in FUT, entry 1 (line 1)"), "{out}");
    assert!(out.contains("expected: SK:1"), "{out}");
    assert!(out.contains("got:      SK:0"), "{out}");
    assert!(out.contains("MISMATCH in TABLE, entry 1 (line 1)"), "{out}");
    assert!(out.contains("NT by N: expected 0 tricks, got 1"), "{out}");
    assert!(out.ends_with("checked 2: 2 mismatches\n"), "{out}");

    bad_input(
        ddsolve(&["check", "/no/such/list.txt"], ""),
        &["/no/such/list.txt"],
    );
    let broken = temp_file("broken.txt", "PBN 0 0 4 1 \"N:A... K... Q...\"\n");
    bad_input(
        ddsolve(&["check", broken.to_str().unwrap()], ""),
        &["line 1", "bad deal"],
    );
}
