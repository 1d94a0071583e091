//! Every console example of the README and of `docs/` runs, and prints what the text says.
//!
//! A ```` ```console ```` block holds commands (`$ ` lines; a line ending in `\` goes on to
//! the next) each followed by its expected stdout. The commands run in `bash` (pipefail on)
//! in a fresh folder holding `docs/examples/*` and a link `crates` to the repository's
//! crates, with the `ddsolve` built for these tests first on the `PATH`; `cargo run
//! --release -p ddsolve-cli --` runs it too. A command that names `localhost:8080` runs
//! against a `ddsolve serve` the test starts on a free port. Each must exit 0 and print
//! exactly its expected lines, where `[..]` in a line stands for any text (times, a core
//! count) and a line `...` for any number of lines. Blocks of other languages (`sh` for the
//! commands a test cannot run, such as the build itself) are not run.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

/// The repository's root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A command of a console block and what it must print.
#[derive(Debug)]
struct Example {
    /// `file:line` of its `$ `.
    place: String,
    command: String,
    expected: Vec<String>,
}

/// The console examples of a Markdown text.
fn examples(name: &str, text: &str) -> Vec<Example> {
    let mut out: Vec<Example> = Vec::new();
    let mut in_console = false;
    let mut continued = false;
    for (i, line) in text.lines().enumerate() {
        if line.starts_with("```") {
            in_console = !in_console && line.trim() == "```console";
            continued = false;
            continue;
        }
        if !in_console {
            continue;
        }
        if continued {
            let last = out.last_mut().expect("a command goes on");
            last.command.push('\n');
            last.command.push_str(line);
            continued = line.ends_with('\\');
        } else if let Some(command) = line.strip_prefix("$ ") {
            out.push(Example {
                place: format!("{name}:{}", i + 1),
                command: command.to_string(),
                expected: Vec::new(),
            });
            continued = line.ends_with('\\');
        } else {
            let last = out
                .last_mut()
                .unwrap_or_else(|| panic!("{name}:{}: output before any command", i + 1));
            last.expected.push(line.to_string());
        }
    }
    out
}

/// Does `line` match the pattern `want` (`[..]` any text)?
fn line_matches(want: &str, line: &str) -> bool {
    let mut parts = want.split("[..]");
    let first = parts.next().unwrap_or("");
    let Some(mut rest) = line.strip_prefix(first) else {
        return false;
    };
    let parts: Vec<&str> = parts.collect();
    for (k, part) in parts.iter().enumerate() {
        if k + 1 == parts.len() {
            return rest.ends_with(part);
        }
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    rest.is_empty()
}

/// Do the lines `got` match the patterns `want` (a line `...` any number of lines)?
fn lines_match(want: &[String], got: &[&str]) -> bool {
    match want.split_first() {
        None => got.is_empty(),
        Some((w, rest)) if w == "..." => (0..=got.len()).any(|k| lines_match(rest, &got[k..])),
        Some((w, rest)) => {
            got.first().is_some_and(|g| line_matches(w, g)) && lines_match(rest, &got[1..])
        }
    }
}

/// `ddsolve serve` on a free port, stopped when dropped.
struct Server {
    child: Child,
    addr: String,
}

impl Server {
    fn start() -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_ddsolve"))
            .args([
                "serve",
                "--addr",
                "127.0.0.1:0",
                "--threads",
                "2",
                "--queue",
                "8",
            ])
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("ddsolve serve runs");
        let stderr = child.stderr.take().unwrap();
        let mut lines = BufReader::new(stderr).lines();
        let addr = lines
            .by_ref()
            .map_while(Result::ok)
            .find_map(|l| {
                let rest = l.split("serving on http://").nth(1)?;
                Some(rest.split('/').next()?.to_string())
            })
            .expect("ddsolve serve says where it serves");
        // The rest of its log is not read: drain it so that the server never blocks on it.
        std::thread::spawn(move || lines.for_each(drop));
        Server { child, addr }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn every_console_example_prints_what_the_docs_say() {
    let mut files = vec![root().join("README.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .expect("the docs folder")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    files.extend(docs);

    let dir = tempfile::tempdir().unwrap();
    for entry in std::fs::read_dir(root().join("docs/examples")).expect("docs/examples") {
        let path = entry.unwrap().path();
        std::fs::copy(&path, dir.path().join(path.file_name().unwrap())).unwrap();
    }
    std::os::unix::fs::symlink(root().join("crates"), dir.path().join("crates")).unwrap();
    let bin_dir = Path::new(env!("CARGO_BIN_EXE_ddsolve")).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );

    let mut server: Option<Server> = None;
    let mut count = 0;
    let mut failures = Vec::new();
    for file in &files {
        let name = file
            .strip_prefix(root())
            .unwrap_or(file)
            .display()
            .to_string();
        let text = std::fs::read_to_string(file).unwrap();
        for example in examples(&name, &text) {
            count += 1;
            let mut command = example
                .command
                .replace("cargo run --release -p ddsolve-cli --", "ddsolve");
            if command.contains("localhost:8080") {
                let s = server.get_or_insert_with(Server::start);
                command = command.replace("localhost:8080", &s.addr);
            }
            let o = Command::new("bash")
                .args(["-o", "pipefail", "-c", &command])
                .current_dir(dir.path())
                .env("PATH", &path)
                .env_remove("RUST_LOG")
                .stdin(Stdio::null())
                .output()
                .expect("bash runs");
            let stdout = String::from_utf8_lossy(&o.stdout);
            let got: Vec<&str> = stdout.lines().collect();
            if !o.status.success() || !lines_match(&example.expected, &got) {
                failures.push(format!(
                    "{}: $ {}\nexit status {:?}\n--- expected\n{}\n--- got\n{stdout}--- stderr\n{}",
                    example.place,
                    example.command,
                    o.status.code(),
                    example.expected.join("\n"),
                    String::from_utf8_lossy(&o.stderr)
                ));
            }
        }
    }
    assert!(count >= 10, "only {count} console examples found");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn patterns() {
    assert!(line_matches("a [..] c", "a b c"));
    assert!(line_matches("a[..]", "a"));
    assert!(!line_matches("a[..]c", "ab"));
    assert!(line_matches("x", "x"));
    let want: Vec<String> = ["1", "...", "4"].map(String::from).to_vec();
    assert!(lines_match(&want, &["1", "2", "3", "4"]));
    assert!(lines_match(&want, &["1", "4"]));
    assert!(!lines_match(&want, &["1", "2"]));
}
