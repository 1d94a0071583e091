//! `ddsolve.lead` and `ddsolve.single_dummy`: the analyses of `ddsolve lead` and
//! `ddsolve sd`, their options as arguments, their JSON output as dicts.

use crate::batch::thread_arg;
use crate::convert::{deal_arg, json_to_py, parse_cards, parse_vul, value_error};
use ddsolve_cards::{Deal, Hand, Seat};
use ddsolve_deal::Script;
use ddsolve_lead::condition::{parse_condition, with_filter};
use ddsolve_lead::{
    analyse_leads, analyse_single_dummy, parse_contract, parse_seat_hand, Analysis, Deals,
    LeadProblem, RunOptions, SdProblem,
};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};

/// Runs `analyse` on `samples` deals sampled from `seed` (those meeting `condition`), or on
/// the deals given, the GIL released.
fn sampled(
    py: Python<'_>,
    condition: Option<&Script>,
    given: Option<Vec<Deal>>,
    samples: u64,
    seed: u64,
    analyse: impl FnOnce(Deals<'_>) -> Result<Analysis, String> + Send,
) -> PyResult<Analysis> {
    py.detach(|| {
        with_filter(condition, |filter| {
            let deals = match &given {
                Some(d) => Deals::Given(d),
                None => Deals::Sampled {
                    count: samples,
                    seed,
                    filter,
                    max_tries: samples.saturating_mul(100_000).max(10_000_000),
                },
            };
            analyse(deals)
        })
    })
    .map_err(value_error)
}

/// The common arguments' checks: the samples, the condition, the deals given.
fn common_args(
    condition: Option<&str>,
    samples: i64,
    deals: Option<&Bound<'_, PyAny>>,
) -> PyResult<(Option<Script>, Option<Vec<Deal>>, u64)> {
    if samples < 1 {
        return Err(value_error(format!(
            "samples must be at least 1; got {samples}"
        )));
    }
    let script = condition
        .map(parse_condition)
        .transpose()
        .map_err(|e| value_error(format!("condition: {e}")))?;
    let given = match deals {
        None => None,
        Some(list) => {
            if script.is_some() {
                return Err(value_error("give condition or deals, not both"));
            }
            if list.is_instance_of::<PyString>() {
                return Err(PyTypeError::new_err(
                    "deals must be a list of deals (Deal objects or PBN strings), not one string",
                ));
            }
            let mut out = Vec::new();
            for (i, item) in list.try_iter()?.enumerate() {
                let deal = deal_arg(&item?).map_err(|e| value_error(format!("deals[{i}]: {e}")))?;
                if deal.cards_per_hand() != 13 {
                    return Err(value_error(format!(
                        "deals[{i}]: a deal of {} cards a hand: sampled analyses take whole deals",
                        deal.cards_per_hand()
                    )));
                }
                out.push(deal);
            }
            if out.is_empty() {
                return Err(value_error("deals: no deals"));
            }
            Some(out)
        }
    };
    Ok((script, given, samples as u64))
}

/// The command line's JSON object: `problem`, `samples`, `tried`, `nodes`, and the cards'
/// statistics under `key`.
fn analysis_dict<'py>(
    py: Python<'py>,
    heading: String,
    key: &str,
    analysis: &Analysis,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("problem", heading)?;
    d.set_item("samples", analysis.samples.len())?;
    d.set_item("tried", analysis.tried)?;
    d.set_item("nodes", analysis.nodes)?;
    let stats = serde_json::to_value(&analysis.stats).map_err(value_error)?;
    d.set_item(key, json_to_py(py, &stats)?)?;
    Ok(d)
}

fn seat_hand(text: &str, what: &str) -> PyResult<(Seat, Hand)> {
    parse_seat_hand(text).map_err(|e| value_error(format!("{what}: {e}")))
}

fn run_options(threads: Option<i64>) -> PyResult<RunOptions> {
    Ok(RunOptions {
        threads: thread_arg(threads)?,
        ..RunOptions::default()
    })
}

