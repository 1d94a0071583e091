//! Par: `par`, `dealer_par` and `sides_par` (DDS's `Par`, `DealerPar`, `SidesPar`) of a
//! deal or of a table given as a dict or 20 numbers.

use crate::convert::{
    deal_arg, foreign_pbn, parse_seat, parse_vul, report_dict, type_name, value_error, SEAT_NAMES,
    STRAIN_NAMES,
};
use crate::deal_class::PyDeal;
use ddsolve::report;
use ddsolve::{DdTable, Solver};
use ddsolve_cards::{Deal, Seat, Strain};
use ddsolve_par::{dealer_par as dds_dealer_par, par as dds_par, sides_par as dds_sides_par};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyMapping, PyString};

/// A table argument of the par functions: a deal (solved here, the GIL released), a table
/// dict as [`calc_dd_table`](crate::solve::calc_dd_table) returns, or 20 numbers in DDS order.
fn table_arg(py: Python<'_>, obj: &Bound<'_, PyAny>) -> PyResult<DdTable> {
    if obj.cast::<PyDeal>().is_ok() || obj.cast::<PyString>().is_ok() || obj.hasattr("to_pbn")? {
        let deal = deal_arg(obj)?;
        ddsolve::par::check_full_deal(&deal).map_err(value_error)?;
        return Ok(py.detach(|| Solver::new().table(&deal)));
    }
    let mut tricks = [[0u8; 4]; 5];
    let check = |v: i64, place: String| -> PyResult<u8> {
        u8::try_from(v)
            .ok()
            .filter(|&t| t <= 13)
            .ok_or_else(|| value_error(format!("{place} is {v}: tricks must be 0 to 13")))
    };
    if let Ok(rows) = obj.cast::<PyMapping>() {
        for seat in Seat::ALL {
            let name = SEAT_NAMES[seat.index()];
            let row = rows
                .get_item(name)
                .map_err(|_| value_error(format!("the table has no row for declarer {name:?}")))?;
            let row = row.cast_into::<PyMapping>().map_err(|e| {
                PyTypeError::new_err(format!(
                    "table[{name:?}] must map strains to tricks, not be {}",
                    type_name(&e.into_inner())
                ))
            })?;
            for strain in Strain::ALL {
                let sname = STRAIN_NAMES[strain.index()];
                let place = format!("table[{name:?}][{sname:?}]");
                let v = row
                    .get_item(sname)
                    .map_err(|_| value_error(format!("the table has no entry {place}")))?;
                let v: i64 = v.extract().map_err(|_| {
                    PyTypeError::new_err(format!("{place} must be an int, not {}", type_name(&v)))
                })?;
                tricks[strain.index()][seat.index()] = check(v, place)?;
            }
        }
    } else if let Ok(seq) = obj.extract::<Vec<i64>>() {
        if seq.len() != 20 {
            return Err(value_error(format!(
                "a table given as numbers has 20 of them (DDS order: strains S, H, D, C, NT, \
                 declarers N, E, S, W in each); found {}",
                seq.len()
            )));
        }
        for (i, &v) in seq.iter().enumerate() {
            tricks[i / 4][i % 4] = check(v, format!("table number {}", i + 1))?;
        }
    } else if let Some(text) = foreign_pbn(obj)? {
        let deal = Deal::from_pbn(&text).map_err(value_error)?;
        ddsolve::par::check_full_deal(&deal).map_err(value_error)?;
        return Ok(py.detach(|| Solver::new().table(&deal)));
    } else {
        return Err(PyTypeError::new_err(format!(
            "par needs a deal (ddsolve.Deal or PBN string), a table dict as calc_dd_table \
             returns, or 20 numbers in DDS order, not {}",
            type_name(obj)
        )));
    }
    DdTable::new(tricks).map_err(value_error)
}

