"""ddsolve: a double-dummy bridge solver.

With all four hands known and everyone playing perfectly, how many tricks does each side
take, and which cards get them? The solver is ddsolve's Rust library (a zero-window
alpha-beta search after Haglund's DDS); this package is its Python interface, in the style
of endplay's ``dds`` module.

Deals are ``Deal`` objects, PBN strings (``"N:QJ6.K652.J85.T98 873.J97.AT764.Q4 ..."``), or
another library's deals (endplay's ``Deal``: anything with ``to_pbn()``, or whose ``str()``
is a PBN deal),
seats ``"N" "E" "S" "W"``, strains ``"S" "H" "D" "C" "NT"`` (``"N"`` also means notrump),
cards ``"SA"``, ``"HT"`` (or ``"H10"``). Par has DDS's three forms under DDS's names:
``par`` (DDS ``Par``), ``dealer_par`` (``DealerPar``), ``sides_par`` (``SidesPar``), each a
dict with the command line's JSON contract objects and DDS's own text under ``"dds"``.
Malformed input raises ``ValueError`` with a precise message.

>>> import ddsolve
>>> t = ddsolve.calc_dd_table("N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3")
>>> t["N"]["NT"], t["E"]["S"]
(6, 8)
"""

from ddsolve._ddsolve import (
    Deal,
    Solver,
    __version__,
    analyse_all_plays,
    analyse_play,
    annotate,
    calc_all_tables,
    calc_dd_table,
    deal,
    dealer_par,
    lead,
    par,
    read_lin,
    read_pbn,
    sides_par,
    single_dummy,
    solve_all_boards,
    solve_board,
)

#: The seats in DDS order, as the keys of a table.
SEATS = ("N", "E", "S", "W")
#: The strains in DDS order, as the keys of a table's rows.
STRAINS = ("S", "H", "D", "C", "NT")

__all__ = [
    "Deal",
    "SEATS",
    "STRAINS",
    "Solver",
    "__version__",
    "analyse_all_plays",
    "analyse_play",
    "annotate",
    "calc_all_tables",
    "calc_dd_table",
    "deal",
    "dealer_par",
    "lead",
    "par",
    "read_lin",
    "read_pbn",
    "sides_par",
    "single_dummy",
    "solve_all_boards",
    "solve_board",
]
