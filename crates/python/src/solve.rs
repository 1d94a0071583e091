//! Solving one deal or one position: `calc_dd_table` and `solve_board`, on a new solver
//! with the GIL released, with the search's counts when asked for (`stats=True`).

use crate::convert::{
    deal_arg, hands_arg, parse_cards, parse_seat, parse_strain, table_dict, value_error,
};
use ddsolve::search::{Counter, SearchStats};
use ddsolve::{CardValue, Solutions, Solver, Target};
use ddsolve_cards::{Card, Holding, Position, Suit};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyTuple};

/// What a new solver's search did for one call: its counts, the table's evictions and the
/// time in microseconds.
struct Counts {
    search: SearchStats,
    tt_evictions: u64,
    micros: u64,
}

/// Runs `work` on a new solver with the GIL released; with `stats`, also returns what its
/// search did.
fn run_solver<R: Send>(
    py: Python<'_>,
    stats: bool,
    work: impl FnOnce(&mut Solver) -> R + Send,
) -> (R, Option<Counts>) {
    py.detach(|| {
        let mut solver = Solver::new();
        let start = std::time::Instant::now();
        let r = work(&mut solver);
        let counts = stats.then(|| Counts {
            search: solver.search_stats().clone(),
            tt_evictions: solver.tt_stats().evictions,
            micros: start.elapsed().as_micros() as u64,
        });
        (r, counts)
    })
}

/// The counts as a dict: ``nodes``, ``searches``, then every counter of the search
/// (``trick_nodes``, ``tt_probes``, ``tt_hits``, ``tt_stores``, ``cut_quick_tricks``,
/// ``cut_second_hand``, ``cut_later_tricks``, ``cut_etc``, ``cut_table``), ``tt_evictions``
/// and ``micros``: the names of ``ddsolve table --stats``.
fn stats_dict<'py>(py: Python<'py>, c: &Counts) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("nodes", c.search.nodes)?;
    d.set_item("searches", c.search.searches)?;
    for counter in Counter::ALL {
        d.set_item(counter.name(), c.search.total(counter))?;
    }
    d.set_item("tt_evictions", c.tt_evictions)?;
    d.set_item("micros", c.micros)?;
    Ok(d)
}

/// `result`, or with counts the pair `(result, stats)`.
fn with_stats<'py>(
    py: Python<'py>,
    result: Bound<'py, PyAny>,
    counts: Option<Counts>,
) -> PyResult<Bound<'py, PyAny>> {
    match counts {
        None => Ok(result),
        Some(c) => Ok(PyTuple::new(py, [result, stats_dict(py, &c)?.into_any()])?.into_any()),
    }
}

/// The double-dummy table of a deal: for each declarer and strain, the tricks declarer
/// takes with perfect play by everyone.
///
/// ``deal`` is a ``Deal`` or a PBN string (13 cards a hand, or fewer for an ending). The
/// result is ``table[declarer][strain]``, declarers ``"N" "E" "S" "W"``, strains
/// ``"S" "H" "D" "C" "NT"``. The GIL is released while solving.
///
/// >>> t = calc_dd_table("N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3")
/// >>> t["N"]["NT"], t["E"]["S"], t["S"]["C"]
/// (6, 8, 7)
/// >>> t["W"]
/// {'S': 8, 'H': 6, 'D': 7, 'C': 5, 'NT': 6}
///
/// With ``stats=True`` it returns ``(table, stats)``, ``stats`` a dict of what the search
/// did: ``nodes``, ``searches`` (zero-window searches), ``trick_nodes``, ``tt_probes``,
/// ``tt_hits``, ``tt_stores``, ``cut_quick_tricks``, ``cut_second_hand``,
/// ``cut_later_tricks``, ``cut_etc``, ``cut_table``, ``tt_evictions`` and ``micros`` (the
/// names of ``ddsolve table --stats``).
///
/// >>> t, s = calc_dd_table("N:AKQ.AK.. 432.32.. JT9.QJ.. 876.T9..", stats=True)
/// >>> t["N"]["NT"], s["nodes"] > 0, s["searches"] >= 20
/// (5, True, True)
#[pyfunction]
#[pyo3(signature = (deal, stats=false))]
pub(crate) fn calc_dd_table<'py>(
    py: Python<'py>,
    deal: &Bound<'py, PyAny>,
    stats: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let deal = deal_arg(deal)?;
    let (table, counts) = run_solver(py, stats, |s| s.table(&deal));
    with_stats(py, table_dict(py, &table)?.into_any(), counts)
}

