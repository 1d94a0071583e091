"""ddsolve.lead and ddsolve.single_dummy: the command line's JSON objects, and each card's
tricks against the solver's values of the same deals."""

import pytest

import ddsolve

HAND = "W:KQJT.432.5432.32"
CARD_FIELDS = ["best", "cards", "imps", "matchpoints", "score", "success", "tricks"]


def sampled_deals(hand, n, seed):
    """Deals holding `hand` (seat:cards), from ddsolve.deal's predeal."""
    seat, cards = hand.split(":")
    names = {"N": "north", "E": "east", "S": "south", "W": "west"}
    suits = cards.split(".")
    predeal = ", ".join(f"{s}{h}" for s, h in zip("SHDC", suits) if h)
    run = ddsolve.deal(f"predeal {names[seat]} {predeal}\nproduce {n}\naction printoneline", seed=seed)
    return [d["deal"] for d in run["deals"]]


def test_lead_is_the_command_lines_object():
    r = ddsolve.lead(HAND, "4SS", samples=12, seed=3)
    assert list(r) == ["problem", "samples", "tried", "nodes", "leads"]
    assert r["problem"] == "4S by S, not vulnerable; W leads from KQJT.432.5432.32"
    assert r["samples"] == 12 and r["tried"] >= 12 and r["nodes"] > 0
    cards = [c for g in r["leads"] for c in g["cards"]]
    assert sorted(cards) == sorted(["SK", "SQ", "SJ", "ST", "H4", "H3", "H2", "D5", "D4", "D3", "D2", "C3", "C2"])
    for g in r["leads"]:
        assert sorted(g) == CARD_FIELDS
        for key in CARD_FIELDS[:1] + CARD_FIELDS[2:]:
            assert set(g[key]) == {"mean", "se"}
        assert 0 <= g["success"]["mean"] <= 1
    scores = [g["score"]["mean"] for g in r["leads"]]
    assert scores == sorted(scores, reverse=True)
    # The same samples and values on one thread (the search's node count may differ).
    one = ddsolve.lead(HAND, "4SS", samples=12, seed=3, threads=1)
    assert {**one, "nodes": 0} == {**r, "nodes": 0}


def test_lead_tricks_are_the_solvers_on_given_deals():
    deals = sampled_deals(HAND, 3, seed=9)
    r = ddsolve.lead(HAND, "4SS", vul="ns", deals=deals)
    assert r["problem"].startswith("4S by S, vulnerable;")
    assert (r["samples"], r["tried"]) == (3, 3)
    values = [ddsolve.solve_board(d, "S", "W") for d in deals]
    for g in r["leads"]:
        for card in g["cards"]:
            mean = sum(v[card] for v in values) / 3
            assert g["tricks"]["mean"] == pytest.approx(mean)
        sets = sum(v[g["cards"][0]] >= 4 for v in values) / 3
        assert g["success"]["mean"] == pytest.approx(sets)


def test_a_condition_as_an_expression_or_a_script():
    a = ddsolve.lead(HAND, "3NTS", condition="hcp(north) + hcp(south) >= 25", samples=8)
    b = ddsolve.lead(HAND, "3NTS", condition="produce 9\ncondition hcp(north) + hcp(south) >= 25\n", samples=8)
    assert {**a, "nodes": 0} == {**b, "nodes": 0}
    assert a["tried"] > 8
    plain = ddsolve.lead(HAND, "3NTS", samples=8)
    assert plain["tried"] == 8


def test_lead_errors():
    with pytest.raises(ValueError, match="^hand: the hand is N's, but against 4S by S W leads"):
        ddsolve.lead("N:KQJT.432.5432.32", "4SS", samples=2)
    with pytest.raises(ValueError, match="^contract: "):
        ddsolve.lead(HAND, "8SS", samples=2)
    with pytest.raises(ValueError, match=r"^condition: 1:\d+: "):
        ddsolve.lead(HAND, "4SS", condition="hcp(north) >=", samples=2)
    with pytest.raises(ValueError, match="samples"):
        ddsolve.lead(HAND, "4SS", samples=0)
    with pytest.raises(ValueError, match="not both"):
        ddsolve.lead(HAND, "4SS", condition="hcp(north) > 5", deals=sampled_deals(HAND, 1, 1))
    with pytest.raises(ValueError, match="does not agree"):
        ddsolve.lead(HAND, "4SS", deals=sampled_deals("W:AKQJ.432.5432.32", 1, 1))
    with pytest.raises(TypeError, match="not one string"):
        ddsolve.lead(HAND, "4SS", deals=str(sampled_deals(HAND, 1, 1)[0]))
    with pytest.raises(ValueError, match="vul"):
        ddsolve.lead(HAND, "4SS", vul="red", samples=2)


def test_single_dummy_is_the_command_lines_object():
    args = ("S:AQJ94.K32.A52.A4", "N:KT853.A54.K43.73", "4SS")
    r = ddsolve.single_dummy(*args, played="CK C3 C2 CA", samples=10, seed=2)
    assert list(r) == ["problem", "samples", "tried", "nodes", "cards"]
    assert r["problem"] == (
        "4S by S, not vulnerable; S sees AQJ94.K32.A52.A4 and dummy KT853.A54.K43.73; "
        "S to play after 4 cards"
    )
    cards = sorted(c for g in r["cards"] for c in g["cards"])
    assert cards == sorted(["SA", "SQ", "SJ", "S9", "S4", "HK", "H3", "H2", "DA", "D5", "D2", "C4"])
    for g in r["cards"]:
        assert sorted(g) == CARD_FIELDS
        assert 1 <= g["tricks"]["mean"] <= 13
    same = ddsolve.single_dummy(*args, played=["CK", "C3", "C2", "CA"], samples=10, seed=2)
    assert {**same, "nodes": 0} == {**r, "nodes": 0}


def test_single_dummy_tricks_are_the_solvers_on_given_deals():
    deal = ddsolve.Deal("N:KT853.A54.K43.73 62.QJT9.JT9.KQJT AQJ94.K32.A52.A4 7.876.Q876.98652")
    r = ddsolve.single_dummy("S:AQJ94.K32.A52.A4", "N:KT853.A54.K43.73", "4SS", played="C2", deals=[deal])
    assert r["problem"].endswith("N to play after 1 cards")
    # Dummy's cards after the lead: the tricks declarer's side takes, the lead's trick included.
    after = "N:KT853.A54.K43.73 62.QJT9.JT9.KQJT AQJ94.K32.A52.A4 7.876.Q876.9865"
    values = ddsolve.solve_board(after, "S", "W", played=["C2"])
    assert sorted(c for g in r["cards"] for c in g["cards"]) == sorted(values)
    for g in r["cards"]:
        for card in g["cards"]:
            assert g["tricks"]["mean"] == values[card]
            assert g["success"]["mean"] == (values[card] >= 10)


def test_single_dummy_errors():
    with pytest.raises(ValueError, match="^dummy: the hand is E's"):
        ddsolve.single_dummy("S:AQJ94.K32.A52.A4", "E:KT853.A54.K43.73", "4SS")
    with pytest.raises(ValueError, match="^played: .*CZ"):
        ddsolve.single_dummy("S:AQJ94.K32.A52.A4", "N:KT853.A54.K43.73", "4SS", played="CZ")
    with pytest.raises(TypeError):
        ddsolve.single_dummy("S:AQJ94.K32.A52.A4", "N:KT853.A54.K43.73", "4SS", played=5)
    with pytest.raises(ValueError):
        ddsolve.single_dummy("S:AQJ94.K32.A52.A4", "N:KT853.A54.K43.73", "4SS", played="SA")
