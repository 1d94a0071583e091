//! Tables against DDS 3.1's, one driver over the test data's tables files: uniformly random
//! deals (`random-seed1-200.tsv`, harder on average than the DDS files' real deals) and freak
//! deals with four voids or more (`freak-seed11-24.tsv`).

use ddsolve::{SearchConfig, SolverBuilder};
use ddsolve_cards::Deal;

/// Checks the first `take` deals of the tables file `name` (a deal, a tab, DDS's 20
/// numbers) with a solver of `config`.
fn check_tables(name: &str, take: usize, config: SearchConfig) {
    let path = ddsolve_testkit::data::path(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut solver = SolverBuilder::new().search(config).build();
    let mut checked = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .take(take)
    {
        let (pbn, nums) = line.split_once('\t').expect("deal, tab, 20 numbers");
        let deal: Deal = pbn.parse().expect("valid PBN");
        let want: Vec<u8> = nums
            .split_whitespace()
            .map(|n| n.parse().expect("a number"))
            .collect();
        solver.clear();
        assert_eq!(
            solver.table(&deal).to_dds_order().to_vec(),
            want,
            "{name}: {pbn}"
        );
        checked += 1;
    }
    assert_eq!(checked, take, "{name} has fewer deals than asked");
}

#[test]
fn tables_of_random_deals_match_dds() {
    check_tables("random-seed1-200.tsv", 24, SearchConfig::default());
}

/// Every deal of the freak file has four voids or more, so by default the ordering forgets
/// its cutoff cards between leaders (`SearchConfig::forget_order_voids`); the tables are the same
/// when it never forgets, and when it forgets on every deal.
#[test]
fn tables_of_freak_deals_match_dds_whether_the_ordering_forgets_or_not() {
    for forget_order_voids in [SearchConfig::default().forget_order_voids, 0, u8::MAX] {
        let config = SearchConfig {
            forget_order_voids,
            ..SearchConfig::default()
        };
        check_tables("freak-seed11-24.tsv", 3, config);
    }
}
