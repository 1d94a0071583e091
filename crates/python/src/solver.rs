//! `ddsolve.Solver`: one solver kept across calls, its transposition table warm from one
//! position to the next (the next card of a play, the leads of one deal, deal after deal
//! in the same strain), as the library's `Solver` keeps it.

use crate::convert::value_error;
use crate::solve::{board_args, card_values};
use ddsolve::{Solutions, Solver};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use std::sync::{Mutex, MutexGuard};

/// A solver kept across calls: ``solve_board`` on it gives what the module's
/// ``solve_board`` gives, but its transposition table stays warm from one call to the next
/// (the next card of a play, the leads of one deal), so a sequence of positions costs less
/// than solving each from cold. The table is cleared when the trumps change (the one case
/// where what it holds would not be true); answers never depend on what it holds. A solver
/// is used by one call at a time (calls from several threads wait for each other); make one
/// per thread to solve in parallel.
///
/// >>> s = Solver()
/// >>> deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"
/// >>> s.solve_board(deal, "NT", "E") == solve_board(deal, "NT", "E")
/// True
/// >>> s.solve_board("N:QJ6.K652.J85.T98 873.97.AT764.Q4 K5.T3.KQ9.A7652 AT942.AQ4.32.KJ3",
/// ...               "NT", "E", played=["HJ", "H8"])
/// {'HA': 6, 'HQ': 6, 'H4': 6}
/// >>> s.nodes > 0
/// True
#[pyclass(module = "ddsolve", name = "Solver", frozen)]
pub(crate) struct PySolver {
    solver: Mutex<Solver>,
}

impl PySolver {
    /// The solver, even if a call panicked while holding it (its table is then cleared:
    /// a search cut short may have left it half-written, though every entry is a true
    /// bound).
    fn lock(&self) -> MutexGuard<'_, Solver> {
        match self.solver.lock() {
            Ok(s) => s,
            Err(poisoned) => {
                let mut s = poisoned.into_inner();
                s.clear();
                s
            }
        }
    }
}

#[pymethods]
impl PySolver {
    #[new]
    #[pyo3(text_signature = "()")]
    fn new() -> PySolver {
        PySolver {
            solver: Mutex::new(Solver::new()),
        }
    }

    /// As the module's ``solve_board``: every legal card of the hand to play, to the tricks
    /// its side takes from here on, best first; on this solver's warm table.
    ///
    /// >>> Solver().solve_board("N:A.K.. Q.J.. T.9.. 8.7..", "NT", "N")
    /// {'SA': 2, 'HK': 2}
    #[pyo3(
        signature = (deal, trump, leader, played=None, target=None),
        text_signature = "(self, deal, trump, leader, played=(), target=None)"
    )]
    fn solve_board<'py>(
        &self,
        py: Python<'py>,
        deal: &Bound<'py, PyAny>,
        trump: &Bound<'py, PyString>,
        leader: &Bound<'py, PyString>,
        played: Option<&Bound<'py, PyAny>>,
        target: Option<i64>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let (pos, target) = board_args(deal, trump, leader, played, target)?;
        let solution = py
            .detach(|| self.lock().solve(&pos, target, Solutions::All))
            .map_err(value_error)?;
        card_values(py, solution.cards, target)
    }

    /// The nodes this solver has searched, over all its calls.
    #[getter]
    fn nodes(&self) -> u64 {
        self.lock().nodes()
    }

    /// Forgets what the table holds: the next call starts cold, as a new solver would.
    ///
    /// >>> s = Solver()
    /// >>> s.clear()
    fn clear(&self) {
        self.lock().clear();
    }
}
