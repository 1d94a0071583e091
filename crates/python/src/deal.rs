//! `ddsolve.deal`: runs a script of the dealer language (Hans van Staveren's `dealer`, as
//! `ddsolve deal` runs it) and returns the run as data.

use crate::batch::thread_arg;
use crate::convert::value_error;
use crate::deal_class::PyDeal;
use ddsolve_deal::actions::ActionResult;
use ddsolve_deal::ast::Action;
use ddsolve_deal::gen::RngKind;
use ddsolve_deal::{Options, Script};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

/// The name of an action as the script writes it.
fn action_name(action: &Action) -> &'static str {
    match action {
        Action::PrintAll => "printall",
        Action::PrintEw => "printew",
        Action::Print(_) => "print",
        Action::PrintPbn => "printpbn",
        Action::PrintCompact(_) => "printcompact",
        Action::PrintOneLine(_) => "printoneline",
        Action::PrintEs(_) => "printes",
        Action::Average(..) => "average",
        Action::Frequency(..) | Action::Frequency2(..) => "frequency",
        Action::EvalContract => "evalcontract",
    }
}

/// The dict of one action's result.
fn action_dict<'py>(
    py: Python<'py>,
    action: &Action,
    result: &ActionResult,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("action", action_name(action))?;
    match result {
        ActionResult::Print => {}
        ActionResult::Average { label, mean } => {
            d.set_item("label", label)?;
            d.set_item("mean", if mean.is_nan() { None } else { Some(*mean) })?;
        }
        ActionResult::Frequency {
            label,
            range,
            counts,
            below,
            above,
        } => {
            d.set_item("label", label)?;
            d.set_item("range", *range)?;
            let c = PyDict::new(py);
            for (i, n) in counts.iter().enumerate() {
                c.set_item(i64::from(range.0) + i as i64, n)?;
            }
            d.set_item("counts", c)?;
            d.set_item("below", below)?;
            d.set_item("above", above)?;
        }
        ActionResult::Frequency2 {
            label,
            rows,
            columns,
            counts,
        } => {
            d.set_item("label", label)?;
            d.set_item("rows", *rows)?;
            d.set_item("columns", *columns)?;
            d.set_item("counts", counts.clone())?;
        }
        ActionResult::EvalContract { scores } => {
            for (key, table) in ["not_vulnerable", "vulnerable"]
                .into_iter()
                .zip(scores.iter())
            {
                let t = PyDict::new(py);
                for (strain, row) in ["C", "D", "H", "S", "NT"].into_iter().zip(table) {
                    for (level, &(south, west)) in row.iter().enumerate() {
                        let pair = PyDict::new(py);
                        pair.set_item("S", south)?;
                        pair.set_item("W", west)?;
                        t.set_item(format!("{}{strain}", level + 1), pair)?;
                    }
                }
                d.set_item(key, t)?;
            }
        }
    }
    Ok(d)
}

