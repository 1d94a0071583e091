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

use ddsolve_cards::{
    parse_pbn_hands, Card, Deal, Hand, Holding, PbnError, Position, Seat, SeatMap, Strain, Suit,
};
use ddsolve_par::{
    dealer_par as dds_dealer_par, par as dds_par, ParContract, ParOutcome, Vulnerability,
};
use ddsolve::{solve_tables, CardValue, DdTable, Solutions, Solver, Target};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyMapping, PyString, PyTuple};

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

/// Reads cards: a string of cards (`"HJH8"`, `"HJ H8"`, `"HJ,H8"`) or an iterable of card
/// strings.
fn parse_cards(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec<Card>> {
    if let Ok(s) = obj.cast::<PyString>() {
        let text = s.to_cow()?;
        let mut cards = Vec::new();
        for word in text
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|w| !w.is_empty())
        {
            let chars: Vec<char> = word.chars().collect();
            if chars.len() % 2 != 0 {
                return Err(value_error(PbnError::BadCard(word.to_string())));
            }
            for pair in chars.chunks(2) {
                let card: String = pair.iter().collect();
                cards.push(Card::parse(&card).map_err(value_error)?);
            }
        }
        return Ok(cards);
    }
    let items = obj.try_iter().map_err(|_| {
        PyTypeError::new_err(format!(
            "{what} must be a string of cards or an iterable of card strings, not {}",
            type_name(obj)
        ))
    })?;
    let mut cards = Vec::new();
    for item in items {
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

/// The hands of a deal argument: a [`PyDeal`] or a PBN string (hands of unequal length
/// allowed, for positions in mid-trick).
fn hands_arg(obj: &Bound<'_, PyAny>) -> PyResult<SeatMap<Hand>> {
    if let Ok(d) = obj.cast::<PyDeal>() {
        return Ok(*d.get().deal.hands());
    }
    if let Ok(s) = obj.cast::<PyString>() {
        return parse_pbn_hands(&s.to_cow()?).map_err(value_error);
    }
    Err(not_a_deal(obj))
}

/// A deal argument: a [`PyDeal`] or a PBN string.
fn deal_arg(obj: &Bound<'_, PyAny>) -> PyResult<Deal> {
    if let Ok(d) = obj.cast::<PyDeal>() {
        return Ok(d.get().deal);
    }
    if let Ok(s) = obj.cast::<PyString>() {
        return Deal::from_pbn(&s.to_cow()?).map_err(value_error);
    }
    Err(not_a_deal(obj))
}

fn not_a_deal(obj: &Bound<'_, PyAny>) -> PyErr {
    PyTypeError::new_err(format!(
        "a deal must be a ddsolve.Deal or a PBN string, not {}",
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

/// A table argument of the par functions: a deal (solved here, the GIL released), a table
/// dict as [`calc_dd_table`] returns, or 20 numbers in DDS order.
fn table_arg(py: Python<'_>, obj: &Bound<'_, PyAny>) -> PyResult<DdTable> {
    if obj.cast::<PyDeal>().is_ok() || obj.cast::<PyString>().is_ok() {
        let deal = deal_arg(obj)?;
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
#[pyfunction]
#[pyo3(signature = (deal))]
fn calc_dd_table<'py>(py: Python<'py>, deal: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyDict>> {
    let deal = deal_arg(deal)?;
    let table = py.detach(|| Solver::new().table(&deal));
    table_dict(py, &table)
}

/// The double-dummy tables of many deals, solved in parallel, in input order.
///
/// ``deals`` is an iterable of ``Deal`` objects or PBN strings; ``threads`` the number of
/// worker threads (``None``: every core). Each worker owns its solver; a deal given twice is
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
    let threads = match threads {
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
        Some(n) if n >= 1 => usize::try_from(n).unwrap_or(usize::MAX),
        Some(n) => {
            return Err(value_error(format!(
                "threads must be at least 1 (or None for every core); got {n}"
            )))
        }
    };
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
    let tables = py.detach(|| solve_tables(&parsed, threads));
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
#[pyfunction]
#[pyo3(
    signature = (deal, trump, leader, played=None, target=None),
    text_signature = "(deal, trump, leader, played=(), target=None)"
)]
fn solve_board<'py>(
    py: Python<'py>,
    deal: &Bound<'py, PyAny>,
    trump: &Bound<'py, PyString>,
    leader: &Bound<'py, PyString>,
    played: Option<&Bound<'py, PyAny>>,
    target: Option<i64>,
) -> PyResult<Bound<'py, PyDict>> {
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
    let solution = py
        .detach(|| Solver::new().solve(&pos, target, Solutions::All))
        .map_err(value_error)?;
    let mut groups: Vec<CardValue> = solution.cards;
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

fn contract_dict<'py>(py: Python<'py>, c: &ParContract) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("level", c.level)?;
    d.set_item("strain", STRAIN_NAMES[c.strain.index()])?;
    d.set_item("declarer", c.declarers.to_string())?;
    d.set_item("doubled", c.is_sacrifice())?;
    let result = match c.outcome {
        ParOutcome::Makes { overtricks } => i32::from(overtricks),
        ParOutcome::Sacrifice { undertricks } => -i32::from(undertricks),
    };
    d.set_item("result", result)?;
    d.set_item("text", c.dealer_text())?;
    Ok(d)
}

/// Par: the result of perfect bidding by both sides when both know the double-dummy table,
/// the side that bids first winning ties (DDS ``DealerPar``).
///
/// ``deal_or_table`` is a deal (``Deal`` or PBN string: its table is solved first, the GIL
/// released), a table dict as ``calc_dd_table`` returns, or 20 numbers in DDS order (a
/// ``TABLE`` line: strains S, H, D, C, NT, declarers N, E, S, W in each). ``vul`` is
/// ``"none"``, ``"both"``, ``"ns"`` or ``"ew"``; ``dealer`` the seat that bids first.
///
/// Returns ``{"score": ..., "contracts": [...]}``: the par score for North-South
/// (East-West's is its negative) and the par contracts, none if the deal is passed out.
/// Each contract is a dict: ``level`` (the lowest that earns the score), ``strain``,
/// ``declarer`` (``"N"`` .. ``"W"``, or ``"NS"``/``"EW"`` when either seat of the side can
/// declare), ``doubled`` (a sacrifice), ``result`` (overtricks, or minus the undertricks)
/// and ``text`` (DDS's form, ``2S-EW``, ``4S*-NS-1``).
///
/// >>> p = par("N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3")
/// >>> p["score"]
/// -110
/// >>> p["contracts"]
/// [{'level': 2, 'strain': 'S', 'declarer': 'EW', 'doubled': False, 'result': 0, 'text': '2S-EW'}]
#[pyfunction]
#[pyo3(signature = (deal_or_table, vul="none", dealer="N"))]
fn par<'py>(
    py: Python<'py>,
    deal_or_table: &Bound<'py, PyAny>,
    vul: &str,
    dealer: &str,
) -> PyResult<Bound<'py, PyDict>> {
    let vul = parse_vul(vul)?;
    let dealer = parse_seat(dealer)?;
    let table = table_arg(py, deal_or_table)?;
    let p = dds_dealer_par(&table, dealer, vul);
    let out = PyDict::new(py);
    out.set_item("score", p.score)?;
    let contracts = PyList::empty(py);
    for c in &p.contracts {
        contracts.append(contract_dict(py, c)?)?;
    }
    out.set_item("contracts", contracts)?;
    Ok(out)
}

