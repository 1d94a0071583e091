//! `CardOrder::Dds`: the cards of list100.txt's `FUT` lines (every lead's value, in DDS's
//! order) come out of `Solver::solve_in_order` in the same order, with `Solutions::All`;
//! `Solutions::AllBest` gives the line's best cards and `Solutions::One` its first card (the
//! file's `equals` leave the card itself out).

use ddsolve_cards::{Holding, Position};
use ddsolve_orderings::AnyOrdering;
use ddsolve_search::{CardOrder, SearchConfig, Solutions, Solver, Target};
use ddsolve_testkit::data;
use ddsolve_tt_pattern::TtPattern;

#[test]
fn list100_in_dds_order() {
    let entries = data::read_dds_file("list100.txt").expect("list100.txt reads");
    let mut solver: Solver<_, AnyOrdering> =
        Solver::with_tt(SearchConfig::default(), TtPattern::new(64));
    let mut checked = 0;
    for e in &entries {
        let Some(fut) = &e.fut else { continue };
        let pos = Position::new(e.deal, e.trump, e.first);
        let want: Vec<_> = fut.iter().map(|c| (c.card, c.equals, c.score)).collect();
        let best = fut.iter().take_while(|c| c.score == fut[0].score).count();
        for (how, n) in [
            (Solutions::All, want.len()),
            (Solutions::AllBest, best),
            (Solutions::One, 1),
        ] {
            let got: Vec<_> = solver
                .solve_in_order(&pos, Target::Max, how, CardOrder::Dds)
                .expect("the position solves")
                .cards
                .iter()
                .map(|c| (c.card, c.equals - Holding::single(c.card.rank()), c.tricks))
                .collect();
            if fut[0].score > 0 || how == Solutions::All {
                assert_eq!(got, want[..n], "entry {} {how:?}", e.number);
            }
        }
        checked += 1;
    }
    assert_eq!(checked, 100);
}
