//! The Zobrist table in the real search: random endings solved with it agree with the
//! brute-force oracle, with the search's verification mode re-checking every table cutoff and
//! every stored entry by a fresh search without a table; and a whole deal's table of 20
//! results equals the default solver's.

use ddsolve::search::Solver;
use ddsolve::{AnyOrdering, SearchConfig};
use ddsolve_cards::{Deal, DealRng, Position};
use ddsolve_testkit::oracle;
use ddsolve_tt_zobrist::TtZobrist;

#[test]
fn endings_agree_with_the_oracle_under_verification() {
    let config = SearchConfig {
        verify_tt_cards: 20,
        ..SearchConfig::default()
    };
    // One solver for all endings: its table is kept within a strain, across deals.
    let mut solver = Solver::<_, AnyOrdering>::with_tt(config, TtZobrist::new(4));
    let mut rng = DealRng::new(0x5e_0001);
    let mut hits = 0;
    for i in 0..600 {
        let pos: Position = oracle::random_ending(&mut rng, 5);
        let before = solver.tt_stats().total_hits();
        let got = solver.tricks(&pos);
        hits += solver.tt_stats().total_hits() - before;
        assert_eq!(u32::from(got), oracle::tricks(&pos), "ending {i}: {pos:?}");
    }
    assert!(hits > 100, "only {hits} table hits");
}

#[test]
fn a_full_table_equals_the_default_solvers() {
    let deal: Deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"
        .parse()
        .unwrap();
    let d = SearchConfig::default();
    let expected = ddsolve::Solver::with_config(d).table(&deal);
    let mut solver = Solver::<_, AnyOrdering>::with_tt(d, TtZobrist::new(64));
    assert_eq!(solver.table(&deal), expected);
    // Again with the warm table (cleared per strain by the solver, kept within one).
    assert_eq!(solver.table(&deal), expected);
}
