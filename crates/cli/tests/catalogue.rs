//! The malformed-input catalogue: every command of `ddsolve`, every input channel (argument,
//! stdin, file, flag values), each kind of bad input, from `tests/data/catalogue.txt`, run
//! against the built binary by one driver.
//!
//! Every case must end with its exit status (2 unless it says otherwise), a message on stderr
//! holding each of its `stderr:` texts (what is wrong, and the line or board where there is
//! one), stdout exactly as the case says (nothing unless it says otherwise, and never a cut
//! line), no temporary file left behind, no output file where there must be none, and never
//! a panic. A case may instead expect the stdout of a good run (`stdout-as-stdin:`,
//! `stdout-as-args:`): what a batch printed before its bad line must be exactly what the
//! lines before it give alone.
//!
//! A case marked `known-failure:` is one the binary does not pass yet: it is run, must still
//! fail (so that the mark goes as soon as it passes), and is listed in the test's output.
//!
//! The format of the data file is described at its top.

use std::collections::BTreeMap;
use std::ffi::{OsStr, OsString};
use std::io::{Read, Write};
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The commands of `ddsolve`; every one must have cases (and `ddsolve --help` must list no
/// other).
const COMMANDS: [&str; 10] = [
    "table", "annotate", "solve", "check", "par", "play", "serve", "deal", "lead", "sd",
];

/// The longest a case may run.
const TIME_LIMIT: Duration = Duration::from_secs(60);

/// A case of the catalogue.
#[derive(Clone, Debug, Default)]
struct Case {
    /// `command: description`, from the `==` line.
    name: String,
    /// Its line in the data file.
    line: usize,
    args: Vec<OsString>,
    stdin: Option<Vec<u8>>,
    files: Vec<(String, Vec<u8>)>,
    dirs: Vec<String>,
    status: i32,
    stderr: Vec<String>,
    stdout: Option<Vec<u8>>,
    stdout_as_stdin: Option<Vec<u8>>,
    stdout_as_args: Option<Vec<OsString>>,
    absent: Vec<String>,
    unchanged: Vec<String>,
    known_failure: Option<String>,
}

impl Case {
    /// The command the case runs (its first argument), or `(top level)` if that is not a
    /// command (no command, an unknown one, a flag before it).
    fn command(&self) -> &str {
        let first = self.args.first().and_then(|a| a.to_str()).unwrap_or("");
        COMMANDS
            .iter()
            .find(|&&c| c == first)
            .copied()
            .unwrap_or("(top level)")
    }
}

/// Undoes the escapes of a value: `\n`, `\r`, `\t`, `\\`, `\xHH` (any byte).
fn unescape(s: &str, line: usize) -> Vec<u8> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] != b'\\' {
            out.push(b[i]);
            i += 1;
            continue;
        }
        match b.get(i + 1) {
            Some(b'n') => out.push(b'\n'),
            Some(b'r') => out.push(b'\r'),
            Some(b't') => out.push(b'\t'),
            Some(b'\\') => out.push(b'\\'),
            Some(b'x') => {
                let hex = std::str::from_utf8(&b[i + 2..(i + 4).min(b.len())]).unwrap_or("");
                let byte = u8::from_str_radix(hex, 16)
                    .unwrap_or_else(|_| panic!("catalogue line {line}: bad escape \\x{hex}"));
                out.push(byte);
                i += 2;
            }
            _ => panic!("catalogue line {line}: unknown escape in {s:?}"),
        }
        i += 2;
    }
    out
}

/// Splits arguments into words: spaces separate, double quotes group (and are dropped),
/// escapes as [`unescape`] (so `\x22` is a quote kept in a word, `\xff` a byte that is
/// not UTF-8).
fn words(s: &str, line: usize) -> Vec<OsString> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut quoted = false;
    for c in s.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                in_word = true;
            }
            ' ' if !quoted => {
                if in_word {
                    out.push(std::mem::take(&mut word));
                }
                in_word = false;
            }
            _ => {
                word.push(c);
                in_word = true;
            }
        }
    }
    assert!(!quoted, "catalogue line {line}: unclosed quote in {s:?}");
    if in_word {
        out.push(word);
    }
    out.into_iter()
        .map(|w| OsString::from_vec(unescape(&w, line)))
        .collect()
}

