//! Streaming batches: results while the input still flows, bad lines (stop, or
//! `--keep-going`), Ctrl-C, deals as LIN and PBN games, `par` over many deals.

use ddsolve_formats::dds_file;
use ddsolve_testkit::data;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Output, Stdio};
use std::sync::mpsc;
use std::time::Duration;

const DEAL: &str = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3";
const TABLE_TSV: &str = "5\t8\t5\t8\t6\t6\t6\t6\t5\t7\t5\t7\t7\t5\t7\t5\t6\t6\t6\t6";

fn ddsolve(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ddsolve"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the ddsolve binary runs");
    let mut input = child.stdin.take().unwrap();
    let text = stdin.to_string();
    // Written from a thread: the output may fill its pipe before all input is read.
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(text.as_bytes());
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    out
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// The first `n` deals of the random set, each with DDS's table as `table --format tsv`
/// prints it.
fn random_lines(n: usize) -> Vec<String> {
    let text = std::fs::read_to_string(data::path("random-seed1-200.tsv")).unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .take(n)
        .map(|l| {
            let (deal, tricks) = l.split_once('\t').unwrap();
            let tricks: Vec<&str> = tricks.split_whitespace().collect();
            format!("{deal}\t{}", tricks.join("\t"))
        })
        .collect()
}

#[test]
fn the_first_result_comes_before_the_input_ends() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ddsolve"))
        .args(["table", "--format", "tsv", "--threads", "2"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if tx.send(line.unwrap()).is_err() {
                break;
            }
        }
    });
    writeln!(stdin, "{DEAL}\n{DEAL}\n{DEAL}").unwrap();
    stdin.flush().unwrap();
    // stdin stays open: the tables must come anyway.
    let first = rx
        .recv_timeout(Duration::from_secs(120))
        .expect("a table while the input is still open");
    assert_eq!(first, format!("{DEAL}\t{TABLE_TSV}"));
    for _ in 0..2 {
        rx.recv_timeout(Duration::from_secs(120)).unwrap();
    }
    drop(stdin);
    assert!(child.wait().unwrap().success());
}

#[test]
fn a_bad_line_stops_the_run_after_the_results_before_it() {
    let lines = random_lines(4);
    let deal = |i: usize| lines[i].split('\t').next().unwrap().to_string();
    let input = format!(
        "{}\n{}\nN:AKQ.xx\n{}\n{}\n",
        deal(0),
        deal(1),
        deal(2),
        deal(3)
    );
    let o = ddsolve(&["table", "--format", "tsv", "--threads", "2"], &input);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(text(&o.stdout), format!("{}\n{}\n", lines[0], lines[1]));
    let err = text(&o.stderr);
    assert!(err.contains("stdin, line 3, column 1: "), "{err}");
    assert!(err.contains("N:AKQ.xx"), "{err}");
    assert!(!err.contains("panicked"), "{err}");

    let o = ddsolve(
        &["table", "--format", "tsv", "--threads", "2", "--keep-going"],
        &input,
    );
    assert_eq!(o.status.code(), Some(2));
    let want: String = lines.iter().map(|l| format!("{l}\n")).collect();
    assert_eq!(text(&o.stdout), want);
    let err = text(&o.stderr);
    assert!(err.contains("stdin, line 3, column 1: "), "{err}");
    assert!(err.contains("1 bad line skipped"), "{err}");
}

