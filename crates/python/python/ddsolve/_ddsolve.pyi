"""Type stubs of ddsolve's compiled module (re-exported by ``ddsolve``)."""

from typing import Any, Iterable, Literal, Mapping, Optional, Sequence, TypedDict, Union, final, overload

__version__: str

#: A deal: a ``Deal``, a PBN string, or another library's deal (endplay's ``Deal``:
#: anything with ``to_pbn()``, or whose ``str()`` is a PBN deal).
DealLike = Union["Deal", str, Any]
#: ``table[declarer][strain]``: declarers "N" "E" "S" "W", strains "S" "H" "D" "C" "NT".
DdTable = dict[str, dict[str, int]]
#: Cards as one string ("HJH8", "HJ H8", "HJ,H8") or an iterable of card strings.
Cards = Union[str, Iterable[str]]

class ParContract(TypedDict):
    level: int
    strain: str
    declarer: str
    doubled: bool
    tricks: int
    result: int
    text: str

class SearchStats(TypedDict):
    """What a call's search did (``stats=True``): the fields of ``ddsolve table --stats``."""

    nodes: int
    searches: int
    trick_nodes: int
    tt_probes: int
    tt_hits: int
    tt_stores: int
    cut_quick_tricks: int
    cut_second_hand: int
    cut_later_tricks: int
    cut_etc: int
    cut_table: int
    tt_evictions: int
    micros: int

class ParResult(TypedDict):
    score: int
    contracts: list[ParContract]

class DealerParResult(TypedDict):
    score: int
    contracts: list[ParContract]
    dds: list[str]

class SidesParResult(TypedDict):
    ns: ParResult
    ew: ParResult
    dds: list[str]

class SidesDealerPar(TypedDict):
    ns: DealerParResult
    ew: DealerParResult

TableLike = Union[DealLike, Mapping[str, Mapping[str, int]], Sequence[int]]

@final
class Deal:
    """A deal: four hands of equal length, no card twice. Immutable, hashable, picklable."""

    def __init__(self, pbn: str) -> None: ...
    @staticmethod
    def from_pbn(pbn: str) -> Deal: ...
    def to_pbn(self) -> str: ...
    @property
    def north(self) -> str: ...
    @property
    def east(self) -> str: ...
    @property
    def south(self) -> str: ...
    @property
    def west(self) -> str: ...
    @property
    def hands(self) -> dict[str, str]: ...
    @property
    def cards_per_hand(self) -> int: ...
    def __getitem__(self, seat: str) -> str: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

@overload
def calc_dd_table(deal: DealLike, stats: Literal[False] = False) -> DdTable:
    """The double-dummy table of a deal: ``table[declarer][strain]``."""
@overload
def calc_dd_table(deal: DealLike, stats: Literal[True]) -> tuple[DdTable, SearchStats]:
    """The table and what its search did."""

def calc_all_tables(deals: Iterable[DealLike], threads: Optional[int] = None) -> list[DdTable]:
    """The tables of many deals, solved in parallel (``None``: every core), in input order."""

@overload
def solve_board(
    deal: DealLike,
    trump: str,
    leader: str,
    played: Cards = (),
    target: Optional[int] = None,
    stats: Literal[False] = False,
) -> dict[str, int]:
    """Every legal card of the hand to play to the tricks its side takes, best first."""
@overload
def solve_board(
    deal: DealLike,
    trump: str,
    leader: str,
    played: Cards = (),
    target: Optional[int] = None,
    *,
    stats: Literal[True],
) -> tuple[dict[str, int], SearchStats]:
    """The cards' values and what the search did."""

class Solver:
    """A solver kept across calls, its transposition table warm from one position to the next."""

    def __init__(self) -> None: ...
    def solve_board(
        self,
        deal: DealLike,
        trump: str,
        leader: str,
        played: Cards = (),
        target: Optional[int] = None,
    ) -> dict[str, int]:
        """As the module's ``solve_board``, on this solver's warm table."""
    @property
    def nodes(self) -> int:
        """The nodes this solver has searched, over all its calls."""
    def clear(self) -> None:
        """Forgets what the table holds."""