/// Reads the catalogue.
fn parse(text: &str) -> Vec<Case> {
    let mut cases: Vec<Case> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        if raw.trim().is_empty() || raw.starts_with('#') {
            continue;
        }
        if let Some(name) = raw.strip_prefix("== ") {
            cases.push(Case {
                name: name.trim().to_string(),
                line,
                status: 2,
                ..Case::default()
            });
            continue;
        }
        let case = cases
            .last_mut()
            .unwrap_or_else(|| panic!("catalogue line {line}: a field before any case"));
        let (key, value) = raw
            .split_once(':')
            .unwrap_or_else(|| panic!("catalogue line {line}: not `key: value`: {raw:?}"));
        let value = value.strip_prefix(' ').unwrap_or(value);
        let mut key_words = key.split_whitespace();
        match (key_words.next().unwrap_or(""), key_words.next()) {
            ("args", None) => case.args = words(value, line),
            ("stdin", None) => case.stdin = Some(unescape(value, line)),
            ("file", Some(name)) => case.files.push((name.to_string(), unescape(value, line))),
            ("dir", None) => case.dirs.push(value.trim().to_string()),
            ("status", None) => {
                case.status = value
                    .trim()
                    .parse()
                    .unwrap_or_else(|_| panic!("catalogue line {line}: bad status"))
            }
            ("stderr", None) => case.stderr.push(value.to_string()),
            ("stdout", None) => case.stdout = Some(unescape(value, line)),
            ("stdout-as-stdin", None) => case.stdout_as_stdin = Some(unescape(value, line)),
            ("stdout-as-args", None) => case.stdout_as_args = Some(words(value, line)),
            ("absent", None) => case.absent.push(value.trim().to_string()),
            ("unchanged", None) => case.unchanged.push(value.trim().to_string()),
            ("known-failure", None) => case.known_failure = Some(value.to_string()),
            _ => panic!("catalogue line {line}: unknown field {key:?}"),
        }
    }
    cases
}

/// What a run of the binary gave.
#[derive(Debug)]
struct Run {
    status: Option<i32>,
    stdout: Vec<u8>,
    stderr: String,
}

/// Runs `ddsolve args` in `dir` with `stdin` (empty if `None`), within [`TIME_LIMIT`].
fn run(dir: &Path, args: &[OsString], stdin: Option<&[u8]>) -> Run {
    let args: Vec<OsString> = args.iter().map(|a| with_dir(a, dir)).collect();
    let mut child = Command::new(env!("CARGO_BIN_EXE_ddsolve"))
        .args(&args)
        .current_dir(dir)
        .env("RUST_BACKTRACE", "0")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("ddsolve starts");
    let input = stdin.unwrap_or_default().to_vec();
    let mut child_stdin = child.stdin.take().expect("stdin is piped");
    // A writer thread: the child may exit (or stop reading) before taking all of it.
    let writer = std::thread::spawn(move || {
        let _ = child_stdin.write_all(&input);
    });
    let mut out_pipe = child.stdout.take().expect("stdout is piped");
    let mut err_pipe = child.stderr.take().expect("stderr is piped");
    let out_reader = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = out_pipe.read_to_end(&mut v);
        v
    });
    let err_reader = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = err_pipe.read_to_end(&mut v);
        v
    });
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("waiting for ddsolve") {
            break status;
        }
        if start.elapsed() > TIME_LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            panic!("ddsolve {args:?} ran for more than {TIME_LIMIT:?}");
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let _ = writer.join();
    Run {
        status: status.code(),
        stdout: out_reader.join().expect("stdout read"),
        stderr: String::from_utf8_lossy(&err_reader.join().expect("stderr read")).into_owned(),
    }
}

