//! Debian's `dealer` as the oracle: every example script it ships
//! (`/usr/share/doc/dealer/examples/Descr.*`) run by `/usr/games/dealer -s SEED` and by us
//! with dealer's generator, for seeds 1, 2 and 77, must print the same bytes (the
//! "Time needed" line aside; `[Date]` is today's in both, masked against midnight).
//!
//! CI installs `dealer`; without it this test fails, it does not skip.

use ddsolve_deal::gen::RngKind;
use ddsolve_deal::{Options, Script};
use std::path::Path;
use std::process::Command;

const DEALER: &str = "/usr/games/dealer";
const EXAMPLES: &str = "/usr/share/doc/dealer/examples";
/// Deals generated at most per run (the examples ask for up to ten million).
const GENERATE: u64 = 20_000;

fn normalize(s: &str) -> String {
    s.lines()
        .filter(|l| !l.starts_with("Time needed"))
        .map(|l| {
            if l.starts_with("[Date \"") {
                "[Date]"
            } else {
                l
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn ours(name: &str, text: &str, seed: u64) -> String {
    let script = Script::parse(text).unwrap_or_else(|e| panic!("{name}:{e}"));
    let opts = Options {
        seed: Some(seed),
        generate: Some(GENERATE),
        rng: RngKind::Dealer,
        input_name: name.to_string(),
        ..Options::default()
    };
    let mut out = Vec::new();
    script
        .run(&opts, &mut out)
        .unwrap_or_else(|e| panic!("{name}:{e}"));
    String::from_utf8(out).expect("our output is UTF-8")
}

fn theirs(name: &str, seed: u64) -> String {
    let out = Command::new(DEALER)
        .current_dir(EXAMPLES)
        .args(["-s", &seed.to_string(), "-g", &GENERATE.to_string(), name])
        .output()
        .expect("running dealer");
    assert!(out.status.success(), "dealer failed on {name}");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn every_example_matches_debians_dealer_byte_for_byte() {
    assert!(
        Path::new(DEALER).exists(),
        "{DEALER} is missing: install Debian's dealer (apt-get install dealer)"
    );
    let mut names: Vec<String> = std::fs::read_dir(EXAMPLES)
        .expect("dealer's examples")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("Descr."))
        .collect();
    names.sort();
    assert!(
        names.len() >= 15,
        "dealer's examples are missing: {names:?}"
    );
    let mut failures = Vec::new();
    for name in &names {
        let text = std::fs::read_to_string(Path::new(EXAMPLES).join(name)).expect("an example");
        for seed in [1, 2, 77] {
            let a = normalize(&theirs(name, seed));
            let b = normalize(&ours(name, &text, seed));
            if a != b {
                let line = a
                    .lines()
                    .zip(b.lines())
                    .position(|(x, y)| x != y)
                    .unwrap_or(a.lines().count().min(b.lines().count()));
                failures.push(format!(
                    "{name} seed {seed}: first difference at line {}:\n dealer: {:?}\n ours:   {:?}",
                    line + 1,
                    a.lines().nth(line),
                    b.lines().nth(line)
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
