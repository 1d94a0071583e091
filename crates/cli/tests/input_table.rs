//! The input table (`crates/testkit/data/input-table.tsv`) through the `ddsolve` binary:
//! every deal string as an argument (where it is UTF-8) and on stdin, every file of deal
//! lines or PBN through `table FILE`, every PBN file through `annotate`; and the terminal
//! manners of the batch commands.

use ddsolve_testkit::input_table::{cases, Case, Kind, Outcome};
use std::io::Write;
use std::process::{Command, Output, Stdio};

fn run(args: &[&std::ffi::OsStr], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ddsolve"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the ddsolve binary runs");
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    child.wait_with_output().unwrap()
}

/// Checks a `table --format tsv` run against the case: the deals printed, or exit status 2
/// and the message.
fn check_table(case: &Case, how: &str, o: &Output) {
    let out = String::from_utf8_lossy(&o.stdout);
    let err = String::from_utf8_lossy(&o.stderr);
    let label = format!("{} ({how})", case.label());
    assert!(!err.contains("panicked"), "{label}: {err}");
    match &case.outcome {
        Outcome::Ok { deal, deals } => {
            assert_eq!(o.status.code(), Some(0), "{label}: {err}");
            let got: Vec<&str> = out.lines().map(|l| l.split('\t').next().unwrap()).collect();
            assert_eq!(got, vec![deal.to_string().as_str(); *deals], "{label}");
        }
        Outcome::Error { message } => {
            assert_eq!(o.status.code(), Some(2), "{label}: {out}");
            assert!(err.contains(message.as_str()), "{label}: {err}");
        }
    }
}

#[test]
fn every_case_through_table() {
    let dir = tempfile::tempdir().unwrap();
    for case in cases() {
        let tsv = ["table", "--format", "tsv", "--threads", "1"].map(std::ffi::OsStr::new);
        // On stdin, and as a file.
        check_table(&case, "stdin", &run(&tsv, &case.input));
        let path = dir
            .path()
            .join(format!("{}-{}.txt", case.kind_name(), case.name));
        std::fs::write(&path, &case.input).unwrap();
        let mut args = tsv.to_vec();
        args.push(path.as_os_str());
        check_table(&case, "file", &run(&args, b""));
        // A deal string as an argument, where it is text.
        if case.kind == Kind::Deal {
            if let Ok(text) = std::str::from_utf8(&case.input) {
                let mut args = tsv.to_vec();
                args.push(std::ffi::OsStr::new(text));
                check_table(&case, "argument", &run(&args, b""));
            }
        }
    }
}

#[test]
fn every_pbn_case_through_annotate() {
    for case in cases().into_iter().filter(|c| c.kind == Kind::Pbn) {
        let o = run(
            &[std::ffi::OsStr::new("annotate"), "-".as_ref()],
            &case.input,
        );
        let out = String::from_utf8_lossy(&o.stdout);
        let err = String::from_utf8_lossy(&o.stderr);
        match &case.outcome {
            Outcome::Ok { deals, .. } => {
                assert_eq!(o.status.code(), Some(0), "{}: {err}", case.label());
                assert_eq!(out.matches("[DoubleDummyTricks").count(), *deals);
                // Every other byte kept: the byte-order mark too.
                assert_eq!(
                    o.stdout.starts_with(b"\xef\xbb\xbf"),
                    case.input.starts_with(b"\xef\xbb\xbf")
                );
            }
            Outcome::Error { message } => {
                assert_eq!(o.status.code(), Some(2), "{}", case.label());
                assert!(err.contains(message.as_str()), "{}: {err}", case.label());
            }
        }
    }
}

trait KindName {
    fn kind_name(&self) -> &'static str;
}

impl KindName for Case {
    fn kind_name(&self) -> &'static str {
        match self.kind {
            Kind::Deal => "deal",
            Kind::Lines => "lines",
            Kind::Pbn => "pbn",
        }
    }
}

#[test]
fn no_deal_is_a_note_and_exit_status_0() {
    for command in ["table", "par"] {
        let o = run(&[command.as_ref()], b"");
        assert_eq!(o.status.code(), Some(0), "{command}");
        assert!(o.stdout.is_empty());
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains("note: stdin: no deal"), "{command}: {err}");
    }
}

#[test]
fn help_gives_each_default_once() {
    for command in [
        "table", "par", "annotate", "solve", "play", "check", "serve",
    ] {
        let o = run(&["help".as_ref(), command.as_ref()], b"");
        let help = String::from_utf8_lossy(&o.stdout);
        // An option's help is its lines up to the next option's.
        let mut options: Vec<String> = Vec::new();
        for line in help.lines() {
            if line.trim_start().starts_with('-') || options.is_empty() {
                options.push(String::new());
            }
            let last = options.last_mut().unwrap();
            last.push_str(line);
            last.push('\n');
        }
        assert!(options.len() > 2, "ddsolve {command}: {help}");
        for option in options {
            assert!(
                option.matches("[default").count() <= 1,
                "ddsolve {command}: {option}"
            );
        }
    }
}

/// Runs `ddsolve args` with a terminal for stdin and stderr (util-linux `script`), typing
/// `typed` and then Ctrl-D; what the terminal showed.
fn on_a_terminal(args: &str, typed: &str) -> String {
    let command = format!("{} {args}", env!("CARGO_BIN_EXE_ddsolve"));
    let mut child = Command::new("script")
        .args(["-q", "-e", "-c", &command, "/dev/null"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("util-linux script runs");
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(typed.as_bytes()).unwrap();
    // Ctrl-D twice: once ends a line the terminal holds, once ends the input.
    stdin.write_all(b"\x04\x04").unwrap();
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(0), "{o:?}");
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn a_terminal_on_stdin_gets_a_hint() {
    let shown = on_a_terminal("table", "N:A.K.. Q.J.. T.9.. 8.7..\n");
    assert!(
        shown.contains("reading deals from standard input, one a line; Ctrl-D ends"),
        "{shown}"
    );
    assert!(shown.contains("N     2   2   2   2   2"), "{shown}");
    // Not when stdin is a pipe.
    let o = run(&["table".as_ref()], b"N:A.K.. Q.J.. T.9.. 8.7..\n");
    assert!(!String::from_utf8_lossy(&o.stderr).contains("Ctrl-D"));
}