/// `arg` with `{dir}` replaced by `dir`.
fn with_dir(arg: &OsStr, dir: &Path) -> OsString {
    let (b, d) = (arg.as_bytes(), dir.as_os_str().as_bytes());
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i..].starts_with(b"{dir}") {
            out.extend_from_slice(d);
            i += 5;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    OsString::from_vec(out)
}

/// Runs a case in a fresh directory; the problems found, empty if it passes.
fn check(case: &Case) -> Vec<String> {
    let tmp = tempfile::tempdir().expect("a temporary directory");
    let dir = tmp.path();
    for d in &case.dirs {
        std::fs::create_dir_all(dir.join(d)).expect("a directory");
    }
    for (name, content) in &case.files {
        std::fs::write(dir.join(name), content).expect("a case file");
    }
    let got = run(dir, &case.args, case.stdin.as_deref());
    let mut problems = Vec::new();
    if got.status != Some(case.status) {
        problems.push(format!(
            "exit status {:?}, expected {}",
            got.status, case.status
        ));
    }
    if got.stderr.contains("panicked") {
        problems.push("it panicked".to_string());
    }
    if case.status != 0 && got.stderr.trim().is_empty() {
        problems.push("nothing on stderr".to_string());
    }
    for want in &case.stderr {
        if !got.stderr.contains(want.as_str()) {
            problems.push(format!("stderr does not say {want:?}"));
        }
    }
    if !got.stdout.is_empty() && !got.stdout.ends_with(b"\n") {
        problems.push("stdout ends in the middle of a line".to_string());
    }
    // Files first: the good run of `stdout-as-*` may write some.
    for name in &case.absent {
        if dir.join(name).exists() {
            problems.push(format!("{name} was written"));
        }
    }
    for name in &case.unchanged {
        let before = case
            .files
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, c)| c.clone())
            .unwrap_or_else(|| panic!("case at line {}: unchanged {name} has no file", case.line));
        if std::fs::read(dir.join(name)).ok() != Some(before) {
            problems.push(format!("{name} was changed"));
        }
    }
    let leftovers: Vec<String> = std::fs::read_dir(dir)
        .expect("the case's directory")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(".ddsolve") || n.ends_with(".tmp"))
        .collect();
    if !leftovers.is_empty() {
        problems.push(format!("temporary files left: {leftovers:?}"));
    }
    let want_stdout = if case.stdout_as_stdin.is_some() || case.stdout_as_args.is_some() {
        let args = case.stdout_as_args.as_ref().unwrap_or(&case.args);
        let stdin = case.stdout_as_stdin.as_ref().or(case.stdin.as_ref());
        Some(good_run(dir, args, stdin.map(Vec::as_slice), &mut problems))
    } else {
        Some(case.stdout.clone().unwrap_or_default())
    };
    if let Some(want) = want_stdout {
        if got.stdout != want {
            problems.push(format!(
                "stdout is {:?}, expected {:?}",
                String::from_utf8_lossy(&got.stdout),
                String::from_utf8_lossy(&want)
            ));
        }
    }
    if !problems.is_empty() {
        problems.push(format!(
            "stderr was: {:?}",
            got.stderr.chars().take(600).collect::<String>()
        ));
    }
    problems
}

/// The stdout of a run that must succeed (status 0), for `stdout-as-*`.
fn good_run(
    dir: &Path,
    args: &[OsString],
    stdin: Option<&[u8]>,
    problems: &mut Vec<String>,
) -> Vec<u8> {
    let good = run(dir, args, stdin);
    if good.status != Some(0) {
        problems.push(format!(
            "the good run for comparison failed ({:?}): {}",
            good.status, good.stderr
        ));
    }
    good.stdout
}

fn catalogue() -> Vec<Case> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/catalogue.txt");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    parse(&text)
}

