"""Type stubs of ddsolve's compiled module (re-exported by ``ddsolve``)."""

from typing import Iterable, Literal, Mapping, Optional, Sequence, TypedDict, Union, final, overload

#: A deal: a ``Deal`` or a PBN string.
DealLike = Union["Deal", str]
#: ``table[declarer][strain]``: declarers "N" "E" "S" "W", strains "S" "H" "D" "C" "NT".
DdTable = dict[str, dict[str, int]]
#: Cards as one string ("HJH8", "HJ H8", "HJ,H8") or an iterable of card strings.
Cards = Union[str, Iterable[str]]

class ParContract(TypedDict):
    level: int
    strain: str
    declarer: str
    doubled: bool
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

def par(
    deal_or_table: Union[DealLike, Mapping[str, Mapping[str, int]], Sequence[int]],
    vul: str = "none",
    dealer: str = "N",
) -> ParResult:
    """Par (DDS DealerPar): North-South's score and the par contracts."""

def dealer_par(
    deal_or_table: Union[DealLike, Mapping[str, Mapping[str, int]], Sequence[int]],
    vul: str = "none",
    dealer: str = "N",
) -> list[str]:
    """DDS DealerPar's text form: ``['-110', '2S-EW']``."""

def sides_par(
    deal_or_table: Union[DealLike, Mapping[str, Mapping[str, int]], Sequence[int]],
    vul: str = "none",
) -> list[str]:
    """DDS Par's text form: ``['NS -110', 'EW 110', 'NS:EW 2S', 'EW:EW 2S']``."""

def analyse_play(deal: DealLike, trump: str, leader: str, cards: Cards) -> list[int]:
    """Declarer's side's tricks before the first card and after each card (DDS AnalysePlay)."""
