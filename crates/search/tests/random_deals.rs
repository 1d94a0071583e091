//! Tables of uniformly random deals (harder on average than the DDS files' real deals),
//! against DDS 3.1's tables in the test data's `random-seed1-200.tsv`.

use ddsolve_cards::Deal;
use ddsolve_search::Solver;

#[test]
fn tables_of_random_deals_match_dds() {
    let path = ddsolve_testkit::data::path("random-seed1-200.tsv");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut solver = Solver::new();
    let mut checked = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .take(24)
    {
        let (pbn, nums) = line.split_once('\t').expect("deal, tab, 20 numbers");
        let deal: Deal = pbn.parse().expect("valid PBN");
        let want: Vec<u8> = nums
            .split_whitespace()
            .map(|n| n.parse().expect("a number"))
            .collect();
        solver.clear();
        assert_eq!(solver.table(&deal).to_dds_order().to_vec(), want, "{pbn}");
        checked += 1;
    }
    assert_eq!(checked, 24);
}
