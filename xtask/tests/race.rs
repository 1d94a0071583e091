//! `cargo xtask race` with stand-ins for both solvers (shell scripts that print fixed
//! tables and log what they were given): which deals are raced, in which order the two
//! run, how their tables are read and compared, timeouts, and the errors. Timings are
//! printed, never checked.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const DEALS: &str = "\
N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3
# a comment, and the first deal again with a tsv tail
N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3\t5\t8
\"N:AK96.KQ8.A98.K63 QJT5432.T.6.QJ82 .J97543.K7532.94 87.A62.QJT4.AT75\"
N:5.AJ732.T96.7652 AT762.6.KJ.KJT84 KQ943.KQ95.85.93 J8.T84.AQ7432.AQ
";

/// A stand-in ddsolve: logs `dd` and the deal it read, prints a fixed table (spades to
/// notrump, each N 5, E 8, S 5, W 8).
const FAKE_DDSOLVE: &str = r#"#!/bin/sh
read -r deal
echo "dd $deal" >> "$LOG"
printf '%s' "$deal"
for s in S H D C N; do printf '\t5\t8\t5\t8'; done
echo
"#;

/// A stand-in bridge-solver: logs `bs` and its file's first line, prints the same table in
/// its own layout (South, North, West, East), but another notrump line for the deal whose
/// North holds `AK96 KQ8 A98 K63`.
const FAKE_BRIDGE_SOLVER: &str = r#"#!/bin/sh
[ "$1" = "-f" ] || { echo "usage: solver -f FILE" >&2; exit 2; }
north=$(head -n 1 "$2")
echo "bs $north" >> "$LOG"
echo "                          some diagram"
if [ "$north" = "AK96 KQ8 A98 K63" ]; then echo "N  6  6  7  7  0.01 s  1.0 M"
else echo "N  5  5  8  8  0.01 s  1.0 M"; fi
for s in S H D C; do echo "$s  5  5  8  8  0.02 s  1.0 M"; done
"#;

/// A folder with the stand-ins, a log, and the deals file.
struct Setup {
    dir: tempfile::TempDir,
}

impl Setup {
    fn new(bridge_solver: &str) -> Setup {
        let dir = tempfile::tempdir().unwrap();
        for (name, text) in [("ddsolve", FAKE_DDSOLVE), ("solver", bridge_solver)] {
            let path = dir.path().join(name);
            std::fs::write(&path, text).unwrap();
            make_executable(&path);
        }
        std::fs::write(dir.path().join("deals.pbn"), DEALS).unwrap();
        Setup { dir }
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    /// `xtask race` with the stand-ins and `args`.
    fn race(&self, args: &[&str]) -> Output {
        Command::new(env!("CARGO_BIN_EXE_xtask"))
            .arg("race")
            .arg("--bridge-solver")
            .arg(self.path("solver"))
            .arg("--ddsolve")
            .arg(self.path("ddsolve"))
            .args(args)
            .env("LOG", self.path("log"))
            .output()
            .unwrap()
    }

    fn log(&self) -> Vec<String> {
        std::fs::read_to_string(self.path("log"))
            .unwrap_or_default()
            .lines()
            .map(str::to_string)
            .collect()
    }
}

fn make_executable(path: &Path) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).unwrap();
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[test]
fn a_file_is_raced_deal_by_deal_alternating_and_tables_compared() {
    let s = Setup::new(FAKE_BRIDGE_SOLVER);
    let deals = s.path("deals.pbn");
    let out = s.race(&[deals.to_str().unwrap()]);
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{}{stdout}", text(&out.stderr));
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(
        lines[0],
        "3 deals (deals.pbn: 4; 1 repeated, raced once): full tables, single thread, one \
         process per deal and solver, alternating"
    );
    assert!(lines[1].starts_with("  ddsolve        total ") && lines[1].ends_with("timeouts 0"));
    assert!(lines[2].starts_with("  bridge-solver  total ") && lines[2].ends_with("timeouts 0"));
    assert!(
        lines[3].starts_with("ratio ddsolve/bridge-solver: total ")
            && lines[3].ends_with("(3 deals both finished)"),
        "{stdout}"
    );
    assert_eq!(
        lines[4],
        "tables: 1 of 3 deals DIFFER (slot ddsolve vs bridge-solver):"
    );
    assert_eq!(
        lines[5],
        "  #2 N:AK96.KQ8.A98.K63 QJT5432.T.6.QJ82 .J97543.K7532.94 87.A62.QJT4.AT75: \
         NT/N 5 vs 6, NT/E 8 vs 7, NT/S 5 vs 6, NT/W 8 vs 7"
    );
    assert!(lines[6].starts_with("deals over 2x bridge-solver's time: "));
    // One process each per deal, ddsolve first on the first deal, then in turn.
    assert_eq!(
        s.log(),
        [
            "dd N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3",
            "bs QJ6 K652 J85 T98",
            "bs AK96 KQ8 A98 K63",
            "dd N:AK96.KQ8.A98.K63 QJT5432.T.6.QJ82 .J97543.K7532.94 87.A62.QJT4.AT75",
            "dd N:5.AJ732.T96.7652 AT762.6.KJ.KJT84 KQ943.KQ95.85.93 J8.T84.AQ7432.AQ",
            "bs 5 AJ732 T96 7652",
        ]
    );
}

