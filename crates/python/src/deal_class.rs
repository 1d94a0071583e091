//! `ddsolve.Deal`: a deal as a Python object, immutable, hashable and picklable.

use crate::convert::{parse_seat, value_error, SEAT_NAMES};
use ddsolve_cards::{Deal, Seat};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyTuple};

/// A deal: four hands of equal length (13 cards each, or fewer for an ending), no card
/// twice.
///
/// Built from a PBN string (the first seat and a colon, then the hands clockwise, each
/// ``spades.hearts.diamonds.clubs``, ``T`` for ten). Every function of the module also
/// takes the PBN string itself. Deals are immutable, hashable, comparable and picklable.
///
/// >>> d = Deal("N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3")
/// >>> d.west
/// 'AT942.AQ4.32.KJ3'
/// >>> d["E"]
/// '873.J97.AT764.Q4'
/// >>> Deal("W:AT942.AQ4.32.KJ3 QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652") == d
/// True
/// >>> Deal("N:AKQJT98765432.A.. ... ... ...")
/// Traceback (most recent call last):
/// ...
/// ValueError: N has 14 cards; a hand holds at most 13
#[pyclass(module = "ddsolve", name = "Deal", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub(crate) struct PyDeal {
    pub(crate) deal: Deal,
}

#[pymethods]
impl PyDeal {
    #[new]
    fn new(pbn: &Bound<'_, PyString>) -> PyResult<PyDeal> {
        Ok(PyDeal {
            deal: Deal::from_pbn(&pbn.to_cow()?).map_err(value_error)?,
        })
    }

    /// The deal of a PBN string (the same as ``Deal(pbn)``).
    ///
    /// >>> Deal.from_pbn("N:A... K... Q... J...").north
    /// 'A...'
    #[staticmethod]
    fn from_pbn(pbn: &Bound<'_, PyString>) -> PyResult<PyDeal> {
        PyDeal::new(pbn)
    }

    /// The deal as a PBN string, North first.
    ///
    /// >>> Deal("E:A... K... Q... J...").to_pbn()
    /// 'N:J... A... K... Q...'
    fn to_pbn(&self) -> String {
        self.deal.to_pbn()
    }

    /// North's hand, ``spades.hearts.diamonds.clubs``.
    #[getter]
    fn north(&self) -> String {
        self.deal.hand(Seat::North).to_string()
    }

    /// East's hand, ``spades.hearts.diamonds.clubs``.
    #[getter]
    fn east(&self) -> String {
        self.deal.hand(Seat::East).to_string()
    }

    /// South's hand, ``spades.hearts.diamonds.clubs``.
    #[getter]
    fn south(&self) -> String {
        self.deal.hand(Seat::South).to_string()
    }

    /// West's hand, ``spades.hearts.diamonds.clubs``.
    #[getter]
    fn west(&self) -> String {
        self.deal.hand(Seat::West).to_string()
    }

    /// The four hands by seat: ``{"N": "QJ6.K652.J85.T98", "E": ..., "S": ..., "W": ...}``.
    #[getter]
    fn hands<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let out = PyDict::new(py);
        for seat in Seat::ALL {
            out.set_item(SEAT_NAMES[seat.index()], self.deal.hand(seat).to_string())?;
        }
        Ok(out)
    }

    /// Cards in each hand: 13 for a full deal, fewer for an ending.
    #[getter]
    fn cards_per_hand(&self) -> u32 {
        self.deal.cards_per_hand()
    }

    /// The hand of a seat: ``deal["N"]``.
    fn __getitem__(&self, seat: &Bound<'_, PyString>) -> PyResult<String> {
        Ok(self.deal.hand(parse_seat(&seat.to_cow()?)?).to_string())
    }

    fn __str__(&self) -> String {
        self.deal.to_pbn()
    }

    fn __repr__(&self) -> String {
        format!("Deal({:?})", self.deal.to_pbn())
    }

    /// Pickles as its PBN string (for multiprocessing and Dask).
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let args = PyTuple::new(py, [slf.get().deal.to_pbn()])?;
        PyTuple::new(py, [slf.get_type().into_any(), args.into_any()])
    }
}