#[test]
fn the_catalogue() {
    let cases = catalogue();
    let mut per_command: BTreeMap<String, usize> = BTreeMap::new();
    let mut failures = Vec::new();
    let mut known = Vec::new();
    for case in &cases {
        *per_command.entry(case.command().to_string()).or_default() += 1;
        let problems = check(case);
        match (&case.known_failure, problems.is_empty()) {
            (None, true) => {}
            (None, false) => failures.push(format!(
                "line {} ({}): ddsolve {:?}\n    {}",
                case.line,
                case.name,
                case.args,
                problems.join("\n    ")
            )),
            (Some(why), false) => known.push(format!(
                "line {} ({}): {why}\n    {}",
                case.line,
                case.name,
                problems.join("\n    ")
            )),
            (Some(why), true) => failures.push(format!(
                "line {} ({}): marked known-failure ({why}) but passes: remove the mark",
                case.line, case.name
            )),
        }
    }
    println!("{} cases:", cases.len());
    for (command, n) in &per_command {
        println!("  {command}: {n}");
    }
    if !known.is_empty() {
        println!("{} known failures:\n{}", known.len(), known.join("\n"));
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases fail:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

/// Every command has cases, and the catalogue knows every command the binary has.
#[test]
fn the_catalogue_covers_every_command() {
    let cases = catalogue();
    for command in COMMANDS {
        let n = cases.iter().filter(|c| c.command() == command).count();
        assert!(n >= 8, "only {n} cases for {command}");
    }
    let help = Command::new(env!("CARGO_BIN_EXE_ddsolve"))
        .arg("--help")
        .output()
        .expect("ddsolve --help runs");
    let help = String::from_utf8_lossy(&help.stdout);
    // clap's help: a line `Commands:`, then one indented line a command (`  name  what`),
    // then a blank line.
    let listed: Vec<&str> = help
        .lines()
        .skip_while(|l| l.trim() != "Commands:")
        .skip(1)
        .take_while(|l| l.starts_with(' ') && !l.trim().is_empty())
        .filter_map(|l| l.split_whitespace().next())
        .filter(|&c| c != "help")
        .collect();
    assert!(!listed.is_empty(), "no commands in --help: {help}");
    for command in &listed {
        assert!(
            COMMANDS.contains(command),
            "`ddsolve {command}` has no place in the catalogue"
        );
    }
    for command in COMMANDS {
        assert!(
            listed.contains(&command),
            "`ddsolve {command}` is not in --help: {help}"
        );
    }
}

#[test]
fn the_format_reads_as_documented() {
    assert_eq!(unescape(r"a\tb\n\x00\xff\\", 1), b"a\tb\n\x00\xff\\");
    assert_eq!(
        words(r#"table "N:A.. B" --x \x22q\x22 \xff"#, 1),
        [
            OsString::from("table"),
            OsString::from("N:A.. B"),
            OsString::from("--x"),
            OsString::from("\"q\""),
            OsString::from_vec(vec![0xff]),
        ]
    );
    let cases = parse("# c\n== t: one\nargs: table x\nstdin: a\\nb\nstatus: 0\nfile f.pbn: [\nknown-failure: why\n");
    assert_eq!(cases.len(), 1);
    assert_eq!(cases[0].args, ["table", "x"]);
    assert_eq!(cases[0].stdin.as_deref(), Some(&b"a\nb"[..]));
    assert_eq!(cases[0].status, 0);
    assert_eq!(cases[0].files, [("f.pbn".to_string(), b"[".to_vec())]);
    assert!(cases[0].known_failure.is_some());
}

// ---------------------------------------------------------------------------------------
// Files and streams (issue 29): what the data file cannot state.

/// The deal of list10's first entry, and its annotation as a PBN board.
const DEAL: &str = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3";

fn board() -> String {
    format!("[Board \"1\"]\n[Deal \"{DEAL}\"]\n")
}

fn ddsolve() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_ddsolve"));
    cmd.env("RUST_BACKTRACE", "0");
    cmd
}

/// Runs `script` with bash in `dir`, `$DDSOLVE` naming the binary.
fn bash(dir: &Path, script: &str) -> std::process::Output {
    Command::new("bash")
        .args(["-c", script])
        .current_dir(dir)
        .env("DDSOLVE", env!("CARGO_BIN_EXE_ddsolve"))
        .env("RUST_BACKTRACE", "0")
        // `script -c` runs its command in `$SHELL`; CI may have none, or `sh`, which has no
        // `<(...)`.
        .env("SHELL", "bash")
        .stdin(Stdio::null())
        .output()
        .expect("bash runs")
}

fn mode(path: &Path) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path)
        .expect("the file")
        .permissions()
        .mode()
        & 0o7777
}

