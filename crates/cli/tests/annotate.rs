//! End-to-end tests of `ddsolve annotate` on hand-record files with the quirks of real ones
//! (tests/data/sixteen-boards.pbn: `%` lines, `{}` commentary over lines, `;` comments, CRLF,
//! Latin-1, deals from any first seat, boards without [Dealer]/[Vulnerable], an auction and a
//! play, stale DD tags; tests/data/bad-boards.pbn: boards that cannot be annotated).
//!
//! The 16 deals are deals of DDS's list100.txt with that entry's dealer and vulnerability,
//! so every tag is checked against DDS: `[DoubleDummyTricks]` and the table rows against the
//! entry's `TABLE` line, `[OptimumScore]` and `[ParContract]` against its `PAR2` line
//! (DDS `DealerPar`).

use ddsolve_cards::{Deal, Seat, Vulnerability};
use ddsolve_formats::dds_file::{self, Entry};
use ddsolve_formats::pbn_file::PbnFile;
use ddsolve_testkit::data;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

fn ddsolve(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ddsolve"))
        .args(args)
        .output()
        .expect("the ddsolve binary runs")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A fresh folder for one test.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ddsolve-annotate-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn annotate_bytes(input: &[u8], name: &str) -> Vec<u8> {
    let dir = temp_dir(name);
    let file = dir.join("in.pbn");
    std::fs::write(&file, input).unwrap();
    let o = ddsolve(&["annotate", "--threads", "2", file.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "stderr: {}", stderr(&o));
    o.stdout
}

/// The file without the DD tags and the rows of their tables: what must stay byte for byte.
fn without_dd_tags(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut in_table = false;
    for line in bytes.split_inclusive(|&b| b == b'\n') {
        let dd = [
            &b"[DoubleDummyTricks "[..],
            b"[OptimumResultTable ",
            b"[OptimumScore ",
            b"[ParContract ",
        ]
        .iter()
        .any(|t| line.starts_with(t));
        if dd {
            in_table = line.starts_with(b"[OptimumResultTable ");
            continue;
        }
        if in_table && !line.starts_with(b"[") && !line.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        in_table = false;
        out.extend_from_slice(line);
    }
    out
}

/// DDS's `TABLE` line as BridgeComposer's 20 hex digits: declarers N, S, E, W, strains NT,
/// S, H, D, C (the TABLE line is strains S, H, D, C, NT, declarers N, E, S, W).
fn dds_hex(table: &[u8; 20]) -> String {
    let mut s = String::new();
    for seat in [0, 2, 1, 3] {
        for strain in [4, 0, 1, 2, 3] {
            s.push(char::from_digit(u32::from(table[strain * 4 + seat]), 16).unwrap());
        }
    }
    s
}

/// DDS's `PAR2` contract (`5H*-NS-2`, `3N-EW`, `1S-EW+2`, `pass`) in `[ParContract]` form
/// (`NS 5Hx-2`, `EW 3NT`, `EW 1S+2`, `Pass`).
fn dds_contract(c: &str) -> String {
    if c == "pass" {
        return "Pass".to_string();
    }
    let (level_strain, rest) = c.split_once('-').unwrap();
    let doubled = level_strain.ends_with('*');
    let level_strain = level_strain.trim_end_matches('*').replace('N', "NT");
    let (declarer, result) = match rest.find(['+', '-']) {
        Some(i) => (&rest[..i], &rest[i..]),
        None => (rest, ""),
    };
    let x = if doubled { "x" } else { "" };
    format!("{declarer} {level_strain}{x}{result}")
}

fn list100() -> Vec<Entry> {
    dds_file::read_file(data::path("list100.txt")).unwrap()
}

/// Checks every board of an annotated file against DDS; returns the boards checked.
fn check_against_dds(annotated: &[u8]) -> usize {
    let entries = list100();
    let pbn = PbnFile::parse(annotated).unwrap();
    let mut boards = 0;
    for game in pbn.games() {
        let Some(deal) = game.value("Deal") else {
            assert!(game.tag("DoubleDummyTricks").is_none());
            continue;
        };
        let deal: Deal = deal.parse().unwrap();
        let dealer: Seat = game.dealer().unwrap().unwrap();
        let vul: Vulnerability = game.vulnerability().unwrap().unwrap();
        let e = entries
            .iter()
            .find(|e| e.deal == deal && e.dealer == dealer && e.vulnerability == vul)
            .unwrap_or_else(|| panic!("board {:?} is not in list100", game.value("Board")));
        let table = e.table.unwrap();
        let board = game.value("Board").unwrap();
        assert_eq!(
            game.value("DoubleDummyTricks").unwrap(),
            dds_hex(&table),
            "board {board}"
        );
        // The 20 rows of the result table.
        let tag = game.tag("OptimumResultTable").unwrap();
        assert_eq!(tag.text(), r"Declarer;Denomination\2R;Result\2R");
        let rows = String::from_utf8_lossy(&annotated[tag.span.clone()]).into_owned();
        let rows: Vec<&str> = rows.lines().skip(1).map(str::trim_end).collect();
        let mut want = Vec::new();
        for (seat, s) in [(0, 'N'), (2, 'S'), (1, 'E'), (3, 'W')] {
            for (strain, name) in [(4, "NT"), (0, "S"), (1, "H"), (2, "D"), (3, "C")] {
                want.push(format!("{s} {name:>2} {:>2}", table[strain * 4 + seat]));
            }
        }
        assert_eq!(rows, want, "board {board}");
        let par2 = e.par2.as_ref().unwrap();
        let score: i32 = par2.score.parse().unwrap();
        let want_score = if score >= 0 {
            format!("NS {score}")
        } else {
            format!("EW {}", -score)
        };
        assert_eq!(
            game.value("OptimumScore").unwrap(),
            want_score,
            "board {board}"
        );
        let want_contracts: Vec<String> = par2.contracts.iter().map(|c| dds_contract(c)).collect();
        assert_eq!(
            game.value("ParContract").unwrap(),
            want_contracts.join("; "),
            "board {board}"
        );
        boards += 1;
    }
    boards
}

#[test]
fn sixteen_boards_agree_with_dds_and_keep_every_other_byte() {
    let input = std::fs::read(data("sixteen-boards.pbn")).unwrap();
    let out = annotate_bytes(&input, "sixteen");
    assert_eq!(check_against_dds(&out), 16);
    // CRLF kept everywhere, Latin-1 untouched.
    assert!(!out.windows(2).any(|w| w[1] == b'\n' && w[0] != b'\r'));
    assert!(out.windows(4).any(|w| w == b"Z\xfcri"));
    // Everything but the DD tags is byte for byte the input (whose board 3 had stale ones).
    assert_eq!(without_dd_tags(&out), without_dd_tags(&input));
    assert!(
        stale_dd_bytes(&input) > 0,
        "board 3 has stale tags to replace"
    );
    // Annotating twice gives the same file.
    assert_eq!(annotate_bytes(&out, "sixteen-again"), out);
}

/// The bytes of the stale DD tags of the input (board 3).
fn stale_dd_bytes(input: &[u8]) -> usize {
    input.len() - without_dd_tags(input).len()
}

#[test]
fn where_the_tags_go() {
    let input = std::fs::read(data("sixteen-boards.pbn")).unwrap();
    let out = String::from_utf8_lossy(&annotate_bytes(&input, "where")).into_owned();
    // Board 1: at the end of the board, after the commentary.
    assert!(out.contains("in Latin-1}\r\n[DoubleDummyTricks "), "{out}");
    // Board 2: after the play.
    assert!(out.contains("C2 C3 CA C4\r\n*\r\n[DoubleDummyTricks "));
    // Board 3: where the stale tags were, before [Scoring].
    let b3 = out.find("[Board \"3\"]").unwrap();
    let dd3 = b3 + out[b3..].find("[DoubleDummyTricks ").unwrap();
    let scoring3 = b3 + out[b3..].find("[Scoring \"IMP\"]").unwrap();
    assert!(dd3 < scoring3);
    assert!(out[dd3..scoring3].ends_with("[ParContract \"EW 5C; EW 3NT\"]\r\n"));
    assert_eq!(out.matches("[DoubleDummyTricks ").count(), 16);
    assert_eq!(out.matches("[OptimumResultTable ").count(), 16);
}

#[test]
fn lf_files_and_files_without_a_final_line_end() {
    let crlf = std::fs::read(data("sixteen-boards.pbn")).unwrap();
    let lf: Vec<u8> = crlf.iter().copied().filter(|&b| b != b'\r').collect();
    let out_crlf = annotate_bytes(&crlf, "crlf");
    let out_lf = annotate_bytes(&lf, "lf");
    let stripped: Vec<u8> = out_crlf.iter().copied().filter(|&b| b != b'\r').collect();
    assert_eq!(out_lf, stripped);
    assert_eq!(check_against_dds(&out_lf), 16);
    // No final line end: none after the new tags either, and the same file again.
    let trimmed = &lf[..lf.len() - 2];
    let out = annotate_bytes(trimmed, "no-final-eol");
    assert!(out.ends_with(b"[ParContract \"NS 5Dx-2; NS 5Hx-2\"]"));
    assert_eq!(annotate_bytes(&out, "no-final-eol-again"), out);
}

#[test]
fn output_file_and_in_place() {
    let dir = temp_dir("files");
    let input = dir.join("board.pbn");
    let original = std::fs::read(data("sixteen-boards.pbn")).unwrap();
    std::fs::write(&input, &original).unwrap();
    let out = dir.join("annotated.pbn");
    let o = ddsolve(&[
        "annotate",
        input.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(o.stdout.is_empty());
    assert_eq!(
        std::fs::read(&input).unwrap(),
        original,
        "the input is never touched"
    );
    let annotated = std::fs::read(&out).unwrap();
    assert_eq!(check_against_dds(&annotated), 16);
    let o = ddsolve(&["annotate", "--in-place", input.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(std::fs::read(&input).unwrap(), annotated);
    // Nothing else is left in the folder (no temporary file).
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["annotated.pbn", "board.pbn"]);
    // An output that cannot be written: exit 2, nothing written.
    let o = ddsolve(&[
        "annotate",
        input.to_str().unwrap(),
        "-o",
        dir.join("no/such/dir/x.pbn").to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("cannot write"), "{}", stderr(&o));
    assert!(!stderr(&o).contains("panicked"));
}

#[test]
fn bad_boards_are_reported_and_left_alone() {
    let input = std::fs::read(data("bad-boards.pbn")).unwrap();
    let file = data("bad-boards.pbn");
    let o = ddsolve(&["annotate", file.to_str().unwrap()]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    for needle in [
        "board 2, line 11: [Deal]",
        "in both",
        "board 3, line 15: [Vulnerable]",
        "\"Some\"",
        "board 4, line 21: [Deal]",
        "13 cards",
        "3 boards of",
    ] {
        assert!(err.contains(needle), "{needle:?} not in {err}");
    }
    assert!(!err.contains("board 5"), "{err}");
    // Board 1 is annotated; the rest of the file is as it was.
    let out = o.stdout;
    assert_eq!(
        String::from_utf8_lossy(&out)
            .matches("[DoubleDummyTricks ")
            .count(),
        1
    );
    assert!(String::from_utf8_lossy(&out).contains("[ParContract \"EW 2S\"]"));
    assert_eq!(without_dd_tags(&out), input);
    // A file that is not PBN at all: its line, exit 2.
    let dir = temp_dir("bad");
    let broken = dir.join("broken.pbn");
    std::fs::write(&broken, b"[Board \"1\"]\n[Deal \"N:AKQ\n").unwrap();
    let o = ddsolve(&["annotate", broken.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("line 2"), "{}", stderr(&o));
    let o = ddsolve(&["annotate", "/no/such/file.pbn"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("/no/such/file.pbn"));
}
