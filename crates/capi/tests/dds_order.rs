//! `SolveBoardPBN`'s cards in DDS's order, from C (`tests/c/dds_order.c`, built against DDS's
//! header and linked with our library), with target -1 and solutions 1, 2 and 3:
//!
//! - on list1000.txt, every answer in order against the file's `FUT` line (solutions 3: the
//!   line; 2: its best cards; 1: its first card);
//! - on 200 seeded random positions (deals with some cards already played, half of them in
//!   the first trick), every answer against DDS 2.9.0's own library (Debian's libdds0),
//!   which the same program loads instead of ours through `LD_PRELOAD`. The positions where
//!   the two are known to differ are listed in `tests/data/dds-order-known.txt` (one
//!   "solutions position" pair a line); any other difference fails, and so does a listed
//!   one that no longer differs (the list is to be trimmed).

mod common;

use common::{run, CBuild, Header};
use ddsolve_cards::{DealRng, Position, Seat, Strain};
use ddsolve_testkit::data;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::process::Command;

/// Debian's DDS 2.9.0 library (package libdds0).
const DDS_LIBRARY: &str = "/usr/lib/x86_64-linux-gnu/libdds.so.0";

/// The seed of the random positions.
const SEED: u64 = 20261206;

/// How many random positions.
const POSITIONS: usize = 200;

#[test]
fn list1000_in_dds_order() {
    let build = CBuild::new();
    let program = build.compile("dds_order.c", Header::Dds, "dds_order");
    let path = data::path("list1000.txt");
    let out = run(&program, &["file", path.to_str().expect("a UTF-8 path")]);
    let diffs: Vec<&str> = out.lines().filter(|l| l.starts_with("DIFF")).collect();
    let agree: Vec<&str> = out.lines().filter(|l| l.starts_with("AGREE")).collect();
    assert_eq!(
        agree,
        [
            "AGREE 1 1000 of 1000",
            "AGREE 2 1000 of 1000",
            "AGREE 3 1000 of 1000"
        ],
        "list1000.txt: answers not in DDS's order (solutions, entry):\n{}",
        diffs.join("\n")
    );
}

/// The random positions, one a line in the program's `positions` format, and their text.
fn random_positions() -> Vec<String> {
    let mut rng = DealRng::new(SEED);
    (0..POSITIONS)
        .map(|i| {
            let deal = rng.deal();
            let trump = Strain::from_index(rng.below(5) as usize).expect("0..5 are strains");
            let leader = Seat::from_index(rng.below(4) as usize).expect("0..4 are seats");
            let mut pos = Position::new(deal, trump, leader);
            let plays = if i % 2 == 0 {
                rng.below(4)
            } else {
                rng.below(44)
            };
            for _ in 0..plays {
                let legal: Vec<_> = pos.legal_cards().iter().collect();
                let card = legal[rng.below(legal.len() as u64) as usize];
                pos.play(card).expect("a legal card plays");
            }
            let mut trick = [(0, 0); 3];
            for (k, c) in pos.trick().iter().enumerate() {
                trick[k] = (c.suit().index(), c.rank().get());
            }
            format!(
                "{} {} {} {} {} {} {} {} {} \"{}\"",
                trump.index(),
                pos.leader().index(),
                pos.trick().len(),
                trick[0].0,
                trick[0].1,
                trick[1].0,
                trick[1].1,
                trick[2].0,
                trick[2].1,
                pos.remaining_pbn()
            )
        })
        .collect()
}

/// Runs the program's `positions` mode, with `preload` in `LD_PRELOAD` if given: the answers
/// by (position, solutions), and the library's line from stderr.
fn answers(
    program: &Path,
    file: &Path,
    preload: Option<&str>,
) -> (BTreeMap<(usize, u8), String>, String) {
    let mut cmd = Command::new(program);
    cmd.arg("positions").arg(file);
    if let Some(lib) = preload {
        cmd.env("LD_PRELOAD", lib);
    }
    let out = cmd.output().expect("the program runs");
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(
        out.status.success(),
        "{cmd:?} failed ({}): {stderr}",
        out.status
    );
    let map = String::from_utf8(out.stdout)
        .expect("UTF-8 output")
        .lines()
        .map(|l| {
            let mut f = l.splitn(3, ' ');
            let n = f
                .next()
                .and_then(|x| x.parse().ok())
                .expect("a position number");
            let s = f
                .next()
                .and_then(|x| x.parse().ok())
                .expect("a solutions mode");
            ((n, s), f.next().unwrap_or("").to_string())
        })
        .collect();
    let library = stderr
        .lines()
        .find_map(|l| l.strip_prefix("library: "))
        .unwrap_or_else(|| panic!("no library line: {stderr}"))
        .to_string();
    (map, library)
}

/// The known differences: (solutions, position) pairs.
fn known_differences() -> BTreeSet<(u8, usize)> {
    let path = common::crate_dir().join("tests/data/dds-order-known.txt");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .map(|l| l.trim())
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let mut f = l.split_whitespace().map(|x| x.parse::<usize>());
            match (f.next(), f.next(), f.next()) {
                (Some(Ok(s)), Some(Ok(n)), None) if (1..=3).contains(&s) => (s as u8, n),
                _ => panic!("{}: bad line {l:?}", path.display()),
            }
        })
        .collect()
}

#[test]
fn random_positions_match_dds_2_9() {
    assert!(
        Path::new(DDS_LIBRARY).is_file(),
        "{DDS_LIBRARY} is missing: install Debian's libdds0 (apt-get install -y libdds0)"
    );
    let build = CBuild::new();
    let program = build.compile("dds_order.c", Header::Dds, "dds_order");
    let file = build.dir().join("positions.txt");
    std::fs::write(&file, random_positions().join("\n") + "\n").expect("the positions write");
    let (ours, our_library) = answers(&program, &file, None);
    let (dds, dds_library) = answers(&program, &file, Some(DDS_LIBRARY));
    assert!(our_library.contains("ddsolve"), "ours: {our_library}");
    assert!(!dds_library.contains("ddsolve"), "DDS's: {dds_library}");
    assert_eq!(ours.len(), 3 * POSITIONS);
    assert_eq!(dds.len(), 3 * POSITIONS);
    let differ: BTreeSet<(u8, usize)> = dds
        .iter()
        .filter(|(k, v)| ours.get(k) != Some(v))
        .map(|(&(n, s), _)| (s, n))
        .collect();
    for s in 1..=3u8 {
        let d = differ.iter().filter(|k| k.0 == s).count();
        eprintln!(
            "solutions {s}: {} of {POSITIONS} positions as DDS 2.9.0",
            POSITIONS - d
        );
    }
    let known = known_differences();
    let new: Vec<String> = differ
        .difference(&known)
        .map(|&(s, n)| {
            format!(
                "solutions {s} position {n}: ours {} DDS {}",
                ours[&(n, s)],
                dds[&(n, s)]
            )
        })
        .collect();
    let fixed: Vec<&(u8, usize)> = known.difference(&differ).collect();
    assert!(
        new.is_empty() && fixed.is_empty(),
        "differences from DDS 2.9.0 not in the known list:\n{}\nknown differences that no \
         longer differ: {fixed:?}",
        new.join("\n")
    );
}