fn leftovers(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .expect("the directory")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(".ddsolve") || n.ends_with(".tmp"))
        .collect()
}

/// `annotate -o` and `--in-place` keep the mode of the file they replace (0644 and 0664
/// came back 0600), and a new file gets the mode the umask gives.
#[test]
fn annotate_keeps_the_mode_of_the_file_it_replaces() {
    use std::os::unix::fs::PermissionsExt;
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    for (name, m) in [("a.pbn", 0o644), ("b.pbn", 0o664), ("c.pbn", 0o640)] {
        let path = dir.join(name);
        std::fs::write(&path, board()).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(m)).unwrap();
        let out = ddsolve()
            .args(["annotate", "--in-place"])
            .arg(&path)
            .output()
            .unwrap();
        assert!(out.status.success(), "{out:?}");
        assert_eq!(mode(&path), m, "{name} after --in-place");
        assert!(std::fs::read_to_string(&path)
            .unwrap()
            .contains("[ParContract"));
    }
    let out = bash(
        dir,
        "umask 027; \"$DDSOLVE\" annotate a.pbn -o new.pbn && umask 002 && \"$DDSOLVE\" annotate a.pbn -o new2.pbn",
    );
    assert!(out.status.success(), "{out:?}");
    assert_eq!(
        mode(&dir.join("new.pbn")),
        0o640,
        "a new file under umask 027"
    );
    assert_eq!(
        mode(&dir.join("new2.pbn")),
        0o664,
        "a new file under umask 002"
    );
    assert_eq!(leftovers(dir), Vec::<String>::new());
}

/// `-o LINK` replaces the file the link points to, and the link stays a link.
#[test]
fn annotate_follows_a_symlink_and_replaces_its_target() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    std::fs::create_dir(dir.join("real")).unwrap();
    std::fs::write(dir.join("in.pbn"), board()).unwrap();
    std::fs::write(dir.join("real/out.pbn"), "old\n").unwrap();
    std::os::unix::fs::symlink("real/out.pbn", dir.join("link.pbn")).unwrap();
    let out = ddsolve()
        .current_dir(dir)
        .args(["annotate", "in.pbn", "-o", "link.pbn"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let link = std::fs::symlink_metadata(dir.join("link.pbn")).unwrap();
    assert!(
        link.file_type().is_symlink(),
        "the link became a regular file"
    );
    let target = std::fs::read_to_string(dir.join("real/out.pbn")).unwrap();
    assert!(target.contains("[ParContract \"EW 2S\"]"), "{target}");
    assert_eq!(leftovers(dir), Vec::<String>::new());
    assert_eq!(leftovers(&dir.join("real")), Vec::<String>::new());
}

/// A FIFO (or any file that is not a regular file) is written into, not replaced.
#[test]
fn annotate_writes_into_a_fifo() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    std::fs::write(dir.join("in.pbn"), board()).unwrap();
    let out = bash(
        dir,
        "mkfifo pipe && { cat pipe > got.txt & } && \"$DDSOLVE\" annotate in.pbn -o pipe && wait && test -p pipe",
    );
    assert!(out.status.success(), "{out:?}");
    let got = std::fs::read_to_string(dir.join("got.txt")).unwrap();
    assert!(got.contains("[ParContract \"EW 2S\"]"), "{got:?}");
    assert_eq!(leftovers(dir), Vec::<String>::new());
}

