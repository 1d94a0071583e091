//! Nothing lost: an interrupted `ddsolve` leaves only complete output.
//!
//! - `ddsolve table` fed from a pipe and stopped by SIGINT or SIGTERM while it solves: what
//!   it printed is whole lines, each exactly the line an uninterrupted run prints there.
//! - `ddsolve annotate -o OUT` stopped by SIGINT or SIGTERM while it solves: no OUT, or the
//!   old OUT as it was, and no temporary file beside it.
//!
//! The signals are sent with `kill(1)`; each run must end through ddsolve's handler (exit
//! status 130), not be killed outright.

use ddsolve_cards::DealRng;
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

fn ddsolve() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_ddsolve"));
    cmd.env("RUST_BACKTRACE", "0");
    cmd
}

/// `count` random deals (13 cards a hand) as PBN, one a line.
fn deals(seed: u64, count: usize) -> Vec<String> {
    let mut rng = DealRng::new(seed);
    (0..count).map(|_| rng.deal().to_pbn()).collect()
}

fn signal(child: &Child, name: &str) {
    let status = Command::new("kill")
        .args([format!("-{name}"), child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(status.success(), "kill -{name} failed");
}

fn wait_for(child: &mut Child, limit: Duration) -> ExitStatus {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().expect("waiting for ddsolve") {
            return status;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            panic!("ddsolve did not end within {limit:?} of the signal");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// `ddsolve table --format tsv` on a pipe: two deals are written, the first line is read
/// back (the run is under way), more deals are written and the signal is sent while they
/// are being solved. Every line printed must be complete and equal to an uninterrupted run's.
fn table_interrupted(name: &str) {
    let input = deals(11, 24);
    let full = ddsolve()
        .args(["table", "--format", "tsv", "--threads", "2"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            let mut stdin = child.stdin.take().expect("stdin");
            stdin.write_all(input.join("\n").as_bytes())?;
            drop(stdin);
            child.wait_with_output()
        })
        .expect("the uninterrupted run");
    assert!(full.status.success());
    let full = String::from_utf8(full.stdout).expect("UTF-8 output");
    let want: Vec<&str> = full.lines().collect();
    assert_eq!(want.len(), input.len());

    let mut child = ddsolve()
        .args(["table", "--format", "tsv", "--threads", "2"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("ddsolve starts");
    let mut stdin = child.stdin.take().expect("stdin");
    let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
    writeln!(stdin, "{}\n{}", input[0], input[1]).expect("the first deals are written");
    stdin.flush().expect("flush");
    let mut first = String::new();
    stdout.read_line(&mut first).expect("the first line");
    assert_eq!(first.trim_end(), want[0]);
    // The rest, with stdin left open: the run is solving, or waiting for more; it cannot
    // end before the signal.
    for deal in &input[2..] {
        writeln!(stdin, "{deal}").expect("deals are written");
    }
    stdin.flush().expect("flush");
    std::thread::sleep(Duration::from_millis(150));
    signal(&child, name);
    let status = wait_for(&mut child, Duration::from_secs(20));
    drop(stdin);
    let mut rest = Vec::new();
    std::io::Read::read_to_end(&mut stdout, &mut rest).expect("the rest of stdout");
    let rest = String::from_utf8(rest).expect("UTF-8 output");
    // Ended through ddsolve's handler (ctrlc's, which takes SIGINT and, with the
    // `termination` feature, SIGTERM): whole records flushed, temporary files removed, exit
    // status 130. Killed outright by the signal would prove nothing about what it leaves.
    assert_eq!(status.code(), Some(130), "SIG{name}: {status:?}");
    assert!(
        rest.is_empty() || rest.ends_with('\n'),
        "SIG{name} left a cut line: {rest:?}"
    );
    let got: Vec<&str> = std::iter::once(first.trim_end())
        .chain(rest.lines())
        .collect();
    for (i, (g, w)) in got.iter().zip(&want).enumerate() {
        assert_eq!(g, w, "line {} after SIG{name}", i + 1);
    }
}

#[test]
fn table_on_a_pipe_stopped_by_sigint_leaves_whole_lines() {
    table_interrupted("INT");
}

#[test]
fn table_on_a_pipe_stopped_by_sigterm_leaves_whole_lines() {
    table_interrupted("TERM");
}

/// A hand record of `boards` boards.
fn hand_record(boards: usize) -> String {
    let mut s = String::from("% PBN 2.1\n");
    for (i, deal) in deals(23, boards).iter().enumerate() {
        s.push_str(&format!(
            "\n[Board \"{}\"]\n[Deal \"{deal}\"]\n[Scoring \"IMP\"]\n",
            i + 1
        ));
    }
    s
}

/// `ddsolve annotate FILE -o OUT` on a file that takes seconds, signalled after a moment:
/// OUT is not there (or holds what it held), and no temporary file is left in its folder.
fn annotate_interrupted(name: &str, old: Option<&str>) {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let file = dir.path().join("boards.pbn");
    std::fs::write(&file, hand_record(60)).expect("the hand record");
    let out = dir.path().join("out.pbn");
    if let Some(old) = old {
        std::fs::write(&out, old).expect("the old output");
    }
    let mut child = ddsolve()
        .arg("annotate")
        .arg(&file)
        .arg("-o")
        .arg(&out)
        .args(["--threads", "1"])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("ddsolve starts");
    std::thread::sleep(Duration::from_millis(300));
    signal(&child, name);
    let status = wait_for(&mut child, Duration::from_secs(20));
    // Ended through ddsolve's handler (ctrlc's, which takes SIGINT and, with the
    // `termination` feature, SIGTERM): whole records flushed, temporary files removed, exit
    // status 130. Killed outright by the signal would prove nothing about what it leaves.
    assert_eq!(status.code(), Some(130), "SIG{name}: {status:?}");
    match old {
        None => assert!(!out.exists(), "SIG{name} left {}", out.display()),
        Some(old) => assert_eq!(
            std::fs::read_to_string(&out).expect("the old output is there"),
            old,
            "SIG{name} changed the old output"
        ),
    }
    assert_eq!(
        leftovers(dir.path()),
        Vec::<String>::new(),
        "after SIG{name}"
    );
}

/// Files in `dir` other than the input and the output.
fn leftovers(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .expect("the directory")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n != "boards.pbn" && n != "out.pbn")
        .collect()
}

#[test]
fn annotate_to_a_file_stopped_by_sigint_writes_nothing() {
    annotate_interrupted("INT", None);
    annotate_interrupted("INT", Some("the old output\n"));
}

#[test]
fn annotate_to_a_file_stopped_by_sigterm_writes_nothing() {
    annotate_interrupted("TERM", None);
    annotate_interrupted("TERM", Some("the old output\n"));
}

/// `ddsolve annotate --in-place` killed outright (SIGKILL: no handler runs) while it
/// solves: the file is as it was, and the temporary file the killed run had opened beside
/// it is gone once the next run has written into the same folder.
#[test]
fn annotate_in_place_killed_leaves_the_file_and_no_stale_temporary_file() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let file = dir.path().join("boards.pbn");
    let original = hand_record(60);
    std::fs::write(&file, &original).expect("the hand record");
    let mut child = ddsolve()
        .arg("annotate")
        .arg(&file)
        .args(["--in-place", "--threads", "1"])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("ddsolve starts");
    std::thread::sleep(Duration::from_millis(300));
    signal(&child, "KILL");
    let status = wait_for(&mut child, Duration::from_secs(20));
    assert_eq!(status.code(), None, "not killed: {status:?}");
    assert_eq!(
        std::fs::read_to_string(&file).expect("the file is there"),
        original,
        "SIGKILL changed the file"
    );
    // The next run: a small file in the same folder.
    let small = dir.path().join("out.pbn");
    std::fs::write(&small, hand_record(1)).expect("a small hand record");
    let next = ddsolve()
        .arg("annotate")
        .arg(&small)
        .arg("--in-place")
        .output()
        .expect("the next run");
    assert!(next.status.success(), "{next:?}");
    assert_eq!(
        leftovers(dir.path()),
        Vec::<String>::new(),
        "after SIGKILL and a run"
    );
}