/// Par (DDS ``Par``): the result of perfect bidding by both sides when both know the
/// double-dummy table, seen from each side (the two views differ only when whoever bids first
/// gains). The ``par`` of the command line's ``ddsolve par --format json``.
///
/// ``deal_or_table`` is a deal (``Deal``, PBN string, or another library's deal such as
/// endplay's: its table is solved first, the GIL released), a table dict as
/// ``calc_dd_table`` returns, or 20 numbers in DDS order (a ``TABLE`` line: strains S, H, D,
/// C, NT, declarers N, E, S, W in each). ``vul`` is ``"none"``, ``"both"``, ``"ns"`` or
/// ``"ew"``.
///
/// Returns ``{"ns": P, "ew": P, "dds": [...]}``: each side's view ``P = {"score": ...,
/// "contracts": [...]}``, its score that side's, and DDS's text form (a ``PAR`` line of DDS's
/// files). Each contract is the one contract object of every front end: ``level``,
/// ``strain``, ``declarer`` (a seat, or ``"NS"``/``"EW"`` when either seat of the side can
/// declare), ``doubled`` (a sacrifice), ``tricks`` (declarer's), ``result`` (overtricks, or
/// minus the undertricks) and ``text`` (as a player writes it: ``EW 2S``, ``NS 4Hx-2``).
///
/// >>> p = par("N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3")
/// >>> p["ns"]["score"], p["ew"]["score"]
/// (-110, 110)
/// >>> p["ns"]["contracts"]
/// [{'level': 2, 'strain': 'S', 'declarer': 'EW', 'doubled': False, 'tricks': 8, 'result': 0, 'text': 'EW 2S'}]
/// >>> p["dds"]
/// ['NS -110', 'EW 110', 'NS:EW 2S', 'EW:EW 2S']
#[pyfunction]
#[pyo3(signature = (deal_or_table, vul="none"))]
pub(crate) fn par<'py>(
    py: Python<'py>,
    deal_or_table: &Bound<'py, PyAny>,
    vul: &str,
) -> PyResult<Bound<'py, PyDict>> {
    let vul = parse_vul(vul)?;
    let table = table_arg(py, deal_or_table)?;
    let p = dds_par(&table, vul);
    let out = report_dict(
        py,
        &report::BySide {
            ns: report::ParResult::from(&p.ns),
            ew: report::ParResult::from(&p.ew),
        },
    )?;
    out.set_item("dds", p.dds_strings().to_vec())?;
    Ok(out)
}

/// Dealer par (DDS ``DealerPar``): par when ``dealer`` bids first (the side that bids first
/// wins ties). The ``dealer_par`` of ``ddsolve par --format json``. Arguments as for
/// ``par``, and ``dealer`` the seat that bids first.
///
/// Returns ``{"score": ..., "contracts": [...], "dds": [...]}``: North-South's score
/// (East-West's is its negative), the par contracts (none if the deal is passed out; each as
/// in ``par``), and DDS's text form (a ``PAR2`` line: the score, then each contract as
/// ``2S-EW``, ``4S*-NS-1``, or ``pass``).
///
/// >>> p = dealer_par([5, 8, 5, 8, 6, 6, 6, 6, 5, 7, 5, 7, 7, 5, 7, 5, 6, 6, 6, 6], "none", "N")
/// >>> p["score"], [c["text"] for c in p["contracts"]], p["dds"]
/// (-110, ['EW 2S'], ['-110', '2S-EW'])
#[pyfunction]
#[pyo3(signature = (deal_or_table, vul="none", dealer="N"))]
pub(crate) fn dealer_par<'py>(
    py: Python<'py>,
    deal_or_table: &Bound<'py, PyAny>,
    vul: &str,
    dealer: &str,
) -> PyResult<Bound<'py, PyDict>> {
    let vul = parse_vul(vul)?;
    let dealer = parse_seat(dealer)?;
    let table = table_arg(py, deal_or_table)?;
    let p = dds_dealer_par(&table, dealer, vul);
    let out = report_dict(py, &report::ParResult::from(&p))?;
    out.set_item("dds", p.dds_strings())?;
    Ok(out)
}

/// Sides par (DDS ``SidesPar``): dealer par with each side dealing (the better of its two
/// seats), each side's score from its own view. The ``sides_par`` of ``ddsolve par --format
/// json``. Arguments as for ``par``.
///
/// Returns ``{"ns": P, "ew": P}``, each ``P`` as ``dealer_par`` returns (``dds``: DDS's text
/// form of that side's dealer par).
///
/// >>> s = sides_par("N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3")
/// >>> s["ns"]["score"], s["ew"]["score"], s["ew"]["contracts"][0]["text"]
/// (-110, 110, 'EW 2S')
#[pyfunction]
#[pyo3(signature = (deal_or_table, vul="none"))]
pub(crate) fn sides_par<'py>(
    py: Python<'py>,
    deal_or_table: &Bound<'py, PyAny>,
    vul: &str,
) -> PyResult<Bound<'py, PyDict>> {
    let vul = parse_vul(vul)?;
    let table = table_arg(py, deal_or_table)?;
    let [ns, ew] = dds_sides_par(&table, vul);
    let out = PyDict::new(py);
    for (name, side) in [("ns", &ns), ("ew", &ew)] {
        let d = report_dict(py, &report::ParResult::from(side))?;
        d.set_item("dds", side.dds_strings())?;
        out.set_item(name, d)?;
    }
    Ok(out)
}
