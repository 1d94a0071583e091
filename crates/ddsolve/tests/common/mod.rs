//! Shared by the oracle tests: a solver's card values and value of a position checked
//! against the brute-force oracle's.

use ddsolve::search::{MoveOrdering, Solutions, Solver, Target, TranspositionTable};
use ddsolve_cards::{Card, Position};
use ddsolve_testkit::oracle;

/// Checks every legal card's value (`Solutions::All`, each card of an equivalence class
/// reported once) and the position's value (`Solver::tricks`) against the oracle; `name`
/// names the configuration in a failure.
pub fn check_against_oracle<T: TranspositionTable, O: MoveOrdering>(
    pos: &Position,
    solver: &mut Solver<T, O>,
    name: &str,
) {
    let want = oracle::card_values(pos);
    let best = want.iter().map(|&(_, v)| v).max().expect("a legal card");
    let sol = solver
        .solve(pos, Target::Max, Solutions::All)
        .expect("a position to play");
    let mut seen = 0;
    for cv in &sol.cards {
        for r in cv.equals.iter() {
            let card = Card::new(cv.card.suit(), r);
            let (_, v) = want
                .iter()
                .find(|(c, _)| *c == card)
                .expect("the solver's card is legal");
            assert_eq!(u32::from(cv.tricks), *v, "[{name}] card {card} in {pos:?}");
            seen += 1;
        }
    }
    assert_eq!(
        seen,
        want.len(),
        "[{name}] every legal card reported once in {pos:?}"
    );
    assert_eq!(
        u32::from(solver.tricks(pos)),
        best,
        "[{name}] value of {pos:?}"
    );
}
