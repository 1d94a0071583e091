//! DDS's regression files through our libdds, from C: `tests/c/regress.c`, built against
//! DDS's own header (Debian's libdds-dev) and linked with our library (checked with `ldd`),
//! runs list100.txt (and list1000.txt when the shared data folder has it) through
//! `SolveAllChunksPBN`, `CalcAllTablesPBN` (with and without its par), `Par`, `DealerPar`,
//! `SidesPar`, `SidesParBin`, `ConvertToSidesTextFormat` and `AnalyseAllPlaysPBN`; every
//! answer is compared with the file's `FUT`, `TABLE`, `PAR`, `PAR2` and `TRACE` lines.

mod common;

use common::{run, CBuild, Header};
use ddsolve_formats::dds_file::Entry;
use ddsolve_testkit::data;
use std::collections::BTreeMap;
use std::path::Path;

/// The program's lines of one tag, by entry number (from 1): the text after the tag.
fn lines_of<'a>(output: &'a str, tag: &str) -> BTreeMap<usize, &'a str> {
    output
        .lines()
        .filter_map(|l| {
            let (n, rest) = l.split_once(' ')?;
            let (t, rest) = rest.split_once(' ')?;
            (t == tag).then(|| (n.parse().expect("an entry number"), rest))
        })
        .collect()
}

fn numbers(text: &str) -> Vec<i64> {
    text.split_whitespace()
        .map(|x| x.parse().expect("a number"))
        .collect()
}

fn quoted(text: &str) -> Vec<String> {
    text.split('"')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

/// Compares the program's output with the file's entries; the list of differences.
fn differences(entries: &[Entry], output: &str) -> Vec<String> {
    let mut diffs = Vec::new();
    let fut = lines_of(output, "FUT");
    let table = lines_of(output, "TABLE");
    let par = lines_of(output, "PAR");
    let par2 = lines_of(output, "PAR2");
    let trace = lines_of(output, "TRACE");
    let mut check = |n: usize, what: &str, ok: bool, got: &str| {
        if !ok {
            diffs.push(format!("entry {n} {what}: got {got}"));
        }
    };
    for (i, e) in entries.iter().enumerate() {
        let n = i + 1;
        if let Some(want) = &e.fut {
            let got = numbers(fut.get(&n).copied().unwrap_or(""));
            let k = got.first().copied().unwrap_or(-1) as usize;
            let mut got_cards: Vec<(i64, i64, i64, i64)> = (0..k.min(13))
                .map(|j| {
                    (
                        got[1 + j],
                        got[1 + k + j],
                        got[1 + 2 * k + j],
                        got[1 + 3 * k + j],
                    )
                })
                .collect();
            let mut want_cards: Vec<(i64, i64, i64, i64)> = want
                .iter()
                .map(|c| {
                    (
                        c.card.suit().index() as i64,
                        i64::from(c.card.rank().get()),
                        i64::from(c.equals.bits()),
                        i64::from(c.score),
                    )
                })
                .collect();
            got_cards.sort_unstable();
            want_cards.sort_unstable();
            check(
                n,
                "FUT",
                got.len() == 1 + 4 * k && got_cards == want_cards,
                fut.get(&n).unwrap_or(&""),
            );
        }
        if let Some(want) = &e.table {
            let got = numbers(table.get(&n).copied().unwrap_or(""));
            let want: Vec<i64> = want.iter().map(|&t| i64::from(t)).collect();
            check(n, "TABLE", got == want, table.get(&n).unwrap_or(&""));
        }
        if let Some(want) = &e.par {
            let got = quoted(par.get(&n).copied().unwrap_or(""));
            let want = [
                &want.ns_score,
                &want.ew_score,
                &want.ns_contracts,
                &want.ew_contracts,
            ];
            check(n, "PAR", got.iter().eq(want), par.get(&n).unwrap_or(&""));
        }
        if let Some(want) = &e.par2 {
            let got = quoted(par2.get(&n).copied().unwrap_or(""));
            let want: Vec<&String> = std::iter::once(&want.score)
                .chain(&want.contracts)
                .collect();
            check(n, "PAR2", got.iter().eq(want), par2.get(&n).unwrap_or(&""));
        }
        if let (Some(_), Some(want)) = (&e.play, &e.trace) {
            let got = numbers(trace.get(&n).copied().unwrap_or(""));
            let want: Vec<i64> = std::iter::once(want.len() as i64)
                .chain(want.iter().map(|&t| i64::from(t)))
                .collect();
            check(n, "TRACE", got == want, trace.get(&n).unwrap_or(&""));
        }
    }
    diffs.extend(sides_par_differences(entries.len(), output));
    diffs
}

/// `SidesPar` has no line in DDS's files; DDS computes it from `DealerPar` with each seat
/// dealing (DP0..DP3 in the output). Each side's score is its better one of its two seats
/// dealing, and its contracts are among theirs.
fn sides_par_differences(count: usize, output: &str) -> Vec<String> {
    let dp: Vec<BTreeMap<usize, &str>> = (0..4)
        .map(|d| lines_of(output, &format!("DP{d}")))
        .collect();
    let sides = [lines_of(output, "SIDES0"), lines_of(output, "SIDES1")];
    let mut diffs = Vec::new();
    for n in 1..=count {
        for (i, side) in sides.iter().enumerate() {
            let got = quoted(side.get(&n).copied().unwrap_or(""));
            let dealers: Vec<Vec<String>> = [i, i + 2]
                .iter()
                .map(|&d| quoted(dp[d].get(&n).copied().unwrap_or("")))
                .collect();
            let score = |v: &Vec<String>| v.first().and_then(|s| s.parse::<i64>().ok());
            let (Some(a), Some(b)) = (score(&dealers[0]), score(&dealers[1])) else {
                diffs.push(format!("entry {n}: no DealerPar lines"));
                continue;
            };
            // North-South want the higher North-South score, East-West the lower.
            let want_score = if i == 0 { a.max(b) } else { -a.min(b) };
            let want_score = if dealers[0].get(1).map(String::as_str) == Some("pass") {
                0
            } else {
                want_score
            };
            let ok = got.first().and_then(|s| s.parse::<i64>().ok()) == Some(want_score)
                && got.len() > 1
                && got[1..]
                    .iter()
                    .all(|c| dealers.iter().any(|d| d[1..].contains(c)) || c == "pass");
            if !ok {
                diffs.push(format!(
                    "entry {n} SIDES{i}: got {got:?}, dealers {dealers:?}"
                ));
            }
        }
    }
    diffs
}

fn check_file(build: &CBuild, program: &Path, name: &str, path: &Path) {
    let entries = ddsolve_formats::dds_file::read_file(path).expect("the DDS file reads");
    let output = run(program, &["all", path.to_str().expect("a UTF-8 path"), "2"]);
    let _ = build;
    let diffs = differences(&entries, &output);
    assert!(
        diffs.is_empty(),
        "{name}: {} differences from DDS's file:\n{}",
        diffs.len(),
        diffs
            .iter()
            .take(20)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
    // Every kind of line was checked on some entry.
    for tag in [
        "FUT",
        "TABLE",
        "PAR",
        "PAR2",
        "TRACE",
        "SIDES0",
        "SIDESTEXT",
    ] {
        assert!(!lines_of(&output, tag).is_empty(), "{name}: no {tag} lines");
    }
}

#[test]
fn list100_from_c_matches_dds_files() {
    let build = CBuild::new();
    let program = build.compile("regress.c", Header::Dds, "regress");
    check_file(&build, &program, "list100.txt", &data::path("list100.txt"));
}
