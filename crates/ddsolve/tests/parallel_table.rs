//! One deal on several threads: `parallel_table` and `parallel_tables_by` give the tables of
//! one solver on one thread (and DDS's), whatever the thread count and whether leaders are
//! split, on uniformly random deals, freak deals (four voids or more) and random endings.

use ddsolve::cards::DealRng;
use ddsolve::search::{parallel_tables_by, ParallelOptions};
use ddsolve::{parallel_table, Deal, Solver, SolverBuilder};

/// The first `take` deals of the tables file `name` with DDS's 20 numbers.
fn deals_of(name: &str, take: usize) -> Vec<(Deal, Vec<u8>)> {
    let path = ddsolve_testkit::data::path(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let out: Vec<(Deal, Vec<u8>)> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .take(take)
        .map(|line| {
            let (pbn, nums) = line.split_once('\t').expect("deal, tab, 20 numbers");
            let want = nums
                .split_whitespace()
                .map(|n| n.parse().expect("a number"))
                .collect();
            (pbn.parse().expect("valid PBN"), want)
        })
        .collect();
    assert_eq!(out.len(), take, "{name} has fewer deals than asked");
    out
}

fn check_file(name: &str, take: usize) {
    for (deal, want) in deals_of(name, take) {
        let one = Solver::new().table(&deal);
        assert_eq!(one.to_dds_order().to_vec(), want, "{name}: {deal}");
        for threads in [2, 3, 8] {
            let got = parallel_table(&deal, threads, &SolverBuilder::new());
            assert_eq!(got, one, "{name}, {threads} threads: {deal}");
        }
        for threads in [2, 3, 8] {
            let split = ParallelOptions {
                threads,
                split_leaders: true,
            };
            let got = parallel_tables_by(&[deal], &split, Solver::new);
            assert_eq!(
                got,
                [one],
                "{name}, {threads} threads, leaders split: {deal}"
            );
        }
    }
}

#[test]
fn random_deals_on_many_threads_give_one_threads_tables() {
    check_file("random-seed1-200.tsv", 6);
}

#[test]
fn freak_deals_on_many_threads_give_one_threads_tables() {
    check_file("freak-seed11-24.tsv", 3);
}

#[test]
fn several_deals_and_endings_share_the_threads() {
    let mut rng = DealRng::new(30);
    let mut deals: Vec<Deal> = (0..12u32).map(|i| rng.partial_deal(3 + i % 8)).collect();
    deals.extend((0..2).map(|_| rng.deal()));
    let want: Vec<_> = deals.iter().map(|d| Solver::new().table(d)).collect();
    for threads in [1, 2, 5, 16] {
        for split_leaders in [false, true] {
            let options = ParallelOptions {
                threads,
                split_leaders,
            };
            let got = parallel_tables_by(&deals, &options, || SolverBuilder::new().build());
            assert_eq!(got, want, "{threads} threads, split {split_leaders}");
        }
    }
    assert!(parallel_tables_by(&[], &ParallelOptions::with_threads(2), Solver::new).is_empty());
}
