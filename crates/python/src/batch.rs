//! Batches solved in parallel, in input order: `calc_all_tables`, `solve_all_boards` and
//! `analyse_all_plays`; the number of worker threads, and the fields of a batch's items
//! (a tuple's places or a dict's keys) read with errors that name the item.

use crate::convert::{
    deal_arg, hands_arg, parse_cards, parse_seat, parse_strain, table_dict, type_name, value_error,
};
use crate::solve::card_values;
use ddsolve::exec::map_in_order;
use ddsolve::{solve_tables, Solutions, Solver, Target};
use ddsolve_cards::Position;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

/// The number of cores (1 if it cannot be told).
fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The number of worker threads of a batch: `threads`, or every core for `None`; never more
/// than the cores (as DDS caps its threads).
pub(crate) fn thread_arg(threads: Option<i64>) -> PyResult<usize> {
    match threads {
        None => Ok(cores()),
        Some(n) if n >= 1 => Ok(usize::try_from(n).unwrap_or(usize::MAX).min(cores())),
        Some(n) => Err(value_error(format!(
            "threads must be at least 1 (or None for every core); got {n}"
        ))),
    }
}

/// The workers of a batch of `units` tasks: `threads`, never more than the tasks (at least 1).
fn batch_workers(threads: usize, units: usize) -> usize {
    threads.min(units).max(1)
}

/// Refuses a batch item that is a dict with a key other than `keys`, or a sequence of more
/// than `places` fields (a typo such as `"plyed"` would otherwise be ignored).
fn check_fields(item: &Bound<'_, PyAny>, keys: &[&str], places: usize) -> PyResult<()> {
    let known = || keys.join(", ");
    if let Ok(d) = item.cast::<PyDict>() {
        for key in d.keys() {
            match key.extract::<String>() {
                Ok(k) if keys.contains(&k.as_str()) => {}
                _ => {
                    return Err(value_error(format!(
                        "unknown key {}: the keys are {}",
                        key.repr()?,
                        known()
                    )))
                }
            }
        }
    } else if let Ok(n) = item.len() {
        if n > places {
            return Err(value_error(format!(
                "{n} fields; at most {places} ({})",
                keys[..places].join(", ")
            )));
        }
    }
    Ok(())
}

/// `f` applied to each item of the iterable `items`, the errors naming the item's index.
fn each_item<T>(
    py: Python<'_>,
    items: &Bound<'_, PyAny>,
    what: &str,
    mut f: impl FnMut(&Bound<'_, PyAny>) -> PyResult<T>,
) -> PyResult<Vec<T>> {
    let iter = items.try_iter().map_err(|_| {
        PyTypeError::new_err(format!(
            "{what} must be an iterable, not {}",
            type_name(items)
        ))
    })?;
    let mut out = Vec::new();
    for (i, item) in iter.enumerate() {
        let item = item?;
        out.push(f(&item).map_err(|e| {
            let msg = format!("{what}[{i}]: {}", e.value(py));
            if e.is_instance_of::<PyTypeError>(py) {
                PyTypeError::new_err(msg)
            } else {
                value_error(msg)
            }
        })?);
    }
    Ok(out)
}

/// A field of a batch item: a dict's key, or a tuple's place.
fn field<'py>(
    item: &Bound<'py, PyAny>,
    key: &str,
    place: usize,
) -> PyResult<Option<Bound<'py, PyAny>>> {
    if let Ok(d) = item.cast::<PyDict>() {
        return d.get_item(key);
    }
    match item.get_item(place) {
        Ok(v) => Ok(Some(v)),
        Err(_) => Ok(None),
    }
}

fn required<'py>(item: &Bound<'py, PyAny>, key: &str, place: usize) -> PyResult<Bound<'py, PyAny>> {
    field(item, key, place)?.ok_or_else(|| value_error(format!("no {key} (place {place})")))
}

/// The double-dummy tables of many deals, solved in parallel, in input order.
///
/// ``deals`` is an iterable of ``Deal`` objects or PBN strings; ``threads`` the number of
/// worker threads (``None``: every core; never more than the cores nor the deals' strains). Each worker owns its solver; a deal given twice is
/// solved once. The GIL is released while solving. A malformed deal raises ``ValueError``
/// naming its index, before anything is solved.
///
/// >>> tables = calc_all_tables(["N:A... K... Q... J...", "N:.2.. .A.. .K.. .Q.."], threads=2)
/// >>> [t["N"]["S"] for t in tables], [t["N"]["NT"] for t in tables]
/// ([1, 0], [1, 0])
/// >>> calc_all_tables(["N:A... K... Q... J...", "N:A... K... Q..."])
/// Traceback (most recent call last):
/// ...
/// ValueError: deals[1]: a PBN deal has 4 hands separated by spaces; found 3
#[pyfunction]
#[pyo3(signature = (deals, threads=None))]
pub(crate) fn calc_all_tables<'py>(
    py: Python<'py>,
    deals: &Bound<'py, PyAny>,
    threads: Option<i64>,
) -> PyResult<Bound<'py, PyList>> {
    let threads = thread_arg(threads)?;
    let items = deals.try_iter().map_err(|_| {
        PyTypeError::new_err(format!(
            "deals must be an iterable of ddsolve.Deal or PBN strings, not {}",
            type_name(deals)
        ))
    })?;
    let mut parsed = Vec::new();
    for (i, item) in items.enumerate() {
        let item = item?;
        let deal = deal_arg(&item).map_err(|e| {
            let msg = e.value(py).to_string();
            if e.is_instance_of::<PyTypeError>(py) {
                PyTypeError::new_err(format!("deals[{i}]: {msg}"))
            } else {
                value_error(format!("deals[{i}]: {msg}"))
            }
        })?;
        parsed.push(deal);
    }
    let tables = py.detach(|| solve_tables(&parsed, batch_workers(threads, 5 * parsed.len())));
    let out = PyList::empty(py);
    for table in &tables {
        out.append(table_dict(py, table)?)?;
    }
    Ok(out)
}

