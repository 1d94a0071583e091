//! # ddsolve-python: the `ddsolve` Python module
//!
//! Python bindings of ddsolve's library crates, in the style of endplay's `dds` module:
//! double-dummy tables (one deal, or many in parallel), the value of every card of a
//! position, par and play analysis. Every function takes deals as a `Deal` object or a PBN
//! string, seats as `"N"` `"E"` `"S"` `"W"`, strains as `"S"` `"H"` `"D"` `"C"` `"NT"` (or
//! `"N"`), cards as `"SA"`, `"HT"`; results are plain dicts and lists of the same strings.
//!
//! Malformed input raises `ValueError` carrying the library's own message (a wrong type,
//! `TypeError`); the solver runs with the GIL released. The module is built by maturin as
//! `ddsolve._ddsolve` and re-exported by the pure-Python package `ddsolve`
//! (`python/ddsolve/__init__.py`), whose stubs are `python/ddsolve/_ddsolve.pyi`.
//!
//! A module of one concern each: `convert` (arguments read, results written), `deal_class`
//! (`Deal`), `solve` (`calc_dd_table`, `solve_board`), `solver` (`Solver`), `par`, `play`
//! (`analyse_play`), `batch` (the parallel `calc_all_tables`, `solve_all_boards`,
//! `analyse_all_plays`), `files` (`read_pbn`, `read_lin`, `annotate`), `deal` (the dealer
//! language), `lead` (`lead`, `single_dummy`); this file registers them.

mod batch;
mod convert;
mod deal;
mod deal_class;
mod files;
mod lead;
mod par;
mod play;
mod solve;
mod solver;

use pyo3::prelude::*;

/// The compiled part of the `ddsolve` package.
#[pymodule]
fn _ddsolve(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<deal_class::PyDeal>()?;
    m.add_function(wrap_pyfunction!(solve::calc_dd_table, m)?)?;
    m.add_function(wrap_pyfunction!(batch::calc_all_tables, m)?)?;
    m.add_function(wrap_pyfunction!(solve::solve_board, m)?)?;
    m.add_class::<solver::PySolver>()?;
    m.add_function(wrap_pyfunction!(par::par, m)?)?;
    m.add_function(wrap_pyfunction!(par::dealer_par, m)?)?;
    m.add_function(wrap_pyfunction!(par::sides_par, m)?)?;
    m.add_function(wrap_pyfunction!(play::analyse_play, m)?)?;
    m.add_function(wrap_pyfunction!(batch::solve_all_boards, m)?)?;
    m.add_function(wrap_pyfunction!(batch::analyse_all_plays, m)?)?;
    m.add_function(wrap_pyfunction!(files::read_pbn, m)?)?;
    m.add_function(wrap_pyfunction!(files::read_lin, m)?)?;
    m.add_function(wrap_pyfunction!(files::annotate, m)?)?;
    m.add_function(wrap_pyfunction!(deal::deal, m)?)?;
    m.add_function(wrap_pyfunction!(lead::lead, m)?)?;
    m.add_function(wrap_pyfunction!(lead::single_dummy, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