#[test]
fn ctrl_c_leaves_only_complete_lines() {
    let lines = random_lines(200);
    let mut child = Command::new(env!("CARGO_BIN_EXE_ddsolve"))
        .args(["table", "--format", "json", "--threads", "2"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    for l in &lines {
        writeln!(stdin, "{l}").unwrap();
    }
    stdin.flush().unwrap();
    let mut first = String::new();
    stdout.read_line(&mut first).unwrap();
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut stdout, &mut rest).unwrap();
    let code = child.wait().unwrap().code();
    drop(stdin);
    assert_eq!(code, Some(130), "interrupted");
    let all = first + &rest;
    assert!(all.ends_with('\n'));
    assert!(all.lines().count() <= lines.len());
    for (line, want) in all.lines().zip(&lines) {
        let v: serde_json::Value = serde_json::from_str(line).expect("a complete JSON line");
        assert_eq!(v["deal"], want.split('\t').next().unwrap());
    }
}

#[test]
fn lin_and_pbn_games_are_deals_too() {
    let md = "3SK5HT83DKQ9CA7652,SAT942HAQ4D32CKJ3,SQJ6HK652DJ85CT98,";
    let input = format!(
        "pn|a,b,c,d|st||md|{md}|sv|o|\n\
         % PBN 2.1\n[Board \"1\"]\n[Dealer \"N\"]\n{{a comment\n\nover lines}}\n\
         [Deal \"E:873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3 QJ6.K652.J85.T98\"]\n\
         [Auction \"N\"]\nPass 1NT\n\n\
         {DEAL}\n"
    );
    let o = ddsolve(&["table", "--format", "tsv"], &input);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert_eq!(text(&o.stdout), format!("{DEAL}\t{TABLE_TSV}\n").repeat(3));
}

#[test]
fn par_over_many_deals_agrees_with_dds() {
    // list10's entries with their vulnerability and dealer on each line.
    let entries = dds_file::read_file(data::path("list10.txt")).unwrap();
    let vul = ["none", "both", "ns", "ew"];
    let input: String = entries
        .iter()
        .map(|e| {
            format!(
                "{} {} {}\n",
                e.deal,
                vul[e.vulnerability.dds_index()],
                e.dealer.letter()
            )
        })
        .collect();
    let o = ddsolve(&["par", "--format", "tsv", "--threads", "2"], &input);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert_eq!(out.lines().count(), entries.len());
    for (line, e) in out.lines().zip(&entries) {
        let fields: Vec<&str> = line.split('\t').collect();
        assert_eq!(fields[0], e.deal.to_string());
        assert_eq!(fields[2], e.dealer.letter().to_string());
        let par = e.par.as_ref().unwrap();
        assert_eq!(
            &fields[3..7],
            [
                &par.ns_score,
                &par.ew_score,
                &par.ns_contracts,
                &par.ew_contracts
            ]
        );
        let par2 = e.par2.as_ref().unwrap();
        let mut want = vec![par2.score.clone()];
        want.extend(par2.contracts.iter().cloned());
        assert_eq!(fields[7], want.join(" "), "entry {}", e.number);
    }
    // The same as JSON: the dealer par's score and first contract.
    let o = ddsolve(&["par", "--format", "json"], &input);
    assert_eq!(o.status.code(), Some(0));
    for (line, e) in text(&o.stdout).lines().zip(&entries) {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let par2 = e.par2.as_ref().unwrap();
        assert_eq!(v["dealer_par"]["score"].to_string(), par2.score);
        assert_eq!(v["dealer"], e.dealer.letter().to_string());
    }
}

#[test]
fn one_deal_on_two_threads_gives_the_table_of_one() {
    let dir = std::env::temp_dir().join(format!("ddsolve-one-deal-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("one.txt");
    std::fs::write(&file, format!("# one deal\n{DEAL}\n")).unwrap();
    let file = file.to_str().unwrap();
    let want = format!("{DEAL}\t{TABLE_TSV}\n");
    for args in [
        ["table", "--format", "tsv", "--threads", "1", DEAL],
        ["table", "--format", "tsv", "--threads", "2", DEAL],
        ["table", "--format", "tsv", "--threads", "3", file],
    ] {
        let out = ddsolve(&args, "");
        assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
        assert_eq!(text(&out.stdout), want, "{args:?}");
    }
    // A one-deal file that par refuses (not 13 cards a hand) is a bad line as before.
    std::fs::write(dir.join("short.txt"), "N:AK.. QJ.. T9.. 87..\n").unwrap();
    let short = dir.join("short.txt");
    let out = ddsolve(
        &["par", "--threads", "2", "--file", short.to_str().unwrap()],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("line 1"),
        "{}",
        text(&out.stderr)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The first `n` deals of a tables file (`deal <TAB> 20 numbers`).
fn file_deals(name: &str, n: usize) -> Vec<String> {
    let text = std::fs::read_to_string(data::path(name)).unwrap();
    let deals: Vec<String> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .take(n)
        .map(|l| l.split('\t').next().unwrap().to_string())
        .collect();
    assert_eq!(deals.len(), n, "{name} has fewer deals than asked");
    deals
}

#[test]
fn the_last_deals_of_a_file_on_every_thread_give_one_threads_tables() {
    // list10, random and freak deals, an ending, a deal twice and a bad line: on more
    // threads than deals are left, the threads share the last deals' strains.
    let mut deals: Vec<String> = dds_file::read_file(data::path("list10.txt"))
        .unwrap()
        .iter()
        .map(|e| e.deal.to_string())
        .collect();
    deals.extend(file_deals("random-seed1-200.tsv", 3));
    deals.extend(file_deals("freak-seed11-24.tsv", 2));
    deals.push("N:AK2... QJ3... T94... 876...".to_string());
    deals.push(deals[0].clone());
    deals.insert(4, "N:AKQ.xx".to_string());
    let input: String = deals.iter().map(|d| format!("{d}\n")).collect();
    let run = |threads: &str| {
        ddsolve(
            &[
                "table",
                "--format",
                "tsv",
                "--keep-going",
                "--threads",
                threads,
            ],
            &input,
        )
    };
    let one = run("1");
    assert_eq!(one.status.code(), Some(2), "{}", text(&one.stderr));
    assert_eq!(text(&one.stdout).lines().count(), deals.len() - 1);
    for threads in ["2", "3", "8"] {
        let many = run(threads);
        assert_eq!(many.status.code(), Some(2), "{}", text(&many.stderr));
        assert_eq!(text(&many.stdout), text(&one.stdout), "{threads} threads");
        assert!(
            text(&many.stderr).contains("line 5"),
            "{}",
            text(&many.stderr)
        );
    }
    // The first three deals alone on two and three threads: fewer deals than strains.
    let three: String = deals[..3].iter().map(|d| format!("{d}\n")).collect();
    let want: String = text(&one.stdout)
        .lines()
        .take(3)
        .map(|l| format!("{l}\n"))
        .collect();
    for threads in ["2", "3"] {
        let o = ddsolve(&["table", "--format", "tsv", "--threads", threads], &three);
        assert!(o.status.success(), "{}", text(&o.stderr));
        assert_eq!(text(&o.stdout), want, "{threads} threads");
    }
}
