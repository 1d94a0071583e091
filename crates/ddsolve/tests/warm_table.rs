//! Warm tables: a solver that keeps its table across solves gives the answers of a cold one.
//!
//! Random sequences of positions, each solved on one solver that is never cleared: the
//! positions of one deal (every lead of an ending, then the cards of a random play), of
//! other deals, in other strains, in mid-trick or not, against the brute-force oracle; and a
//! solver with `set_keep_table(false)` against the same oracle.

use ddsolve::{Solutions, Solver, SolverBuilder, Target};
use ddsolve_cards::{Card, DealRng, Position, Seat, Strain};
use ddsolve_testkit::oracle;
use proptest::prelude::*;

/// The positions of one ending: the position itself, the position after each of its legal
/// cards, and the positions of a random play to the end.
fn positions_of(start: &Position, rng: &mut DealRng) -> Vec<Position> {
    let mut out = vec![start.clone()];
    for card in start.legal_cards().iter() {
        let mut p = start.clone();
        p.play_unchecked(card);
        if !p.is_finished() {
            out.push(p);
        }
    }
    let mut p = start.clone();
    while !p.is_finished() {
        let legal: Vec<Card> = p.legal_cards().iter().collect();
        p.play_unchecked(legal[rng.below(legal.len() as u64) as usize]);
        if !p.is_finished() {
            out.push(p.clone());
        }
    }
    out
}

/// Solves every position of `seq` on `solver` (never cleared) and checks the value of the
/// position and of each card against the oracle.
fn check_sequence(solver: &mut Solver, seq: &[Position]) -> Result<(), TestCaseError> {
    for pos in seq {
        let want = oracle::tricks(pos) as u8;
        prop_assert_eq!(solver.tricks(pos), want, "tricks of {:?}", pos);
        let sol = solver
            .solve(pos, Target::Max, Solutions::All)
            .expect("a position with cards to play");
        for (card, value) in oracle::card_values(pos) {
            let got = sol
                .cards
                .iter()
                .find(|c| c.card.suit() == card.suit() && c.equals.contains(card.rank()))
                .map(|c| c.tricks);
            prop_assert_eq!(got, Some(value as u8), "{} in {:?}", card, pos);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// One warm solver across several endings (other deals, strains, leaders) and every
    /// position of each.
    #[test]
    fn warm_solver_equals_the_oracle(seed in any::<u64>(), endings in 1usize..4) {
        let mut rng = DealRng::new(seed);
        let mut solver = SolverBuilder::new().tt_memory_mb(8).build();
        prop_assert!(solver.keeps_table());
        for _ in 0..endings {
            let start = oracle::random_ending(&mut rng, 4);
            let seq = positions_of(&start, &mut rng);
            check_sequence(&mut solver, &seq)?;
        }
    }

    /// The leads of one deal in each strain, strains in a random order (a change of trumps
    /// clears the table; coming back to a strain starts cold again).
    #[test]
    fn warm_solver_across_strains(seed in any::<u64>()) {
        let mut rng = DealRng::new(seed);
        let cards = 1 + rng.below(4) as u32;
        let deal = rng.partial_deal(cards);
        let mut solver = SolverBuilder::new().tt_memory_mb(8).build();
        for _ in 0..6 {
            let strain = Strain::ALL[rng.below(5) as usize];
            let leader = Seat::ALL[rng.below(4) as usize];
            let start = Position::new(deal, strain, leader);
            let seq = positions_of(&start, &mut rng);
            check_sequence(&mut solver, &seq)?;
        }
    }

    /// A solver that clears its table at every solve gives the same answers.
    #[test]
    fn cold_solver_equals_the_oracle(seed in any::<u64>()) {
        let mut rng = DealRng::new(seed);
        let mut solver = SolverBuilder::new().tt_memory_mb(8).build().keep_table(false);
        prop_assert!(!solver.keeps_table());
        let start = oracle::random_ending(&mut rng, 4);
        let seq = positions_of(&start, &mut rng);
        check_sequence(&mut solver, &seq)?;
    }
}

/// Warm and cold solvers on the leads of full deals: the same values, and the warm one
/// searches fewer nodes over the whole run.
#[test]
fn warm_leads_of_full_deals_equal_cold_ones() {
    let mut rng = DealRng::new(42);
    let mut warm = SolverBuilder::new().tt_memory_mb(16).build();
    let mut cold = SolverBuilder::new()
        .tt_memory_mb(16)
        .build()
        .keep_table(false);
    for _ in 0..4 {
        let deal = rng.deal();
        let pos = Position::new(deal, Strain::NoTrump, Seat::West);
        for card in pos.legal_cards().iter() {
            let mut after = pos.clone();
            after.play_unchecked(card);
            assert_eq!(warm.tricks(&after), cold.tricks(&after), "{card} {after:?}");
        }
    }
    assert!(
        warm.nodes() < cold.nodes(),
        "{} {}",
        warm.nodes(),
        cold.nodes()
    );
}
