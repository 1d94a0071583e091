//! Where `ddsolve annotate -o` and `--in-place` write: `/dev/stdout` through descriptor 1
//! (append mode honoured), a regular file anywhere (`/dev/shm` too) through a temporary file
//! and a rename (no stale bytes), a read-only file refused unless `--force`.

use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::{Command, Output};

/// One board with a small deal: quick to annotate.
const BOARD: &str = "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n\
    [Deal \"N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3\"]\n";

fn ddsolve(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ddsolve"))
        .args(args)
        .output()
        .expect("the ddsolve binary runs")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The annotated board, as written to stdout.
fn annotated(input: &Path) -> Vec<u8> {
    let o = ddsolve(&["annotate", "--threads", "1", input.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(o.stdout.starts_with(BOARD.as_bytes()));
    assert!(o.stdout.len() > BOARD.len());
    o.stdout
}

fn input_file(dir: &Path) -> std::path::PathBuf {
    let input = dir.join("board.pbn");
    std::fs::write(&input, BOARD).unwrap();
    input
}

#[test]
fn dev_stdout_writes_through_descriptor_one_and_appends_after_the_log() {
    let dir = tempfile::tempdir().unwrap();
    let input = input_file(dir.path());
    let want = annotated(&input);
    let log = dir.path().join("log.txt");
    std::fs::write(&log, "an earlier line of the log\n").unwrap();
    // The review's reproducer: the start of the log was overwritten.
    let status = Command::new("sh")
        .arg("-c")
        .arg(r#""$0" annotate --threads 1 "$1" -o /dev/stdout >> "$2""#)
        .arg(env!("CARGO_BIN_EXE_ddsolve"))
        .arg(&input)
        .arg(&log)
        .status()
        .unwrap();
    assert!(status.success());
    let mut expected = b"an earlier line of the log\n".to_vec();
    expected.extend_from_slice(&want);
    assert_eq!(std::fs::read(&log).unwrap(), expected);
    // `>` truncates, as the shell says; the output is the annotated file alone.
    let status = Command::new("sh")
        .arg("-c")
        .arg(r#""$0" annotate --threads 1 "$1" -o /dev/stdout > "$2""#)
        .arg(env!("CARGO_BIN_EXE_ddsolve"))
        .arg(&input)
        .arg(&log)
        .status()
        .unwrap();
    assert!(status.success());
    assert_eq!(std::fs::read(&log).unwrap(), want);
}

#[test]
fn a_regular_file_under_dev_shm_is_replaced_whole() {
    let shm = Path::new("/dev/shm");
    assert!(
        shm.is_dir(),
        "/dev/shm is missing: the test needs a tmpfs there"
    );
    let dir = tempfile::tempdir().unwrap();
    let input = input_file(dir.path());
    let want = annotated(&input);
    let out = tempfile::Builder::new()
        .prefix("ddsolve-test-")
        .suffix(".pbn")
        .tempfile_in(shm)
        .unwrap();
    // Longer than the new content: stale bytes would stay after it.
    std::fs::write(out.path(), vec![b'x'; 4 * want.len()]).unwrap();
    let o = ddsolve(&[
        "annotate",
        "--threads",
        "1",
        input.to_str().unwrap(),
        "-o",
        out.path().to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(std::fs::read(out.path()).unwrap(), want);
}

#[test]
fn a_read_only_file_is_refused_unless_forced() {
    let dir = tempfile::tempdir().unwrap();
    let input = input_file(dir.path());
    let want = annotated(&input);
    std::fs::set_permissions(&input, std::fs::Permissions::from_mode(0o444)).unwrap();
    let o = ddsolve(&["annotate", "--in-place", input.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("read-only"), "{}", stderr(&o));
    assert!(stderr(&o).contains("--force"), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&input).unwrap(), BOARD);
    // -o onto a read-only file too.
    let out = dir.path().join("out.pbn");
    std::fs::write(&out, "old").unwrap();
    std::fs::set_permissions(&out, std::fs::Permissions::from_mode(0o400)).unwrap();
    let o = ddsolve(&[
        "annotate",
        input.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "old");
    // --force replaces it, keeping its mode.
    let o = ddsolve(&["annotate", "--in-place", "--force", input.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(std::fs::read(&input).unwrap(), want);
    let mode = std::fs::metadata(&input).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o444);
    // Nothing else is left in the folder (no temporary file).
    let mut names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["board.pbn", "out.pbn"]);
}