/// Par with a dealer in DDS ``DealerPar``'s text form, as in a ``PAR2`` line of DDS's
/// files: North-South's score, then each par contract (``2S-EW``, ``4S*-NS-1``), or
/// ``pass``. Arguments as for ``par``.
///
/// >>> dealer_par([5, 8, 5, 8, 6, 6, 6, 6, 5, 7, 5, 7, 7, 5, 7, 5, 6, 6, 6, 6], "none", "N")
/// ['-110', '2S-EW']
#[pyfunction]
#[pyo3(signature = (deal_or_table, vul="none", dealer="N"))]
fn dealer_par(
    py: Python<'_>,
    deal_or_table: &Bound<'_, PyAny>,
    vul: &str,
    dealer: &str,
) -> PyResult<Vec<String>> {
    let vul = parse_vul(vul)?;
    let dealer = parse_seat(dealer)?;
    let table = table_arg(py, deal_or_table)?;
    Ok(dds_dealer_par(&table, dealer, vul).dds_strings())
}

/// Par seen from each side (DDS ``Par``), as in a ``PAR`` line of DDS's files: the score
/// for North-South and for East-West, then the par contracts when North-South bid first
/// and when East-West bid first (``"NS:EW 2S"``; every level the contract may be bid at,
/// ``x`` for a sacrifice). The two views differ only when whoever bids first gains.
/// ``deal_or_table`` and ``vul`` as for ``par``.
///
/// >>> sides_par("N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3")
/// ['NS -110', 'EW 110', 'NS:EW 2S', 'EW:EW 2S']
#[pyfunction]
#[pyo3(signature = (deal_or_table, vul="none"))]
fn sides_par(py: Python<'_>, deal_or_table: &Bound<'_, PyAny>, vul: &str) -> PyResult<Vec<String>> {
    let vul = parse_vul(vul)?;
    let table = table_arg(py, deal_or_table)?;
    Ok(dds_par(&table, vul).dds_strings().to_vec())
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

/// The compiled part of the `ddsolve` package.
#[pymodule]
fn _ddsolve(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyDeal>()?;
    m.add_function(wrap_pyfunction!(calc_dd_table, m)?)?;
    m.add_function(wrap_pyfunction!(calc_all_tables, m)?)?;
    m.add_function(wrap_pyfunction!(solve_board, m)?)?;
    m.add_function(wrap_pyfunction!(par, m)?)?;
    m.add_function(wrap_pyfunction!(dealer_par, m)?)?;
    m.add_function(wrap_pyfunction!(sides_par, m)?)?;
    m.add_function(wrap_pyfunction!(analyse_play, m)?)?;
    Ok(())
}
