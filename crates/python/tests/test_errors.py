"""Every kind of malformed input raises ValueError (TypeError for a wrong type) with the
library's precise message, and never crashes the interpreter."""

import pytest

import ddsolve
from conftest import FIRST_DEAL as D

# East has led the heart jack: the deal without it, then South to play.
AFTER_HJ = "N:QJ6.K652.J85.T98 873.97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"


def check(exc, message, f, *args, **kwargs):
    with pytest.raises(exc) as info:
        f(*args, **kwargs)
    assert str(info.value) == message


@pytest.mark.parametrize(
    "pbn, message",
    [
        (
            "QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3",
            'deals start with the first seat, e.g. N:... (a seat letter and a colon, then the four hands clockwise); found "QJ"',
        ),
        (
            "X:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3",
            'deals start with the first seat, e.g. N:... (a seat letter and a colon, then the four hands clockwise); found "X:"',
        ),
        (
            "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652",
            "a PBN deal has 4 hands separated by spaces; found 3",
        ),
        (
            "N:QJ6.K652.J85 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3",
            "hand N must have 4 suits separated by dots; found 3",
        ),
        (
            "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ1",
            "hand W, C: '1' is not a rank (use 2-9, T or 10, J, Q, K, A; nothing or - for a void)",
        ),
        (
            "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJJ",
            "hand W lists CJ twice",
        ),
        (
            "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ2",
            "card C2 is in both S and W",
        ),
        ("N:AKQJT98765432.A.. ... ... ...", "N has 14 cards; a hand holds at most 13"),
        (
            "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.K3",
            "hands have unequal lengths (N 13, E 13, S 13, W 12); every hand must hold the "
            "same number of cards",
        ),
        ("N:... ... ... ...", "the deal has no cards"),
    ],
)
def test_malformed_deals(pbn, message):
    check(ValueError, message, ddsolve.Deal, pbn)
    check(ValueError, message, ddsolve.Deal.from_pbn, pbn)
    check(ValueError, message, ddsolve.calc_dd_table, pbn)
    check(ValueError, message, ddsolve.par, pbn)
    check(ValueError, message, ddsolve.analyse_play, pbn, "NT", "N", [])
    check(ValueError, f"deals[1]: {message}", ddsolve.calc_all_tables, [D, pbn])


def test_malformed_positions_for_solve_board():
    # A 14-card hand is refused in positions too.
    check(
        ValueError,
        "N has 14 cards; a hand holds at most 13",
        ddsolve.solve_board,
        "N:AKQJT98765432.A.. ... ... ...",
        "S",
        "N",
    )
    check(
        ValueError,
        "card HJ is given as played to the trick but is still in E's hand",
        ddsolve.solve_board,
        D,
        "NT",
        "E",
        played=["HJ"],
    )
    check(
        ValueError,
        "card HJ is given twice as played to the trick",
        ddsolve.solve_board,
        AFTER_HJ,
        "NT",
        "E",
        played=["HJ", "HJ"],
    )
    # South has hearts left and discards a spade.
    check(
        ValueError,
        "S played S5 to a H lead but still holds H: a revoke",
        ddsolve.solve_board,
        "N:QJ6.K652.J85.T98 873.97.AT764.Q4 K.T83.KQ9.A7652 AT942.AQ4.32.KJ3",
        "NT",
        "E",
        played=["HJ", "S5"],
    )
    check(
        ValueError,
        "hand lengths N 13, E 12, S 13, W 13 do not fit 1 card(s) played to the trick by W "
        "and the following hands",
        ddsolve.solve_board,
        AFTER_HJ,
        "NT",
        "W",
        played=["HJ"],
    )
    check(
        ValueError,
        "4 cards given as played to the current trick; at most 3 can be",
        ddsolve.solve_board,
        "N:QJ6.K652.J85.T9 873.J97.AT764.Q 5.T83.KQ9.A765 AT942.AQ4.32.KJ",
        "NT",
        "W",
        played=["C2", "C3", "C4", "S2"],
    )
    check(ValueError, "no cards left to play", ddsolve.solve_board, "N:... ... ... ...", "NT", "W")


