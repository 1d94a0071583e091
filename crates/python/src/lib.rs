//! # ddsolve-python: the `ddsolve` Python module
//!
//! Python bindings of ddsolve's library crates, in the style of endplay's `dds` module:
//! double-dummy tables (one deal, or many in parallel), the value of every card of a
//! position, par and play analysis. Every function takes deals as a [`Deal`] object or a PBN
//! string, seats as `"N"` `"E"` `"S"` `"W"`, strains as `"S"` `"H"` `"D"` `"C"` `"NT"` (or
//! `"N"`), cards as `"SA"`, `"HT"`; results are plain dicts and lists of the same strings.
//!
//! Malformed input raises `ValueError` carrying the library's own message (a wrong type,
//! `TypeError`); the solver runs with the GIL released. The module is built by maturin as
//! `ddsolve._ddsolve` and re-exported by the pure-Python package `ddsolve`
//! (`python/ddsolve/__init__.py`), whose stubs are `python/ddsolve/_ddsolve.pyi`.

use ddsolve::exec::map_in_order;
use ddsolve::formats::{lin, pbn_file};
use ddsolve::report;
use ddsolve::search::{Counter, SearchStats};
use ddsolve::{solve_tables, CardValue, DdTable, Solutions, Solver, Target};
use ddsolve_cards::{
    parse_card_list, parse_pbn_hands, Card, Deal, Hand, Holding, Position, Seat, SeatMap, Strain,
    Suit,
};
use ddsolve_par::{
    dealer_par as dds_dealer_par, par as dds_par, sides_par as dds_sides_par, Vulnerability,
};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyMapping, PyString, PyTuple};

mod deal;
mod lead;
mod solver;

/// The seats in DDS order, as the module writes them.
const SEAT_NAMES: [&str; 4] = ["N", "E", "S", "W"];
/// The strains in DDS order, as the module writes them.
const STRAIN_NAMES: [&str; 5] = ["S", "H", "D", "C", "NT"];

fn value_error(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// Reads a seat: `N`, `E`, `S`, `W` or `north` .. `west`, either case.
fn parse_seat(s: &str) -> PyResult<Seat> {
    let t = s.trim().to_ascii_lowercase();
    let seat = match t.as_str() {
        "north" => Some(Seat::North),
        "east" => Some(Seat::East),
        "south" => Some(Seat::South),
        "west" => Some(Seat::West),
        _ => {
            let mut chars = t.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) => Seat::from_letter(c),
                _ => None,
            }
        }
    };
    seat.ok_or_else(|| value_error(format!("{s:?} is not a seat: use N, E, S or W")))
}

/// Reads a strain: `S`, `H`, `D`, `C`, `NT` or `N`, or its name (`spades` ... `notrump`), any case.
fn parse_strain(s: &str) -> PyResult<Strain> {
    Strain::from_str_name(s.trim()).ok_or_else(|| {
        value_error(format!(
            "{s:?} is not a strain: use S, H, D, C or NT (N also means notrump)"
        ))
    })
}

/// Reads a vulnerability: `none`, `both`, `ns` or `ew` (the library's parser).
fn parse_vul(s: &str) -> PyResult<Vulnerability> {
    s.parse().map_err(value_error)
}

/// The most cards read from an iterable of cards: a deal's 52. An endless iterator is an
/// error after that many, never read forever.
const MAX_CARDS: usize = 52;

/// Reads cards: a string of cards (`"HJH8"`, `"HJ H8"`, `"HJ,H8"`) or an iterable of card
/// strings, of which at most [`MAX_CARDS`] are read.
fn parse_cards(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec<Card>> {
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

fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map_or_else(|_| "an unknown type".to_string(), |n| n.to_string())
}

/// The PBN text of a deal argument that is neither a [`PyDeal`] nor a string: another
/// library's deal (endplay's `Deal`, ...) by its `to_pbn()`, or by its `str()` if that reads
/// as a PBN deal. `None` if it is neither.
fn foreign_pbn(obj: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
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
fn hands_arg(obj: &Bound<'_, PyAny>) -> PyResult<SeatMap<Hand>> {
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
fn deal_arg(obj: &Bound<'_, PyAny>) -> PyResult<Deal> {
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
fn table_dict<'py>(py: Python<'py>, table: &DdTable) -> PyResult<Bound<'py, PyDict>> {
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

/// A table argument of the par functions: a deal (solved here, the GIL released), a table
/// dict as [`calc_dd_table`] returns, or 20 numbers in DDS order.
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
struct PyDeal {
    deal: Deal,
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
fn calc_dd_table<'py>(
    py: Python<'py>,
    deal: &Bound<'py, PyAny>,
    stats: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let deal = deal_arg(deal)?;
    let (table, counts) = run_solver(py, stats, |s| s.table(&deal));
    with_stats(py, table_dict(py, &table)?.into_any(), counts)
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
fn calc_all_tables<'py>(
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
fn solve_board<'py>(
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
fn board_args(
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
fn card_values(
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

/// A JSON value of the front crate's report schema as Python data (dicts, lists, str, int,
/// bool, None): so that Python's dicts are the command line's JSON objects, field for field.
fn json_to_py<'py>(py: Python<'py>, v: &serde_json::Value) -> PyResult<Bound<'py, PyAny>> {
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
fn report_dict<'py>(
    py: Python<'py>,
    record: &impl serde::Serialize,
) -> PyResult<Bound<'py, PyDict>> {
    let value = serde_json::to_value(record).map_err(value_error)?;
    Ok(json_to_py(py, &value)?.cast_into::<PyDict>()?)
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
fn par<'py>(
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
fn dealer_par<'py>(
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
fn sides_par<'py>(
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
fn analyse_play(
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

/// The number of cores (1 if it cannot be told).
fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The number of worker threads of a batch: `threads`, or every core for `None`; never more
/// than the cores (as DDS caps its threads).
fn thread_arg(threads: Option<i64>) -> PyResult<usize> {
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
fn solve_all_boards<'py>(
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
fn analyse_all_plays<'py>(
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
fn read_pbn<'py>(py: Python<'py>, text: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyList>> {
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
fn read_lin<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyList>> {
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
fn annotate<'py>(
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

/// The compiled part of the `ddsolve` package.
#[pymodule]
fn _ddsolve(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyDeal>()?;
    m.add_function(wrap_pyfunction!(calc_dd_table, m)?)?;
    m.add_function(wrap_pyfunction!(calc_all_tables, m)?)?;
    m.add_function(wrap_pyfunction!(solve_board, m)?)?;
    m.add_class::<solver::PySolver>()?;
    m.add_function(wrap_pyfunction!(par, m)?)?;
    m.add_function(wrap_pyfunction!(dealer_par, m)?)?;
    m.add_function(wrap_pyfunction!(sides_par, m)?)?;
    m.add_function(wrap_pyfunction!(analyse_play, m)?)?;
    m.add_function(wrap_pyfunction!(solve_all_boards, m)?)?;
    m.add_function(wrap_pyfunction!(analyse_all_plays, m)?)?;
    m.add_function(wrap_pyfunction!(read_pbn, m)?)?;
    m.add_function(wrap_pyfunction!(read_lin, m)?)?;
    m.add_function(wrap_pyfunction!(annotate, m)?)?;
    m.add_function(wrap_pyfunction!(deal::deal, m)?)?;
    m.add_function(wrap_pyfunction!(lead::lead, m)?)?;
    m.add_function(wrap_pyfunction!(lead::single_dummy, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