/// The value of every legal card in many positions, solved in parallel (one solver per
/// worker thread), in input order: what ``solve_board`` returns for each.
///
/// ``boards`` is an iterable of tuples ``(deal, trump, leader)`` or ``(deal, trump, leader,
/// played)``, or of dicts with those keys (and ``target``), each as ``solve_board`` takes
/// them. A malformed board (a dict key other than those, such as ``"plyed"``, or a tuple of
/// more than four) raises ``ValueError`` naming its index, before anything is solved.
/// ``threads``: ``None`` for every core; never more than the cores nor the boards.
///
/// >>> deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"
/// >>> [r["HJ"] for r in solve_all_boards([(deal, "NT", "E"), (deal, "S", "E")], threads=2)]
/// [6, 8]
#[pyfunction]
#[pyo3(signature = (boards, threads=None))]
pub(crate) fn solve_all_boards<'py>(
    py: Python<'py>,
    boards: &Bound<'py, PyAny>,
    threads: Option<i64>,
) -> PyResult<Bound<'py, PyList>> {
    let threads = thread_arg(threads)?;
    let jobs = each_item(py, boards, "boards", |item| {
        check_fields(item, &["deal", "trump", "leader", "played", "target"], 4)?;
        let hands = hands_arg(&required(item, "deal", 0)?)?;
        let trump = parse_strain(&required(item, "trump", 1)?.extract::<String>()?)?;
        let leader = parse_seat(&required(item, "leader", 2)?.extract::<String>()?)?;
        let played = match field(item, "played", 3)? {
            Some(p) if !p.is_none() => parse_cards(&p, "played")?,
            _ => Vec::new(),
        };
        let pos = Position::with_trick(hands, trump, leader, &played).map_err(value_error)?;
        let target = match item.cast::<PyDict>().ok().map(|d| d.get_item("target")) {
            Some(Ok(Some(t))) if !t.is_none() => {
                let t: i64 = t.extract()?;
                match u8::try_from(t) {
                    Ok(t) => Target::AtLeast(t),
                    Err(_) => return Err(value_error(format!("target {t} is out of range"))),
                }
            }
            _ => Target::Max,
        };
        Ok((pos, target))
    })?;
    let results = py.detach(|| {
        map_in_order(
            batch_workers(threads, jobs.len()),
            &jobs,
            Solver::new,
            |solver, (pos, target)| {
                solver
                    .solve(pos, *target, Solutions::All)
                    .map(|s| (s, *target))
            },
        )
    });
    let list = PyList::empty(py);
    for (i, r) in results.into_iter().enumerate() {
        let (solution, target) = r.map_err(|e| value_error(format!("boards[{i}]: {e}")))?;
        list.append(card_values(py, solution.cards, target)?)?;
    }
    Ok(list)
}

/// Play analysis of many plays in parallel, in input order: what ``analyse_play`` returns
/// for each. ``plays`` is an iterable of tuples ``(deal, trump, leader, cards)`` or dicts with
/// those keys. A malformed play (a dict key other than those, a tuple of more than four)
/// raises ``ValueError`` naming its index, before anything is solved. ``threads``: ``None``
/// for every core; never more than the cores nor the plays.
///
/// >>> deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"
/// >>> analyse_all_plays([(deal, "NT", "E", "HJ H8 HA H2"), (deal, "NT", "E", "HJ")])
/// [[6, 7, 7, 7, 7], [6, 7]]
#[pyfunction]
#[pyo3(signature = (plays, threads=None))]
pub(crate) fn analyse_all_plays<'py>(
    py: Python<'py>,
    plays: &Bound<'py, PyAny>,
    threads: Option<i64>,
) -> PyResult<Vec<Vec<u32>>> {
    let threads = thread_arg(threads)?;
    let jobs = each_item(py, plays, "plays", |item| {
        check_fields(item, &["deal", "trump", "leader", "cards"], 4)?;
        let deal = deal_arg(&required(item, "deal", 0)?)?;
        let trump = parse_strain(&required(item, "trump", 1)?.extract::<String>()?)?;
        let leader = parse_seat(&required(item, "leader", 2)?.extract::<String>()?)?;
        let cards = parse_cards(&required(item, "cards", 3)?, "cards")?;
        Ok((deal, trump, leader, cards))
    })?;
    let results = py.detach(|| {
        map_in_order(
            batch_workers(threads, jobs.len()),
            &jobs,
            Solver::new,
            |solver, (deal, trump, leader, cards)| {
                solver.analyse_play(deal, *trump, *leader, cards)
            },
        )
    });
    results
        .into_iter()
        .enumerate()
        .map(|(i, r)| {
            r.map(|a| a.tricks.into_iter().map(u32::from).collect())
                .map_err(|e| value_error(format!("plays[{i}]: {e}")))
        })
        .collect()
}