/// `-o /dev/stdout` writes to standard output (a pipe here) and `-o /dev/null` into the
/// device: no rename over either.
#[test]
fn annotate_writes_into_dev_stdout_and_dev_null() {
    let link = std::fs::symlink_metadata("/dev/stdout").expect("/dev/stdout exists");
    assert!(
        link.file_type().is_symlink(),
        "/dev/stdout is not the usual link"
    );
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    std::fs::write(dir.join("in.pbn"), board()).unwrap();
    let out = ddsolve()
        .current_dir(dir)
        .args(["annotate", "in.pbn", "-o", "/dev/stdout"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stdout).contains("[OptimumScore \"EW 110\"]"));
    let out = ddsolve()
        .current_dir(dir)
        .args(["annotate", "in.pbn", "-o", "/dev/null"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let null = std::fs::metadata("/dev/null").unwrap();
    assert!(!null.is_file(), "/dev/null became a regular file");
}

/// A temporary file left by a process that died (SIGKILL) is removed by the next run that
/// writes into the same folder; one of a live process is not.
#[test]
fn a_dead_process_s_temporary_file_is_cleaned_up() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    std::fs::write(dir.join("in.pbn"), board()).unwrap();
    // No process has this number (above the kernel's pid_max).
    let stale = ".ddsolve-4194399-x1y2z3.tmp";
    let live = format!(".ddsolve-{}-a1b2c3.tmp", std::process::id());
    std::fs::write(dir.join(stale), "half a file").unwrap();
    std::fs::write(dir.join(&live), "being written").unwrap();
    let out = ddsolve()
        .current_dir(dir)
        .args(["annotate", "in.pbn", "-o", "out.pbn"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    assert!(
        !dir.join(stale).exists(),
        "the dead process's file is still there"
    );
    assert!(
        dir.join(&live).exists(),
        "a live process's file was removed"
    );
}

/// Standard output on `/dev/null` opened read-write, as Python's `subprocess.DEVNULL` and a
/// shell's `1<>/dev/null` give it, is an output like any other: the run succeeds.
#[test]
fn a_read_write_dev_null_is_an_output() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    std::fs::write(dir.join("deals.txt"), format!("{DEAL}\n")).unwrap();
    let out = bash(dir, "\"$DDSOLVE\" table deals.txt 1<>/dev/null");
    assert!(out.status.success(), "{out:?}");
    assert!(out.stderr.is_empty(), "{out:?}");
    // The same from a program that hands the child a read-write /dev/null.
    let null = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open("/dev/null")
        .unwrap();
    let out = ddsolve()
        .current_dir(dir)
        .args(["table", "deals.txt"])
        .stdout(null)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
}

/// A closed standard output (`>&-`) is an error, exit status 2 with "standard output is
/// closed", for every command that prints; a command that writes a file (`annotate -o`)
/// needs no standard output and succeeds.
#[test]
fn a_closed_stdout_is_an_error() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    std::fs::write(dir.join("deals.txt"), format!("{DEAL}\n")).unwrap();
    for script in [
        "\"$DDSOLVE\" table deals.txt >&-",
        "\"$DDSOLVE\" par deals.txt >&-",
        "\"$DDSOLVE\" table --format json deals.txt 1>&-",
        "exec 1>&-; \"$DDSOLVE\" solve --trump N --leader W \"$(cat deals.txt)\"",
    ] {
        let out = bash(dir, script);
        assert_eq!(out.status.code(), Some(2), "{script}: {out:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("standard output is closed"), "{script}: {err}");
    }
    std::fs::write(dir.join("in.pbn"), board()).unwrap();
    let out = bash(dir, "\"$DDSOLVE\" annotate in.pbn -o out.pbn >&-");
    assert!(out.status.success(), "{out:?}");
    assert!(out.stderr.is_empty(), "{out:?}");
    assert!(std::fs::read_to_string(dir.join("out.pbn"))
        .unwrap()
        .contains("[DoubleDummyTricks"));
}

/// Standard output on `/dev/null` opened write-only (a shell's `>/dev/null`) is an output
/// like any other.
#[test]
fn a_write_only_dev_null_is_an_output() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    std::fs::write(dir.join("deals.txt"), format!("{DEAL}\n")).unwrap();
    let out = bash(dir, "\"$DDSOLVE\" table deals.txt >/dev/null");
    assert!(out.status.success(), "{out:?}");
    assert!(out.stderr.is_empty(), "{out:?}");
}

/// A full disk (`/dev/full`) is an error with a message, for stdout and for `-o`.
#[test]
fn a_full_disk_is_an_error() {
    use std::os::unix::fs::FileTypeExt;
    let full = std::fs::metadata("/dev/full").expect("/dev/full exists");
    assert!(
        full.file_type().is_char_device(),
        "/dev/full is not the device"
    );
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    std::fs::write(dir.join("deals.txt"), format!("{DEAL}\n")).unwrap();
    let out = bash(dir, "\"$DDSOLVE\" table deals.txt > /dev/full");
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("No space left"), "{err}");
    std::fs::write(dir.join("in.pbn"), board()).unwrap();
    let out = bash(dir, "\"$DDSOLVE\" annotate in.pbn -o /dev/full");
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("/dev/full") && err.contains("No space left"),
        "{err}"
    );
}