@pytest.mark.parametrize("target", [0, 14, -1, 1000])
def test_target_out_of_range(target):
    check(
        ValueError,
        f"target {target} is out of range: it must be between 1 and 13, the tricks left",
        ddsolve.solve_board,
        D,
        "NT",
        "E",
        target=target,
    )


def test_target_out_of_range_in_an_ending():
    check(
        ValueError,
        "target 2 is out of range: it must be between 1 and 1, the tricks left",
        ddsolve.solve_board,
        "N:A... K... Q... J...",
        "NT",
        "N",
        target=2,
    )


@pytest.mark.parametrize("seat", ["X", "NE", "", "5"])
def test_bad_seats(seat):
    message = f"{seat!r} is not a seat: use N, E, S or W".replace("'", '"')
    check(ValueError, message, ddsolve.solve_board, D, "NT", seat)
    check(ValueError, message, ddsolve.analyse_play, D, "NT", seat, [])
    check(ValueError, message, ddsolve.dealer_par, [0] * 20, "none", seat)
    check(ValueError, message, ddsolve.Deal(D).__getitem__, seat)


@pytest.mark.parametrize("strain", ["X", "NTT", "", "Spadez"])
def test_bad_strains(strain):
    message = f'"{strain}" is not a strain: use S, H, D, C or NT (N also means notrump)'
    check(ValueError, message, ddsolve.solve_board, D, strain, "E")
    check(ValueError, message, ddsolve.analyse_play, D, strain, "E", [])


@pytest.mark.parametrize("word, letter", [("spades", "S"), ("Hearts", "H"), ("NOTRUMP", "NT")])
def test_strain_words(word, letter):
    # The library reads a strain's name as well as its letter, in any case.
    assert ddsolve.solve_board(D, word, "E") == ddsolve.solve_board(D, letter, "E")


@pytest.mark.parametrize(
    "cards, bad",
    [(["S1"], "S1"), (["HJ", "XA"], "XA"), ("HJH", "HJH"), ("HJ,S", "S"), (["SAK"], "SAK")],
)
def test_bad_card_strings(cards, bad):
    message = f'"{bad}" is not a card (write suit then rank, like SA or HT)'
    if isinstance(cards, str):
        # One string of cards is read as the command line reads --cards (T or 10 for the ten).
        card = {"HJH": "H", "S": "S"}[bad]
        message = (
            f'card 2 ("{bad}"): "{card}" is not a card: a rank must follow the suit '
            "(2-9, T or 10, J, Q, K, A)"
        )
    check(ValueError, message, ddsolve.solve_board, AFTER_HJ, "NT", "E", played=cards)
    check(ValueError, message, ddsolve.analyse_play, D, "NT", "E", cards)


def test_impossible_plays():
    check(
        ValueError,
        "card 3 of the play, H2, cannot be played: W is to play and does not hold H2",
        ddsolve.analyse_play,
        D,
        "NT",
        "E",
        "HJH8H2",
    )
    check(
        ValueError,
        "card 2 of the play, S5, cannot be played: S must follow H; S5 is a revoke",
        ddsolve.analyse_play,
        D,
        "NT",
        "E",
        ["HJ", "S5"],
    )
    check(
        ValueError,
        "card 5 of the play, SA, cannot be played: no cards left to play",
        ddsolve.analyse_play,
        "N:A... K... Q... J...",
        "NT",
        "N",
        ["SA", "SK", "SQ", "SJ", "SA"],
    )


@pytest.mark.parametrize("vul", ["nw", "", "vul"])
def test_bad_vulnerability(vul):
    message = f'"{vul}" is not a vulnerability: use none, both, ns or ew'
    check(ValueError, message, ddsolve.par, [0] * 20, vul)
    check(ValueError, message, ddsolve.dealer_par, [0] * 20, vul)
    check(ValueError, message, ddsolve.sides_par, [0] * 20, vul)