/// The value of every legal card of the hand to play: a dict from each card (``"SA"``,
/// ``"HT"``) to the tricks its side takes from here to the end, the current trick included,
/// if it plays that card and everyone plays perfectly after. Best cards first, then by suit
/// (S, H, D, C) and rank.
///
/// ``deal`` holds the cards not yet played (a ``Deal`` or a PBN string); ``trump`` is the
/// strain, ``leader`` the seat that leads to the current trick, and ``played`` the cards
/// already played to it, the leader's first (a list of cards or one string like ``"HJ H8"``;
/// they are not in ``deal``, whose hands are then of unequal length, so give it as a PBN
/// string). With ``target``, only the cards that take at least that many tricks (1 to the
/// tricks left) are returned, still with their exact values.
///
/// East leads against notrump; then, after the heart jack and the eight, West to play:
///
/// >>> deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"
/// >>> v = solve_board(deal, "NT", "E")
/// >>> v["S8"], v["HJ"], v["DA"]
/// (7, 6, 6)
/// >>> solve_board(deal, "NT", "E", target=7)["CQ"]
/// 7
/// >>> solve_board("N:QJ6.K652.J85.T98 873.97.AT764.Q4 K5.T3.KQ9.A7652 AT942.AQ4.32.KJ3",
/// ...             "NT", "E", played=["HJ", "H8"])
/// {'HA': 6, 'HQ': 6, 'H4': 6}
///
/// With ``stats=True`` it returns ``(cards, stats)``, ``stats`` as ``calc_dd_table`` gives
/// it.
#[pyfunction]
#[pyo3(
    signature = (deal, trump, leader, played=None, target=None, stats=false),
    text_signature = "(deal, trump, leader, played=(), target=None, stats=False)"
)]
pub(crate) fn solve_board<'py>(
    py: Python<'py>,
    deal: &Bound<'py, PyAny>,
    trump: &Bound<'py, PyString>,
    leader: &Bound<'py, PyString>,
    played: Option<&Bound<'py, PyAny>>,
    target: Option<i64>,
    stats: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let (pos, target) = board_args(deal, trump, leader, played, target)?;
    let (solution, counts) = run_solver(py, stats, |s| s.solve(&pos, target, Solutions::All));
    let solution = solution.map_err(value_error)?;
    let out = card_values(py, solution.cards, target)?;
    with_stats(py, out.into_any(), counts)
}

/// `solve_board`'s arguments: the position (the deal, the trump, the leader and the cards
/// played to the trick) and the target.
pub(crate) fn board_args(
    deal: &Bound<'_, PyAny>,
    trump: &Bound<'_, PyString>,
    leader: &Bound<'_, PyString>,
    played: Option<&Bound<'_, PyAny>>,
    target: Option<i64>,
) -> PyResult<(Position, Target)> {
    let hands = hands_arg(deal)?;
    let trump = parse_strain(&trump.to_cow()?)?;
    let leader = parse_seat(&leader.to_cow()?)?;
    let played = match played {
        Some(p) => parse_cards(p, "played")?,
        None => Vec::new(),
    };
    let pos = Position::with_trick(hands, trump, leader, &played).map_err(value_error)?;
    let target = match target {
        None => Target::Max,
        Some(t) => match u8::try_from(t) {
            Ok(t) => Target::AtLeast(t),
            Err(_) => {
                return Err(value_error(format!(
                    "target {t} is out of range: it must be between 1 and {}, the tricks left",
                    pos.tricks_left()
                )))
            }
        },
    };
    Ok((pos, target))
}

/// The dict of ``solve_board``: each card of the groups (only those reaching the target, if
/// any) with its tricks, best first, then by suit and rank.
pub(crate) fn card_values(
    py: Python<'_>,
    cards: Vec<CardValue>,
    target: Target,
) -> PyResult<Bound<'_, PyDict>> {
    let mut groups: Vec<CardValue> = cards;
    if let Target::AtLeast(t) = target {
        groups.retain(|g| g.tricks >= t);
    }
    groups.sort_by_key(|g| {
        let top = g.equals.highest().map_or(0, |r| r.get());
        (
            std::cmp::Reverse(g.tricks),
            g.card.suit(),
            std::cmp::Reverse(top),
        )
    });
    let out = PyDict::new(py);
    for g in &groups {
        let suit: Suit = g.card.suit();
        for rank in (g.equals | Holding::single(g.card.rank())).iter() {
            out.set_item(Card::new(suit, rank).to_string(), g.tricks)?;
        }
    }
    Ok(out)
}
