"""Limits on what a call can ask for: batch dicts with unknown keys, endless iterables of
cards, and thread counts far beyond the cores."""

import itertools
import os
import time

import pytest

import ddsolve
from conftest import FIRST_DEAL as D

ENDING = "N:AKQ... 432... JT9... 876..."
# East has led the heart jack: the deal without it, then South to play.
AFTER_HJ = "N:QJ6.K652.J85.T98 873.97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"


def test_a_batch_dict_with_an_unknown_key_names_it():
    # The review's case: "plyed" was ignored and the opening lead solved instead.
    with pytest.raises(ValueError) as info:
        ddsolve.solve_all_boards([{"deal": D, "trump": "NT", "leader": "E", "plyed": ["HJ"]}])
    message = str(info.value)
    assert message.startswith("boards[0]: unknown key 'plyed'"), message
    assert "played" in message
    with pytest.raises(ValueError, match=r"^plays\[1\]: unknown key 'card'"):
        ddsolve.analyse_all_plays(
            [
                {"deal": D, "trump": "NT", "leader": "E", "cards": "HJ"},
                {"deal": D, "trump": "NT", "leader": "E", "card": "HJ"},
            ]
        )
    with pytest.raises(ValueError, match=r"^boards\[0\]: unknown key 1"):
        ddsolve.solve_all_boards([{"deal": D, "trump": "NT", "leader": "E", 1: 2}])
    # The known keys still work, target included.
    r = ddsolve.solve_all_boards(
        [{"deal": AFTER_HJ, "trump": "NT", "leader": "E", "played": ["HJ"], "target": 7}]
    )
    assert r[0] and all(tricks >= 7 for tricks in r[0].values())


def test_a_tuple_with_too_many_fields_is_refused():
    with pytest.raises(ValueError, match=r"^boards\[0\]: 5 fields; at most 4"):
        ddsolve.solve_all_boards([(D, "NT", "E", [], 7)])
    with pytest.raises(ValueError, match=r"^plays\[0\]: 5 fields; at most 4"):
        ddsolve.analyse_all_plays([(D, "NT", "E", "HJ", "extra")])


def test_an_endless_iterable_of_cards_is_an_error_not_a_hang():
    endless = itertools.cycle(["HJ"])
    with pytest.raises(ValueError, match="more than 52 cards"):
        ddsolve.solve_all_boards([(D, "NT", "E", endless)])
    with pytest.raises(ValueError, match="more than 52 cards"):
        ddsolve.solve_board(D, "NT", "E", played=itertools.repeat("HJ"))
    with pytest.raises(ValueError, match="more than 52 cards"):
        ddsolve.analyse_play(D, "NT", "E", itertools.repeat("HJ"))
    with pytest.raises(ValueError, match=r"^plays\[0\]: cards holds more than 52 cards"):
        ddsolve.analyse_all_plays([(D, "NT", "E", itertools.repeat("SA"))])


def test_threads_far_beyond_the_cores_are_capped():
    # 20,000 threads were started; capped at the cores and the work, these return at once.
    start = time.monotonic()
    assert ddsolve.solve_all_boards([(ENDING, "NT", "W")], threads=20000)[0]["S8"] == 0
    assert ddsolve.analyse_all_plays([(ENDING, "NT", "W", "S8")], threads=20000) == [[3, 3]]
    assert ddsolve.calc_all_tables([ENDING], threads=20000)[0]["N"]["NT"] == 3
    out = ddsolve.annotate('[Board "1"]\n[Deal "%s"]\n' % D, threads=20000)
    assert '[ParContract "EW 2S"]' in out
    assert time.monotonic() - start < 30, "capped thread counts start at once"
    assert os.cpu_count() >= 1