def par(deal_or_table: TableLike, vul: str = "none") -> SidesParResult:
    """Par (DDS Par): each side's view (score and contracts), and DDS's text under "dds"."""

def dealer_par(deal_or_table: TableLike, vul: str = "none", dealer: str = "N") -> DealerParResult:
    """Dealer par (DDS DealerPar): North-South's score, the contracts, DDS's text under "dds"."""

def sides_par(deal_or_table: TableLike, vul: str = "none") -> SidesDealerPar:
    """Sides par (DDS SidesPar): dealer par with each side dealing, each side's score."""

def analyse_play(deal: DealLike, trump: str, leader: str, cards: Cards) -> list[int]:
    """Declarer's side's tricks before the first card and after each card (DDS AnalysePlay)."""

def solve_all_boards(
    boards: Iterable[Union[Sequence[Any], Mapping[str, Any]]], threads: Optional[int] = None
) -> list[dict[str, int]]:
    """``solve_board`` of many positions in parallel, in input order."""

def analyse_all_plays(
    plays: Iterable[Union[Sequence[Any], Mapping[str, Any]]], threads: Optional[int] = None
) -> list[list[int]]:
    """``analyse_play`` of many plays in parallel, in input order."""

def read_pbn(text: Union[str, bytes]) -> list[dict[str, Any]]:
    """The boards of a PBN file: line, board, dealer, vulnerable, deal, tags."""

def read_lin(text: str) -> list[dict[str, Any]]:
    """The boards of BBO LIN text: deal, dealer, vulnerable."""

def annotate(text: Union[str, bytes], threads: Optional[int] = None) -> Union[str, bytes]:
    """A PBN file with the DD table and par of every board, as ``ddsolve annotate`` writes it."""

class ProducedDeal(TypedDict):
    """A deal of ``deal``'s run: the deal, the values its actions printed, their text."""

    deal: Deal
    values: list[int]
    text: str

class DealRun(TypedDict):
    """What ``deal`` returns."""

    deals: list[ProducedDeal]
    #: Per action: ``{"action": name, ...}`` with its results (see ``deal``).
    actions: list[dict[str, Any]]
    generated: int
    produced: int
    seed: int
    output: str

def deal(
    script: str,
    produce: Optional[int] = None,
    seed: Optional[int] = None,
    threads: Optional[int] = None,
    rng: Literal["counter", "dealer"] = "counter",
    generate: Optional[int] = None,
) -> DealRun:
    """Runs a dealer-language script: the produced deals, their values, the statistics."""

class Estimate(TypedDict):
    """A mean and its standard error."""

    mean: float
    se: float

class CardStats(TypedDict):
    """A group of equal cards and its statistics (the command line's JSON fields)."""

    cards: list[str]
    tricks: Estimate
    success: Estimate
    score: Estimate
    imps: Estimate
    matchpoints: Estimate
    best: Estimate

class LeadResult(TypedDict):
    """What ``lead`` returns: ``ddsolve lead --format json``."""

    problem: str
    samples: int
    tried: int
    nodes: int
    leads: list[CardStats]

class SingleDummyResult(TypedDict):
    """What ``single_dummy`` returns: ``ddsolve sd --format json``."""

    problem: str
    samples: int
    tried: int
    nodes: int
    cards: list[CardStats]

def lead(
    hand: str,
    contract: str,
    vul: str = "none",
    condition: Optional[str] = None,
    samples: int = 1000,
    seed: int = 1,
    threads: Optional[int] = None,
    deals: Optional[Iterable[DealLike]] = None,
) -> LeadResult:
    """Every opening lead of a hand, valued double dummy over sampled deals."""

def single_dummy(
    hand: str,
    dummy: str,
    contract: str,
    played: Optional[Cards] = None,
    vul: str = "none",
    condition: Optional[str] = None,
    samples: int = 1000,
    seed: int = 1,
    threads: Optional[int] = None,
    deals: Optional[Iterable[DealLike]] = None,
) -> SingleDummyResult:
    """Each legal card of a position as its player sees it, valued over sampled deals."""
