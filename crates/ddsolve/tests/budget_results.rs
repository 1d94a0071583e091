//! Results under the budget are those of an unlimited table: a 1 MB table (which evicts
//! over and over on these searches) gives the same DD tables as a table that never fills
//! on `list10.txt` (and DDS's own tables), and a 32 kB table the same values as the
//! brute-force oracle and the unlimited table on random endings.

use ddsolve::search::Solver;
use ddsolve::tt::TranspositionTable;
use ddsolve::tt_forest::{TtFlat, TtForest};
use ddsolve::{AnyOrdering, SearchConfig, Solutions, Target};
use ddsolve_cards::{Deal, Position, Strain};
use ddsolve_testkit::oracle;
use std::path::{Path, PathBuf};

/// Megabytes of a table that never fills in these tests.
const UNLIMITED_MB: usize = 1 << 12;
/// The budget of the endings' tables, in bytes: small endings fill it.
const ENDINGS_BYTES: usize = 32 << 10;
/// Deals of `list10.txt` solved.
const DEALS: usize = 6;

/// `list10.txt`, in the repository's test data.
fn list10() -> PathBuf {
    ddsolve_testkit::data::path("list10.txt")
}

/// The distinct deals of a DDS file with their `TABLE` lines (DDS order), from the file's
/// `PBN` and `TABLE` lines.
fn deals_with_tables(path: &Path) -> Vec<(Deal, [u8; 20])> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut out: Vec<(Deal, [u8; 20])> = Vec::new();
    let mut deal = None;
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("PBN ") {
            let pbn = rest.split('"').nth(1).expect("a quoted deal");
            deal = Some(pbn.parse::<Deal>().expect("a valid deal"));
        } else if let Some(rest) = line.strip_prefix("TABLE ") {
            let nums: Vec<u8> = rest
                .split_whitespace()
                .map(|x| x.parse().expect("a number"))
                .collect();
            let table: [u8; 20] = nums.try_into().expect("20 numbers");
            let d = deal.take().expect("TABLE after PBN");
            if !out.iter().any(|(x, _)| *x == d) {
                out.push((d, table));
            }
        }
    }
    out
}

fn tables_agree<T: TranspositionTable>(name: &str, small: T, large: T) {
    let mut deals = deals_with_tables(&list10());
    assert!(deals.len() >= DEALS, "list10 gave {} deals", deals.len());
    deals.truncate(DEALS);
    let mut small = Solver::<_, AnyOrdering>::with_tt(SearchConfig::default(), small);
    let mut large = Solver::<_, AnyOrdering>::with_tt(SearchConfig::default(), large);
    for (i, (deal, dds)) in deals.iter().enumerate() {
        small.clear();
        large.clear();
        let a = small.table(deal).to_dds_order();
        let b = large.table(deal).to_dds_order();
        assert_eq!(a, b, "[{name}] deal {i}: 1 MB against unlimited");
        assert_eq!(&a, dds, "[{name}] deal {i}: against DDS");
    }
    let s = small.tt_stats();
    assert!(s.sweeps > 0, "[{name}] the 1 MB table never evicted: {s:?}");
    assert!(s.peak_bytes <= s.limit_bytes, "[{name}] {s:?}");
    assert_eq!(large.tt_stats().sweeps, 0, "[{name}] unlimited evicted");
}

#[test]
fn flat_list10_tables_under_one_megabyte() {
    tables_agree("flat", TtFlat::new(1), TtFlat::new(UNLIMITED_MB));
}

#[test]
fn forest_list10_tables_under_one_megabyte() {
    tables_agree("forest", TtForest::new(1), TtForest::new(UNLIMITED_MB));
}

/// Random endings of up to 5 cards a hand, grouped by trumps so that one solver's table
/// fills over many of them (a change of trumps clears it).
fn endings_agree<T: TranspositionTable>(name: &str, small: T, large: T) {
    let mut rng = ddsolve_cards::DealRng::new(0x00b0_d6e7);
    let mut endings: Vec<Position> = (0..2500)
        .map(|_| oracle::random_ending(&mut rng, 5))
        .collect();
    endings.sort_by_key(|p| p.trump().index());
    let mut small = Solver::<_, AnyOrdering>::with_tt(SearchConfig::default(), small);
    let mut large = Solver::<_, AnyOrdering>::with_tt(SearchConfig::default(), large);
    for (i, pos) in endings.iter().enumerate() {
        let want = oracle::tricks(pos) as u8;
        assert_eq!(small.tricks(pos), want, "[{name}] ending {i}: {pos:?}");
        assert_eq!(large.tricks(pos), want, "[{name}] ending {i}: {pos:?}");
        let a = small
            .solve(pos, Target::Max, Solutions::All)
            .expect("solvable");
        let b = large
            .solve(pos, Target::Max, Solutions::All)
            .expect("solvable");
        assert_eq!(a.cards, b.cards, "[{name}] ending {i}: {pos:?}");
    }
    let s = small.tt_stats();
    assert!(
        s.sweeps > 0,
        "[{name}] the small table never evicted: {s:?}"
    );
    assert!(s.peak_bytes <= ENDINGS_BYTES, "[{name}] {s:?}");
    assert_eq!(large.tt_stats().sweeps, 0, "[{name}] unlimited evicted");
    // Every strain was met.
    assert!(Strain::ALL
        .iter()
        .all(|&t| endings.iter().any(|p| p.trump() == t)));
}

#[test]
fn flat_endings_under_32_kb() {
    endings_agree(
        "flat",
        TtFlat::with_limit_bytes(ENDINGS_BYTES),
        TtFlat::new(UNLIMITED_MB),
    );
}

#[test]
fn forest_endings_under_32_kb() {
    endings_agree(
        "forest",
        TtForest::with_limit_bytes(ENDINGS_BYTES),
        TtForest::new(UNLIMITED_MB),
    );
}