/// Runs a script of the dealer language (Hans van Staveren's ``dealer``, as ``ddsolve deal``
/// runs it: docs/dealer.md) and returns the run as a dict.
///
/// ``script`` is the text of the script: ``generate``, ``produce``, ``predeal``,
/// ``condition``, variables and ``action``. ``produce`` and ``generate`` override the
/// script's (as ``-p`` and ``-g`` do); without either, a script whose actions print deals
/// produces 40, others run until 10 million deals are generated. ``seed`` fixes the deals
/// (None: the time; the seed used is returned); ``rng="dealer"`` deals what Debian's
/// ``dealer -s SEED`` deals (on one thread), ``"counter"`` (the default) the same deals on
/// any number of ``threads`` (None: every core). ``tricks(...)`` is solved double dummy.
///
/// The result:
///
/// - ``"deals"``: each produced deal, in order, a dict of ``"deal"`` (a ``Deal``),
///   ``"values"`` (the numbers its actions printed: the expression of ``printcompact(e)``
///   and ``printoneline(e)``, each expression of ``printes``) and ``"text"`` (what its
///   actions wrote);
/// - ``"actions"``: a dict per action, in order, with ``"action"`` (its name) and, for
///   ``average``, ``"label"`` and ``"mean"`` (None with no deal); for ``frequency``,
///   ``"label"``, ``"range"``, ``"counts"`` (value to deals), ``"below"`` and ``"above"``
///   (deals outside the range); for a two-way ``frequency``, ``"rows"`` and ``"columns"``
///   (the two ranges) and ``"counts"``, a list of rows (below the range, each value, above)
///   of lists the same way; for ``evalcontract``, ``"not_vulnerable"`` and ``"vulnerable"``,
///   each contract (``"1C"`` .. ``"7NT"``) to its average score with South and with West
///   declaring (``{"S": ..., "W": ...}``);
/// - ``"generated"``, ``"produced"``, ``"seed"``; ``"output"``: what ``ddsolve deal -v``
///   prints (the run's text without the closing statistics).
///
/// >>> run = deal('''
/// ... produce 3
/// ... condition hcp(north) >= 15
/// ... action printes(hcp(north), "\n"), average "south" hcp(south)
/// ... ''', seed=1)
/// >>> run["produced"], len(run["deals"])
/// (3, 3)
/// >>> all(v[0] >= 15 for v in (d["values"] for d in run["deals"]))
/// True
/// >>> run["actions"][1]["action"], run["actions"][1]["label"]
/// ('average', 'south')
/// >>> first = run["deals"][0]["deal"]
/// >>> first.cards_per_hand, str(run["deals"][0]["values"][0]) + "\n" == run["deals"][0]["text"]
/// (13, True)
///
/// A script in error raises ``ValueError`` with the line and the column:
///
/// >>> deal("condition hcp(north) >= \naction printall")
/// Traceback (most recent call last):
/// ...
/// ValueError: 2:1: ...
#[pyfunction]
#[pyo3(
    signature = (script, produce=None, seed=None, threads=None, rng="counter", generate=None),
    text_signature = "(script, produce=None, seed=None, threads=None, rng='counter', generate=None)"
)]
pub fn deal<'py>(
    py: Python<'py>,
    script: &str,
    produce: Option<u64>,
    seed: Option<u64>,
    threads: Option<i64>,
    rng: &str,
    generate: Option<u64>,
) -> PyResult<Bound<'py, PyDict>> {
    let parsed = Script::parse(script).map_err(value_error)?;
    let rng = match rng.trim().to_ascii_lowercase().as_str() {
        "counter" => RngKind::Counter,
        "dealer" => RngKind::Dealer,
        _ => {
            return Err(value_error(format!(
                "{rng:?} is not a generator: use \"counter\" or \"dealer\""
            )))
        }
    };
    let opts = Options {
        produce,
        generate,
        seed,
        verbose: false,
        rng,
        threads: thread_arg(threads)?,
        ..Options::default()
    };
    let report = py
        .detach(|| parsed.run_report(&opts))
        .map_err(value_error)?;
    let out = PyDict::new(py);
    let deals = PyList::empty(py);
    for p in &report.deals {
        let d = PyDict::new(py);
        d.set_item("deal", PyDeal { deal: p.deal })?;
        d.set_item("values", PyList::new(py, &p.values)?)?;
        d.set_item("text", &p.text)?;
        deals.append(d)?;
    }
    out.set_item("deals", deals)?;
    let actions = PyList::empty(py);
    for (a, r) in parsed.action_list().iter().zip(&report.actions) {
        actions.append(action_dict(py, a, r)?)?;
    }
    out.set_item("actions", actions)?;
    out.set_item("generated", report.summary.generated)?;
    out.set_item("produced", report.summary.produced)?;
    out.set_item("seed", report.summary.seed)?;
    out.set_item("output", report.output)?;
    Ok(out)
}
