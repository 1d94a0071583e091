//! The search against the brute-force oracle (`ddsolve_testkit::oracle`) on random endings
//! of up to 5 cards a hand, all strains and leaders, positions in mid-trick too: the value
//! of the position and of every card agree, with the default configuration and with each
//! of the search's enhancements switched off (`SearchConfig`), on the rank-pattern table
//! and the tuned ordering. The front crate's tables and orderings are checked in
//! `crates/ddsolve/tests/oracle.rs`.

use ddsolve_cards::{DealRng, Position};
use ddsolve_orderings::AnyOrdering;
use ddsolve_search::{Driver, SearchConfig, Solutions, Solver, Target};
use ddsolve_testkit::oracle;
use ddsolve_tt_pattern::TtPattern;

fn configs() -> Vec<(&'static str, SearchConfig)> {
    let d = SearchConfig::default();
    vec![
        ("default", d),
        (
            "no quick tricks",
            SearchConfig {
                quick_tricks: false,
                ..d
            },
        ),
        (
            "no later tricks",
            SearchConfig {
                later_tricks: false,
                ..d
            },
        ),
        (
            "no transposition table",
            SearchConfig {
                transposition_table: false,
                ..d
            },
        ),
        (
            "table before the estimators",
            SearchConfig {
                tt_first_tricks: 2,
                ..d
            },
        ),
        ("no etc", SearchConfig { etc: false, ..d }),
        (
            "etc everywhere",
            SearchConfig {
                etc_min_cards: 0,
                ..d
            },
        ),
        (
            "no small-card filter",
            SearchConfig {
                small_card_filter: false,
                ..d
            },
        ),
        (
            "no forced moves",
            SearchConfig {
                forced_moves: false,
                ..d
            },
        ),
        (
            "no symmetry",
            SearchConfig {
                symmetry: false,
                ..d
            },
        ),
        (
            "step driver",
            SearchConfig {
                driver: Driver::Step,
                ..d
            },
        ),
    ]
}

/// Every legal card's value and the position's against the oracle's.
fn check(pos: &Position, solver: &mut Solver<TtPattern, AnyOrdering>, name: &str) {
    let sol = solver
        .solve(pos, Target::Max, Solutions::All)
        .expect("a position to play");
    let cards = (sol.cards.iter()).flat_map(|cv| cv.cards().map(|c| (c, u32::from(cv.tricks))));
    oracle::check_values(pos, cards, u32::from(solver.tricks(pos)), name);
}

#[test]
fn the_search_agrees_with_the_oracle_with_each_switch() {
    for (name, config) in configs() {
        // One solver per configuration, reused across positions: the table must stay sound
        // from one deal to the next.
        let mut solver = Solver::with_parts(config, TtPattern::new(16), AnyOrdering::default());
        let mut rng = DealRng::new(0x5eed_0011);
        for _ in 0..300 {
            let pos = oracle::random_ending(&mut rng, 5);
            check(&pos, &mut solver, name);
        }
    }
}