/// A reader that goes away (`| head -n 1`) ends the run quietly, exit status 0.
#[test]
fn a_broken_pipe_ends_quietly() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let deals = "N:A.K.. Q.J.. T.9.. 8.7..\n".repeat(20_000);
    std::fs::write(dir.join("deals.txt"), deals).unwrap();
    let out = bash(
        dir,
        "\"$DDSOLVE\" table --format tsv deals.txt 2>err.txt | head -n 1 >/dev/null; echo ${PIPESTATUS[0]}",
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "0");
    assert_eq!(std::fs::read_to_string(dir.join("err.txt")).unwrap(), "");
}

/// A pipe given as FILE (`<(generator)`) is read once, even when stderr is a terminal and
/// the progress bar would like to count the deals first.
#[test]
fn a_pipe_given_as_file_is_read_once() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let script = format!(
        "script -qec '\"$DDSOLVE\" table --format tsv <(echo \"{DEAL}\") > out.txt' /dev/null"
    );
    let out = bash(dir, &script);
    assert!(out.status.success(), "{out:?}");
    let got = std::fs::read_to_string(dir.join("out.txt")).unwrap();
    assert!(got.starts_with(DEAL), "{got:?}; stdout of script: {out:?}");
}

/// A line without end (`/dev/zero`) stops at the line limit with a message, instead of
/// growing until the allocator gives up.
#[test]
fn a_line_longer_than_the_limit_is_an_error() {
    let out = ddsolve()
        .args(["table", "/dev/zero"])
        .stdout(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("/dev/zero, line 1"), "{err}");
    assert!(err.contains("--max-line-bytes"), "{err}");
}

/// A bad line of 10 MB is quoted in a few dozen characters, not echoed whole.
#[test]
fn a_long_bad_line_is_quoted_short() {
    let line = format!("N:{}\n", "Q".repeat(2_000_000));
    let mut child = ddsolve()
        .args(["table", "--max-line-bytes", "4000000"])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(line.as_bytes());
    });
    let out = child.wait_with_output().unwrap();
    let _ = writer.join();
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(
        out.stderr.len() < 600,
        "{} bytes of stderr",
        out.stderr.len()
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("stdin, line 1"), "{err}");
}