def full_table(value):
    return {seat: {s: value for s in ddsolve.STRAINS} for seat in ddsolve.SEATS}


def test_bad_tables():
    check(ValueError, 'the table has no row for declarer "N"', ddsolve.par, {})
    check(ValueError, 'the table has no entry table["N"]["S"]', ddsolve.par, {"N": {}})
    row = {"S": 1, "H": 1, "D": 1, "C": 1}
    check(
        ValueError,
        'the table has no entry table["N"]["NT"]',
        ddsolve.par,
        {seat: row for seat in ddsolve.SEATS},
    )
    check(ValueError, 'table["N"]["S"] is 14: tricks must be 0 to 13', ddsolve.par, full_table(14))
    check(ValueError, 'table["N"]["S"] is -1: tricks must be 0 to 13', ddsolve.par, full_table(-1))
    check(ValueError, "table number 20 is 99: tricks must be 0 to 13", ddsolve.par, [0] * 19 + [99])
    check(
        ValueError,
        "a table given as numbers has 20 of them (DDS order: strains S, H, D, C, NT, declarers "
        "N, E, S, W in each); found 19",
        ddsolve.dealer_par,
        [0] * 19,
    )
    check(TypeError, 'table["N"]["S"] must be an int, not str', ddsolve.par, full_table("7"))
    check(
        TypeError,
        'table["N"] must map strains to tricks, not be int',
        ddsolve.par,
        {seat: 3 for seat in ddsolve.SEATS},
    )
    check(
        TypeError,
        "par needs a deal (ddsolve.Deal or PBN string), a table dict as calc_dd_table returns, "
        "or 20 numbers in DDS order, not float",
        ddsolve.sides_par,
        3.5,
    )


def test_bad_batches():
    check(
        ValueError,
        "threads must be at least 1 (or None for every core); got 0",
        ddsolve.calc_all_tables,
        [D],
        threads=0,
    )
    check(
        ValueError,
        "threads must be at least 1 (or None for every core); got -2",
        ddsolve.calc_all_tables,
        [D],
        threads=-2,
    )
    check(
        TypeError,
        "deals must be an iterable of ddsolve.Deal or PBN strings, not int",
        ddsolve.calc_all_tables,
        5,
    )
    check(
        TypeError,
        "deals[2]: a deal must be a ddsolve.Deal, a PBN string, or an object with to_pbn() (such as endplay's Deal), not NoneType",
        ddsolve.calc_all_tables,
        [D, D, None],
    )


def test_wrong_types():
    check(TypeError, "a deal must be a ddsolve.Deal, a PBN string, or an object with to_pbn() (such as endplay's Deal), not int", ddsolve.calc_dd_table, 42)
    check(TypeError, "a deal must be a ddsolve.Deal, a PBN string, or an object with to_pbn() (such as endplay's Deal), not list", ddsolve.solve_board, [], "S", "N")
    check(
        TypeError,
        "played must be a string of cards or an iterable of card strings, not int",
        ddsolve.solve_board,
        D,
        "NT",
        "E",
        played=5,
    )
    check(
        TypeError,
        'played must hold card strings like "SA", not int',
        ddsolve.solve_board,
        D,
        "NT",
        "E",
        played=[1],
    )
    check(
        TypeError,
        'cards must hold card strings like "SA", not NoneType',
        ddsolve.analyse_play,
        D,
        "NT",
        "E",
        ["HJ", None],
    )
    with pytest.raises(TypeError):
        ddsolve.Deal(5)
    with pytest.raises(TypeError):
        ddsolve.solve_board(D, 4, "N")


def test_deals_are_immutable():
    d = ddsolve.Deal(D)
    with pytest.raises(AttributeError):
        d.north = "AKQ..."
