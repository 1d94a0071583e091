//! The search with the rank-pattern table against the brute-force oracle on random endings
//! of up to 5 cards a hand (every strain and leader, positions in mid-trick too), with either
//! probe order; and the search's verification mode re-checking every table cutoff.

mod common;
use common::check_against_oracle;
use ddsolve::search::Solver;
use ddsolve::tt_pattern::{ProbeOrder, TtPattern};
use ddsolve::{AnyOrdering, SearchConfig};
use ddsolve_cards::DealRng;
use ddsolve_testkit::oracle;

#[test]
fn the_search_agrees_with_the_oracle_on_random_endings() {
    for (name, order) in [
        ("general first", ProbeOrder::GeneralFirst),
        ("newest first", ProbeOrder::NewestFirst),
    ] {
        // One solver for all positions: the table must stay sound from one deal to the next.
        let mut solver = Solver::<_, AnyOrdering>::with_tt(
            SearchConfig::default(),
            TtPattern::with_order(1, order),
        );
        let mut rng = DealRng::new(0x5eed_7001);
        for _ in 0..400 {
            let pos = oracle::random_ending(&mut rng, 5);
            check_against_oracle(&pos, &mut solver, name);
        }
        let c = solver.tt().counters();
        assert!(
            c.hits.iter().sum::<u64>() > 300,
            "[{name}] the table is used: {c:?}"
        );
    }
}

#[test]
fn every_table_cutoff_and_entry_is_rechecked_by_a_fresh_search() {
    let config = SearchConfig {
        verify_tt_cards: 52,
        ..SearchConfig::default()
    };
    let mut solver = Solver::<_, AnyOrdering>::with_tt(config, TtPattern::new(1));
    let mut rng = DealRng::new(0x5eed_7002);
    for i in 0..600 {
        let pos = oracle::random_ending_of(&mut rng, 3 + i % 4);
        solver.tricks(&pos);
    }
    let c = solver.tt().counters();
    assert!(c.hits.iter().sum::<u64>() > 500, "the table is used: {c:?}");
}
