//! The default solver against the brute-force oracle on random endings of up to 5 cards a
//! hand, all strains and leaders, positions in mid-trick too: the value of the position and
//! of every card agree, with each ordering and table of the front crate. The search's own
//! switches are checked with the search (`crates/search/tests/oracle.rs`).

mod common;
use common::check_against_oracle;
use ddsolve::{OrderingKind, SearchConfig, Solver, SolverBuilder, TtKind};
use ddsolve_cards::DealRng;
use ddsolve_testkit::oracle;

fn configs() -> Vec<(&'static str, SolverBuilder)> {
    let b = SolverBuilder::new();
    vec![
        ("default", b),
        ("rank ordering", b.ordering(OrderingKind::Rank)),
        ("paper ordering", b.ordering(OrderingKind::Paper)),
        ("cutoff-card ordering", b.ordering(OrderingKind::Cutoff)),
        (
            "cutoff-card ordering, any need",
            b.ordering(OrderingKind::CutoffAnyNeed),
        ),
        (
            "cutoff-card ordering, lead hints",
            b.ordering(OrderingKind::CutoffLeadHints),
        ),
        (
            "cutoff-card ordering, no lead categories",
            b.ordering(OrderingKind::CutoffNoLeadCategories),
        ),
    ]
}

#[test]
fn solver_agrees_with_oracle_on_random_endings() {
    for (name, cfg) in configs() {
        // One solver per configuration, reused across positions: the table must stay sound
        // from one deal to the next.
        let mut solver = cfg.build();
        let mut rng = DealRng::new(0x5eed_0001);
        for _ in 0..400 {
            let pos = oracle::random_ending(&mut rng, 5);
            check_against_oracle(&pos, &mut solver, name);
        }
    }
}

#[test]
fn solver_agrees_with_oracle_on_five_card_endings_cold() {
    let mut rng = DealRng::new(0x5eed_0002);
    for _ in 0..300 {
        let pos = oracle::random_ending_of(&mut rng, 5);
        let mut solver = Solver::new();
        check_against_oracle(&pos, &mut solver, "cold");
    }
}

#[test]
fn every_table_hit_and_entry_rechecked_on_random_endings() {
    // The debugging mode re-checks each TT cutoff and each stored entry (and variants of
    // the stored position that differ only below the winning ranks) by a fresh search.
    for kind in [TtKind::Flat, TtKind::Forest, TtKind::Pattern] {
        let cfg = SearchConfig {
            verify_tt_cards: 52,
            ..SearchConfig::default()
        };
        let mut rng = DealRng::new(0x5eed_0003);
        let mut solver = SolverBuilder::new().tt(kind).search(cfg).build();
        for i in 0..600 {
            let pos = oracle::random_ending_of(&mut rng, 3 + i % 4);
            solver.tricks(&pos);
        }
    }
}
