"""ddsolve.Solver: a kept solver answers as the module's solve_board on sequences of positions."""

import random

import pytest

import ddsolve

DEAL = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"


def hands_of(pbn):
    first, rest = pbn.split(":")
    order = "NESW"[("NESW".index(first)):] + "NESW"[: "NESW".index(first)]
    return dict(zip(order, rest.split()))


def pbn_of(hands):
    return "N:" + " ".join(hands[s] for s in "NESW")


def remove(hand, card):
    suits = hand.split(".")
    i = "SHDC".index(card[0])
    suits[i] = suits[i].replace(card[1], "", 1)
    return ".".join(suits)


def test_a_played_out_deal_card_by_card_matches_cold_solves():
    """Play the deal out, each card chosen at random among the legal ones: at every step the
    kept solver's values are the module's (a fresh solver each call)."""
    rng = random.Random(7)
    for trump, first in [("NT", "E"), ("S", "N"), ("H", "W")]:
        solver = ddsolve.Solver()
        hands = hands_of(DEAL)
        leader = first
        steps = 0
        while any(hands[s].replace(".", "") for s in "NESW"):
            trick = []
            seat = leader
            for _ in range(4):
                deal = pbn_of(hands)
                warm = solver.solve_board(deal, trump, leader, played=trick)
                cold = ddsolve.solve_board(deal, trump, leader, played=trick)
                assert warm == cold, (trump, first, steps, trick)
                card = rng.choice(sorted(warm))
                hands[seat] = remove(hands[seat], card)
                trick.append(card)
                seat = "NESW"[("NESW".index(seat) + 1) % 4]
                steps += 1
            # The winner leads next: the highest card of the led suit or the highest trump.
            ranks = "23456789TJQKA"
            led = trick[0][0]
            trumps = [c for c in trick if trump != "NT" and c[0] == trump[0]]
            pool = trumps or [c for c in trick if c[0] == led]
            best = max(pool, key=lambda c: ranks.index(c[1]))
            leader = "NESW"[("NESW".index(leader) + trick.index(best)) % 4]
        assert steps == 52
        assert solver.nodes > 0


def test_target_and_errors_as_solve_board():
    s = ddsolve.Solver()
    assert s.solve_board(DEAL, "NT", "E", target=7) == ddsolve.solve_board(DEAL, "NT", "E", target=7)
    with pytest.raises(ValueError, match="target"):
        s.solve_board(DEAL, "NT", "E", target=99)
    with pytest.raises(ValueError):
        s.solve_board("N:AKQ", "NT", "E")
    # The solver still answers after an error, and after clear().
    s.clear()
    assert s.solve_board(DEAL, "NT", "E") == ddsolve.solve_board(DEAL, "NT", "E")
