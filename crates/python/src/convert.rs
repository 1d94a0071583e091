//! Conversion between Python and the library: the arguments (seats, strains,
//! vulnerability, cards, deals from a `Deal`, a PBN string or another library's deal) read
//! into the library's types with errors that name them, and the results (a table, a report
//! object) written as Python dicts.

use crate::deal_class::PyDeal;
use ddsolve::DdTable;
use ddsolve_cards::{parse_card_list, parse_pbn_hands, Card, Deal, Hand, Seat, SeatMap, Strain};
use ddsolve_par::Vulnerability;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};

/// The seats in DDS order, as the module writes them.
pub(crate) const SEAT_NAMES: [&str; 4] = ["N", "E", "S", "W"];
/// The strains in DDS order, as the module writes them.
pub(crate) const STRAIN_NAMES: [&str; 5] = ["S", "H", "D", "C", "NT"];

pub(crate) fn value_error(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// Reads a seat: `N`, `E`, `S`, `W` or `north` .. `west`, either case.
pub(crate) fn parse_seat(s: &str) -> PyResult<Seat> {
    s.parse()
        .map_err(|_| value_error(format!("{s:?} is not a seat: use N, E, S or W")))
}

/// Reads a strain: `S`, `H`, `D`, `C`, `NT` or `N`, or its name (`spades` ... `notrump`), any case.
pub(crate) fn parse_strain(s: &str) -> PyResult<Strain> {
    Strain::from_str_name(s.trim()).ok_or_else(|| {
        value_error(format!(
            "{s:?} is not a strain: use S, H, D, C or NT (N also means notrump)"
        ))
    })
}

/// Reads a vulnerability: `none`, `both`, `ns` or `ew` (the library's parser).
pub(crate) fn parse_vul(s: &str) -> PyResult<Vulnerability> {
    s.parse().map_err(value_error)
}

/// The most cards read from an iterable of cards: a deal's 52. An endless iterator is an
/// error after that many, never read forever.
const MAX_CARDS: usize = 52;

/// Reads cards: a string of cards (`"HJH8"`, `"HJ H8"`, `"HJ,H8"`) or an iterable of card
/// strings, of which at most [`MAX_CARDS`] are read.
pub(crate) fn parse_cards(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec<Card>> {
    if let Ok(s) = obj.cast::<PyString>() {
        let text = s.to_cow()?;
        return parse_card_list(&text).map_err(value_error);
    }
    let items = obj.try_iter().map_err(|_| {
        PyTypeError::new_err(format!(
            "{what} must be a string of cards or an iterable of card strings, not {}",
            type_name(obj)
        ))
    })?;
    let mut cards = Vec::new();
    for item in items {
        if cards.len() == MAX_CARDS {
            return Err(value_error(format!(
                "{what} holds more than {MAX_CARDS} cards: a deal has no more"
            )));
        }
        let item = item?;
        let text: String = item.extract().map_err(|_| {
            PyTypeError::new_err(format!(
                "{what} must hold card strings like \"SA\", not {}",
                type_name(&item)
            ))
        })?;
        cards.push(Card::parse(text.trim()).map_err(value_error)?);
    }
    Ok(cards)
}

pub(crate) fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map_or_else(|_| "an unknown type".to_string(), |n| n.to_string())
}

/// The PBN text of a deal argument that is neither a [`PyDeal`] nor a string: another
/// library's deal (endplay's `Deal`, ...) by its `to_pbn()`, or by its `str()` if that reads
/// as a PBN deal. `None` if it is neither.
pub(crate) fn foreign_pbn(obj: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
    if obj.hasattr("to_pbn")? {
        let pbn = obj.call_method0("to_pbn")?;
        return match pbn.extract::<String>() {
            Ok(text) => Ok(Some(text)),
            Err(_) => Err(PyTypeError::new_err(format!(
                "{}.to_pbn() must return a PBN string, not {}",
                type_name(obj),
                type_name(&pbn)
            ))),
        };
    }
    let text = obj.str()?.to_cow()?.into_owned();
    Ok(parse_pbn_hands(&text).is_ok().then_some(text))
}

/// The hands of a deal argument: a [`PyDeal`], a PBN string, or another library's deal
/// ([`foreign_pbn`]) (hands of unequal length allowed, for positions in mid-trick).
pub(crate) fn hands_arg(obj: &Bound<'_, PyAny>) -> PyResult<SeatMap<Hand>> {
    if let Ok(d) = obj.cast::<PyDeal>() {
        return Ok(*d.get().deal.hands());
    }
    if let Ok(s) = obj.cast::<PyString>() {
        return parse_pbn_hands(&s.to_cow()?).map_err(value_error);
    }
    match foreign_pbn(obj)? {
        Some(text) => parse_pbn_hands(&text).map_err(value_error),
        None => Err(not_a_deal(obj)),
    }
}

/// A deal argument: a [`PyDeal`], a PBN string, or another library's deal ([`foreign_pbn`]).
pub(crate) fn deal_arg(obj: &Bound<'_, PyAny>) -> PyResult<Deal> {
    if let Ok(d) = obj.cast::<PyDeal>() {
        return Ok(d.get().deal);
    }
    if let Ok(s) = obj.cast::<PyString>() {
        return Deal::from_pbn(&s.to_cow()?).map_err(value_error);
    }
    match foreign_pbn(obj)? {
        Some(text) => Deal::from_pbn(&text).map_err(value_error),
        None => Err(not_a_deal(obj)),
    }
}

fn not_a_deal(obj: &Bound<'_, PyAny>) -> PyErr {
    PyTypeError::new_err(format!(
        "a deal must be a ddsolve.Deal, a PBN string, or an object with to_pbn() (such as \
         endplay's Deal), not {}",
        type_name(obj)
    ))
}

/// `{"N": {"S": .., "H": .., "D": .., "C": .., "NT": ..}, "E": ..}`.
pub(crate) fn table_dict<'py>(py: Python<'py>, table: &DdTable) -> PyResult<Bound<'py, PyDict>> {
    let out = PyDict::new(py);
    for seat in Seat::ALL {
        let row = PyDict::new(py);
        for strain in Strain::ALL {
            row.set_item(STRAIN_NAMES[strain.index()], table.tricks(strain, seat))?;
        }
        out.set_item(SEAT_NAMES[seat.index()], row)?;
    }
    Ok(out)
}