#[test]
fn without_deals_list100_then_seeded_deals() {
    let s = Setup::new(FAKE_BRIDGE_SOLVER);
    let out = s.race(&["--limit", "2"]);
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        stdout.starts_with("2 deals (list100.txt: 100; uniform seed 1: 100; the first 2): "),
        "{stdout}"
    );
    assert!(stdout.contains("\ntables: 1 of 2 deals DIFFER"), "{stdout}");

    // A kind alone: the deals of `xtask deals` with the same options.
    std::fs::remove_file(s.path("log")).unwrap();
    let out = s.race(&[
        "--kind", "freak", "--voids", "6", "--count", "2", "--seed", "3",
    ]);
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        stdout.starts_with("2 deals (freak (6 voids) seed 3: 2): "),
        "{stdout}"
    );
    let deals = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args([
            "deals", "--kind", "freak", "--voids", "6", "--count", "2", "--seed", "3",
        ])
        .output()
        .unwrap();
    let raced: Vec<String> = s
        .log()
        .iter()
        .filter_map(|l| l.strip_prefix("dd ").map(str::to_string))
        .collect();
    assert_eq!(raced, text(&deals.stdout).lines().collect::<Vec<_>>());
}

#[test]
fn a_process_over_the_time_limit_is_a_timeout() {
    let slow = FAKE_BRIDGE_SOLVER.replace("north=", "exec sleep 30; north=");
    let s = Setup::new(&slow);
    let deals = s.path("deals.pbn");
    let out = s.race(&[deals.to_str().unwrap(), "--limit", "1", "--timeout", "0.2"]);
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let bs = stdout.lines().nth(2).unwrap();
    assert!(
        bs.contains("slowest #1 timeout") && bs.ends_with("timeouts 1"),
        "{stdout}"
    );
    assert!(
        stdout.ends_with("no deal finished by both: no ratio\n"),
        "{stdout}"
    );
}

#[test]
fn errors_name_the_solver_the_deal_or_the_line() {
    let failing =
        FAKE_BRIDGE_SOLVER.replace("north=", "echo 'cannot read the deal' >&2; exit 3; north=");
    let s = Setup::new(&failing);
    let deals = s.path("deals.pbn");
    let out = s.race(&[deals.to_str().unwrap()]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("deal #1 N:QJ6.K652.J85.T98")
            && stderr.contains("bridge-solver (")
            && stderr.contains("exit status: 3")
            && stderr.contains("cannot read the deal"),
        "{stderr}"
    );
    assert!(out.stdout.is_empty());

    let s = Setup::new(FAKE_BRIDGE_SOLVER);
    std::fs::write(s.path("bad.pbn"), "N:QJ6.K652.J85.T98 873.J97.AT764.Q4\n").unwrap();
    let out = s.race(&[s.path("bad.pbn").to_str().unwrap()]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr.contains("bad.pbn, line 1"), "{stderr}");

    let out = s.race(&[s.path("missing.pbn").to_str().unwrap()]);
    assert!(text(&out.stderr).contains("missing.pbn: "));

    let out = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(["race", "--limit", "1"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "clap's usage error");
    assert!(text(&out.stderr).contains("--bridge-solver"));
}
