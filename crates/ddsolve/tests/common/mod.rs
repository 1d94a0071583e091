//! Shared by the oracle tests: a solver's card values and value of a position checked
//! against the brute-force oracle's.

use ddsolve::search::{MoveOrdering, Solutions, Solver, Target, TranspositionTable};
use ddsolve_cards::Position;
use ddsolve_testkit::oracle;

/// Checks every legal card's value (`Solutions::All`, each card of an equivalence class
/// reported once) and the position's value (`Solver::tricks`) against the oracle; `name`
/// names the configuration in a failure.
pub fn check_against_oracle<T: TranspositionTable, O: MoveOrdering>(
    pos: &Position,
    solver: &mut Solver<T, O>,
    name: &str,
) {
    let sol = solver
        .solve(pos, Target::Max, Solutions::All)
        .expect("a position to play");
    let cards = (sol.cards.iter()).flat_map(|cv| cv.cards().map(|c| (c, u32::from(cv.tricks))));
    oracle::check_values(pos, cards, u32::from(solver.tricks(pos)), name);
}