/// A JSON value of the front crate's report schema as Python data (dicts, lists, str, int,
/// bool, None): so that Python's dicts are the command line's JSON objects, field for field.
pub(crate) fn json_to_py<'py>(
    py: Python<'py>,
    v: &serde_json::Value,
) -> PyResult<Bound<'py, PyAny>> {
    use serde_json::Value;
    Ok(match v {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => pyo3::types::PyBool::new(py, *b).to_owned().into_any(),
        Value::Number(n) => match n.as_i64() {
            Some(i) => i.into_pyobject(py)?.into_any(),
            None => n.as_f64().unwrap_or(0.0).into_pyobject(py)?.into_any(),
        },
        Value::String(s) => PyString::new(py, s).into_any(),
        Value::Array(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(json_to_py(py, item)?)?;
            }
            list.into_any()
        }
        Value::Object(map) => {
            let dict = PyDict::new(py);
            for (k, item) in map {
                dict.set_item(k, json_to_py(py, item)?)?;
            }
            dict.into_any()
        }
    })
}

/// `record` (a report object) as a Python dict.
pub(crate) fn report_dict<'py>(
    py: Python<'py>,
    record: &impl serde::Serialize,
) -> PyResult<Bound<'py, PyDict>> {
    let value = serde_json::to_value(record).map_err(value_error)?;
    Ok(json_to_py(py, &value)?.cast_into::<PyDict>()?)
}
