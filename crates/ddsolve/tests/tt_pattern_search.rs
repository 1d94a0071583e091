//! The search with the rank-pattern table: full tables of DDS's `list10.txt` against DDS,
//! random deals against the default solver, and a table squeezed into 1 MB (evicting in
//! mid-search) giving the same answers.

use ddsolve::search::Solver;
use ddsolve::tt_pattern::TtPattern;
use ddsolve::{AnyOrdering, SearchConfig};
use ddsolve_cards::{DdTable, Deal, DealRng};
use std::path::{Path, PathBuf};

/// `list10.txt`, in the repository's test data.
fn list10() -> PathBuf {
    ddsolve_testkit::data::path("list10.txt")
}

/// The deals of a DDS file with the 20 numbers of the TABLE line after each.
fn deals_with_tables(path: &Path) -> Vec<(Deal, [u8; 20])> {
    let text = std::fs::read_to_string(path).expect("readable DDS file");
    let mut out = Vec::new();
    let mut deal = None;
    for line in text.lines() {
        if line.starts_with("PBN") {
            let pbn = line.split('"').nth(1).expect("a quoted deal");
            deal = Some(pbn.parse::<Deal>().expect("a valid deal"));
        } else if let Some(rest) = line.strip_prefix("TABLE") {
            let nums: Vec<u8> = rest
                .split_whitespace()
                .map(|x| x.parse().expect("a number"))
                .collect();
            let d = deal.take().expect("a PBN line before each TABLE line");
            out.push((d, nums.try_into().expect("20 numbers")));
        }
    }
    out
}

#[test]
fn tables_of_list10_match_dds() {
    let cases = deals_with_tables(&list10());
    assert_eq!(cases.len(), 10);
    let mut solver = Solver::<_, AnyOrdering>::with_tt(SearchConfig::default(), TtPattern::new(64));
    for (i, (deal, want)) in cases.iter().enumerate() {
        assert_eq!(solver.table(deal).to_dds_order(), *want, "deal {i}: {deal}");
    }
}

#[test]
fn tables_of_random_deals_match_the_default_solver() {
    let mut rng = DealRng::new(0x7a11_e001);
    let mut ours = Solver::<_, AnyOrdering>::with_tt(SearchConfig::default(), TtPattern::new(64));
    let mut default = ddsolve::Solver::new();
    for i in 0..20 {
        let deal = rng.deal();
        let want: DdTable = default.table(&deal);
        assert_eq!(ours.table(&deal), want, "deal {i}: {deal}");
    }
}

#[test]
fn a_table_that_evicts_in_mid_search_gives_the_same_tables() {
    let cases = deals_with_tables(&list10());
    let mut solver = Solver::<_, AnyOrdering>::with_tt(SearchConfig::default(), TtPattern::new(1));
    for (i, (deal, want)) in cases.iter().take(4).enumerate() {
        assert_eq!(solver.table(deal).to_dds_order(), *want, "deal {i}: {deal}");
        assert!(solver.tt_stats().bytes <= 1 << 20);
    }
    let c = solver.tt().counters();
    assert!(c.sweeps > 0, "1 MB is too small for a deal: {c:?}");
    assert_eq!(solver.tt_stats().resets, 0);
}