/// Every opening lead of a hand against a contract, valued double dummy over sampled deals:
/// what ``ddsolve lead --format json`` prints, as a dict.
///
/// ``hand`` is the leader's seat, a colon and the suits (``"W:KQ3.J92.T8763.A4"``; the seat
/// is declarer's left-hand opponent); ``contract`` the level, strain, ``x`` or ``xx``, and
/// declarer (``"3NTS"``, ``"4HxE"``); ``vul`` ``"none"``, ``"ns"``, ``"ew"`` or ``"both"``.
/// ``samples`` deals give the other 39 cards at random from ``seed`` (the same on any number
/// of ``threads``), each meeting ``condition`` when given: a dealer-language script with a
/// ``condition`` (what the auction showed), or just the condition's expression. With
/// ``deals`` (``Deal`` objects or PBN strings), those deals instead.
///
/// The dict: ``"problem"`` (the heading), ``"samples"``, ``"tried"`` (deals drawn),
/// ``"nodes"``, and ``"leads"``: the groups of equal leads, best first, each with
/// ``"cards"`` and, as ``{"mean": ..., "se": ...}`` (the standard error), ``"tricks"``
/// (the defence's), ``"success"`` (how often the contract is set), ``"score"`` (the
/// defence's), ``"imps"`` and ``"matchpoints"`` (against the other leads on the same deals)
/// and ``"best"`` (how often no lead takes more tricks).
///
/// >>> r = lead("W:KQJT.432.5432.32", "4SS", samples=20, seed=1)
/// >>> r["problem"]
/// '4S by S, not vulnerable; W leads from KQJT.432.5432.32'
/// >>> r["samples"], sorted(r["leads"][0])
/// (20, ['best', 'cards', 'imps', 'matchpoints', 'score', 'success', 'tricks'])
/// >>> sorted(c for g in r["leads"] for c in g["cards"])[:3]
/// ['C2', 'C3', 'D2']
/// >>> r = lead("W:KQJT.432.5432.32", "3NTS", condition="hcp(north) + hcp(south) >= 25", samples=10)
/// >>> r["samples"]
/// 10
#[pyfunction]
#[pyo3(
    signature = (hand, contract, vul="none", condition=None, samples=1000, seed=1, threads=None, deals=None),
    text_signature = "(hand, contract, vul='none', condition=None, samples=1000, seed=1, threads=None, deals=None)"
)]
#[allow(clippy::too_many_arguments)]
pub fn lead<'py>(
    py: Python<'py>,
    hand: &str,
    contract: &str,
    vul: &str,
    condition: Option<&str>,
    samples: i64,
    seed: u64,
    threads: Option<i64>,
    deals: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let (seat, hand) = seat_hand(hand, "hand")?;
    let contract = parse_contract(contract).map_err(|e| value_error(format!("contract: {e}")))?;
    let vul = parse_vul(vul)?;
    let problem = LeadProblem {
        hand,
        contract,
        vulnerable: vul.is_vulnerable(contract.declarer().side()),
    };
    if seat != problem.leader() {
        return Err(value_error(format!(
            "hand: the hand is {seat}'s, but against {contract} {} leads",
            problem.leader()
        )));
    }
    let (script, given, samples) = common_args(condition, samples, deals)?;
    let options = run_options(threads)?;
    let analysis = sampled(py, script.as_ref(), given, samples, seed, |deals| {
        analyse_leads(&problem, deals, &options, &mut |_| {}).map_err(|e| e.to_string())
    })?;
    analysis_dict(py, problem.heading(), "leads", &analysis)
}

/// Single-dummy play: each legal card of a position as declarer or a defender sees it,
/// valued double dummy over deals of the hidden hands sampled consistent with what was seen:
/// what ``ddsolve sd --format json`` prints, as a dict.
///
/// ``hand`` is the player's seat and hand as dealt (the cards it played included, e.g.
/// ``"S:AQJ94.K32.A52.A4"``), ``dummy`` dummy's the same way (declarer's partner);
/// ``played`` the cards played from the opening lead on (a string such as ``"CK C3 C2 CA"``
/// or a list of cards; None: none). ``contract``, ``vul``, ``condition``, ``samples``, ``seed``,
/// ``threads`` and ``deals`` are as for ``lead``. The card valued are those of the hand to
/// play (the player's, or dummy's when declarer plays from dummy).
///
/// The dict: ``"problem"``, ``"samples"``, ``"tried"``, ``"nodes"`` and ``"cards"``, the
/// groups of equal cards, best first, with the statistics of ``lead`` for the player's side
/// (``"success"``: the contract made for declarer, set for a defender).
///
/// >>> r = single_dummy("S:AQJ94.K32.A52.A4", "N:KT853.A54.K43.73", "4SS",
/// ...                  played="CK C3 C2 CA", samples=20)
/// >>> r["problem"]
/// '4S by S, not vulnerable; S sees AQJ94.K32.A52.A4 and dummy KT853.A54.K43.73; S to play after 4 cards'
/// >>> r["samples"], all(0 <= g["success"]["mean"] <= 1 for g in r["cards"])
/// (20, True)
#[pyfunction]
#[pyo3(
    signature = (hand, dummy, contract, played=None, vul="none", condition=None, samples=1000, seed=1, threads=None, deals=None),
    text_signature = "(hand, dummy, contract, played=None, vul='none', condition=None, samples=1000, seed=1, threads=None, deals=None)"
)]
#[allow(clippy::too_many_arguments)]
pub fn single_dummy<'py>(
    py: Python<'py>,
    hand: &str,
    dummy: &str,
    contract: &str,
    played: Option<&Bound<'py, PyAny>>,
    vul: &str,
    condition: Option<&str>,
    samples: i64,
    seed: u64,
    threads: Option<i64>,
    deals: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let (viewer, hand) = seat_hand(hand, "hand")?;
    let (dummy_seat, dummy) = seat_hand(dummy, "dummy")?;
    let contract = parse_contract(contract).map_err(|e| value_error(format!("contract: {e}")))?;
    if dummy_seat != contract.declarer().partner() {
        return Err(value_error(format!(
            "dummy: the hand is {dummy_seat}'s, but in {contract} dummy is {}",
            contract.declarer().partner()
        )));
    }
    let played = match played {
        Some(p) => parse_cards(p, "played").map_err(|e| {
            if e.is_instance_of::<PyValueError>(py) {
                value_error(format!("played: {}", e.value(py)))
            } else {
                e
            }
        })?,
        None => Vec::new(),
    };
    let vul = parse_vul(vul)?;
    let problem = SdProblem {
        viewer,
        hand,
        dummy,
        contract,
        vulnerable: vul.is_vulnerable(contract.declarer().side()),
        played,
    };
    let seen = problem.seen().map_err(value_error)?;
    let (script, given, samples) = common_args(condition, samples, deals)?;
    let options = run_options(threads)?;
    let analysis = sampled(py, script.as_ref(), given, samples, seed, |deals| {
        analyse_single_dummy(&problem, deals, &options, &mut |_| {}).map_err(|e| e.to_string())
    })?;
    analysis_dict(py, problem.heading(&seen), "cards", &analysis)
}
