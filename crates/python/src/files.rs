//! Files: PBN and LIN text read into boards (`read_pbn`, `read_lin`), and a PBN hand
//! record annotated with each board's table and par (`annotate`).

use crate::batch::thread_arg;
use crate::convert::{type_name, value_error, SEAT_NAMES};
use crate::deal_class::PyDeal;
use ddsolve::formats::{lin, pbn_file};
use ddsolve::report;
use ddsolve::Solver;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};

/// The text of a file argument: ``str`` as it is, ``bytes`` as Latin-1 (every byte a
/// character, as PBN files often are), or a path-like object read as bytes.
fn file_bytes(obj: &Bound<'_, PyAny>) -> PyResult<(Vec<u8>, bool)> {
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok((s.to_cow()?.as_bytes().to_vec(), true));
    }
    if let Ok(b) = obj.cast::<pyo3::types::PyBytes>() {
        return Ok((b.as_bytes().to_vec(), false));
    }
    Err(PyTypeError::new_err(format!(
        "the file's content must be str or bytes, not {}",
        type_name(obj)
    )))
}

/// The boards of a PBN file (its games, as PBN 2.1 separates them), with the command line's
/// reader: a list of dicts ``{"line", "board", "dealer", "vulnerable", "deal", "tags"}``:
/// the game's first line, its ``[Board]`` (or ``None``), dealer and vulnerability (from the
/// tags, or from the board number), the deal (a ``Deal``, or ``None`` for a game without
/// one or with ``[Deal "?"]``), and every tag's value by name. ``text`` is the file's
/// content (``str``, or ``bytes`` read as Latin-1). A file that cannot be read, or a board
/// whose deal, dealer or vulnerability cannot be, raises ``ValueError`` naming its line.
///
/// >>> boards = read_pbn('[Board "2"]\n[Deal "N:A... K... Q... J..."]\n')
/// >>> boards[0]["dealer"], boards[0]["vulnerable"], boards[0]["deal"].north
/// ('E', 'NS', 'A...')
#[pyfunction]
pub(crate) fn read_pbn<'py>(
    py: Python<'py>,
    text: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyList>> {
    let (bytes, _) = file_bytes(text)?;
    let file = pbn_file::PbnFile::parse(&bytes).map_err(value_error)?;
    let out = PyList::empty(py);
    for game in file.games() {
        let d = PyDict::new(py);
        d.set_item("line", game.line)?;
        d.set_item("board", game.value("Board"))?;
        let dealer = game.dealer().map_err(value_error)?;
        d.set_item("dealer", dealer.map(|s| SEAT_NAMES[s.index()]))?;
        let vul = game.vulnerability().map_err(value_error)?;
        d.set_item("vulnerable", vul.map(report::vulnerability_name))?;
        let deal = match game.deal().map_err(value_error)? {
            pbn_file::GameDeal::Known { deal, .. } => Some(PyDeal { deal }),
            _ => None,
        };
        d.set_item("deal", deal)?;
        let tags = PyDict::new(py);
        for tag in &game.tags {
            tags.set_item(&tag.name, tag.text())?;
        }
        d.set_item("tags", tags)?;
        out.append(d)?;
    }
    Ok(out)
}

/// The boards of BBO LIN text (every ``md|`` field, with the ``sv|`` vulnerability of its
/// board, before or after it): a list of dicts ``{"deal", "dealer", "vulnerable"}`` (dealer and vulnerability
/// ``None`` where the text does not give them). A bad deal raises ``ValueError``.
///
/// >>> b = read_lin("md|3SK5HT83DKQ9CA7652,SAT942HAQ4D32CKJ3,SQJ6HK652DJ85CT98,|sv|e|")
/// >>> b[0]["deal"].east, b[0]["dealer"], b[0]["vulnerable"]
/// ('873.J97.AT764.Q4', 'N', 'EW')
#[pyfunction]
pub(crate) fn read_lin<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyList>> {
    let out = PyList::empty(py);
    for board in lin::boards(text) {
        let b = board.map_err(value_error)?;
        let d = PyDict::new(py);
        d.set_item("deal", PyDeal { deal: b.deal.deal })?;
        d.set_item("dealer", b.deal.dealer.map(|s| SEAT_NAMES[s.index()]))?;
        d.set_item(
            "vulnerable",
            b.vulnerability.map(report::vulnerability_name),
        )?;
        out.append(d)?;
    }
    Ok(out)
}

/// A PBN hand-record file with the double-dummy table and par of every board, as ``ddsolve
/// annotate`` writes it (BridgeComposer's tags ``[DoubleDummyTricks]``,
/// ``[OptimumResultTable]``, ``[OptimumScore]``, ``[ParContract]``; every other byte kept).
/// ``text`` is the file's content, ``str`` or ``bytes``; the result is of the same type.
/// Boards solved in parallel (``threads``: ``None`` for every core; never more than the
/// cores), the GIL released.
/// A board that cannot be read is left as it is with a ``UserWarning`` naming it; a file that
/// cannot be read at all raises ``ValueError``.
///
/// >>> out = annotate('[Board "1"]\n[Deal "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"]\n')
/// >>> out.splitlines()[-1]
/// '[ParContract "EW 2S"]'
#[pyfunction]
#[pyo3(signature = (text, threads=None))]
pub(crate) fn annotate<'py>(
    py: Python<'py>,
    text: &Bound<'py, PyAny>,
    threads: Option<i64>,
) -> PyResult<Bound<'py, PyAny>> {
    let threads = thread_arg(threads)?;
    let (bytes, was_str) = file_bytes(text)?;
    let done = py
        .detach(|| ddsolve::annotate::annotate(&bytes, threads, Solver::new, |_, _| {}))
        .map_err(value_error)?;
    let warnings = py.import("warnings")?;
    for message in done.skipped.iter().chain(&done.notes) {
        warnings.call_method1("warn", (message.as_str(),))?;
    }
    if was_str {
        match String::from_utf8(done.bytes) {
            Ok(s) => Ok(PyString::new(py, &s).into_any()),
            Err(e) => Err(value_error(e)),
        }
    } else {
        Ok(pyo3::types::PyBytes::new(py, &done.bytes).into_any())
    }
}
