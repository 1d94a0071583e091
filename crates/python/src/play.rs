//! Play analysis: `analyse_play`, what each card of a play cost.

use crate::convert::{deal_arg, parse_cards, parse_seat, parse_strain, value_error};
use ddsolve::Solver;
use pyo3::prelude::*;

/// Play analysis (DDS ``AnalysePlay``): the double-dummy tricks of declarer's side before
/// the first card and after each card of ``cards``, played from the start of ``deal`` with
/// ``leader`` leading to the first trick in ``trump``. Declarer is the hand to the right of
/// the leader. Each value counts the tricks declarer's side has won in the play so far plus
/// what it takes double-dummy from there, so a card that lowers (or raises) it gave a trick
/// away. ``cards`` is a list of cards or one string (``"HJH8HAH2"``, ``"HJ H8"``); an
/// illegal card raises ``ValueError`` naming it, before anything is solved.
///
/// >>> analyse_play("N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3",
/// ...              "NT", "E", "HJ H8 HA H2")
/// [6, 7, 7, 7, 7]
#[pyfunction]
#[pyo3(signature = (deal, trump, leader, cards))]
pub(crate) fn analyse_play(
    py: Python<'_>,
    deal: &Bound<'_, PyAny>,
    trump: &str,
    leader: &str,
    cards: &Bound<'_, PyAny>,
) -> PyResult<Vec<u32>> {
    let deal = deal_arg(deal)?;
    let trump = parse_strain(trump)?;
    let leader = parse_seat(leader)?;
    let cards = parse_cards(cards, "cards")?;
    let analysis = py
        .detach(|| Solver::new().analyse_play(&deal, trump, leader, &cards))
        .map_err(value_error)?;
    Ok(analysis.tricks.into_iter().map(u32::from).collect())
}
