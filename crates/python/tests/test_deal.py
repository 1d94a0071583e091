"""ddsolve.deal: dealer scripts run as data, against Debian's dealer's deals, the solver's
tables and the script's own arithmetic."""

import pytest

import ddsolve

# Debian's `dealer -s 1` (its first deal, as printoneline prints it): the crate's README.
DEALER_SEED_1 = "n 2.T98.K752.KJT84 e 5.J7642.986.9763 s AQ8.AQ5.QJT.AQ52 w KJT97643.K3.A43. \n"


def test_dealer_rng_deals_what_debians_dealer_deals():
    run = ddsolve.deal("produce 1\naction printoneline", seed=1, rng="dealer")
    assert run["output"] == DEALER_SEED_1
    assert run["deals"][0]["text"] == DEALER_SEED_1
    assert run["deals"][0]["deal"] == ddsolve.Deal(
        "N:2.T98.K752.KJT84 5.J7642.986.9763 AQ8.AQ5.QJT.AQ52 KJT97643.K3.A43."
    )
    assert (run["generated"], run["produced"], run["seed"]) == (1, 1, 1)


def test_the_values_are_the_deals_and_the_condition_holds():
    run = ddsolve.deal(
        "condition hcp(north) >= 15 && spades(south) >= 4\n"
        'action printes(hcp(north), " ", spades(south), "\n")',
        produce=25,
        seed=7,
    )
    assert run["produced"] == 25 == len(run["deals"])
    assert run["generated"] >= 25
    for d in run["deals"]:
        north = d["deal"].north
        hcp = sum({"A": 4, "K": 3, "Q": 2, "J": 1}.get(c, 0) for c in north)
        spades = len(d["deal"].south.split(".")[0])
        assert d["values"] == [hcp, spades]
        assert hcp >= 15 and spades >= 4
        assert d["text"] == f"{hcp} {spades}\n"
    assert run["output"] == "".join(d["text"] for d in run["deals"])


def test_the_same_deals_on_any_number_of_threads():
    script = "produce 30\ncondition shape(west, any 5xxx)\naction printoneline"
    one = ddsolve.deal(script, seed=11, threads=1)
    two = ddsolve.deal(script, seed=11, threads=2)
    assert [d["deal"] for d in one["deals"]] == [d["deal"] for d in two["deals"]]
    assert one["output"] == two["output"]
    other = ddsolve.deal(script, seed=12, threads=1)
    assert [d["deal"] for d in other["deals"]] != [d["deal"] for d in one["deals"]]


def test_average_and_frequency_are_the_deals():
    run = ddsolve.deal(
        "produce 40\n"
        'action printcompact(hcp(east)), average "east" hcp(east), '
        'frequency "len" (hearts(east), 2, 5), frequency (hcp(north), 8, 12, hcp(south), 9, 10)',
        seed=3,
    )
    values = [d["values"][0] for d in run["deals"]]
    average, freq, freq2 = run["actions"][1:]
    assert run["actions"][0] == {"action": "printcompact"}
    assert average == {"action": "average", "label": "east", "mean": pytest.approx(sum(values) / 40)}
    lengths = [len(d["deal"].east.split(".")[1]) for d in run["deals"]]
    assert freq["label"] == "len" and freq["range"] == (2, 5)
    assert freq["counts"] == {v: lengths.count(v) for v in range(2, 6)}
    assert freq["below"] == sum(v < 2 for v in lengths)
    assert freq["above"] == sum(v > 5 for v in lengths)
    assert freq2["rows"] == (8, 12) and freq2["columns"] == (9, 10)
    assert len(freq2["counts"]) == 7 and all(len(row) == 4 for row in freq2["counts"])
    assert sum(map(sum, freq2["counts"])) == 40


def test_tricks_are_the_solvers():
    run = ddsolve.deal(
        "produce 4\naction printes(tricks(south, notrump), tricks(west, spades)), "
        "average tricks(north, hearts), evalcontract",
        seed=5,
    )
    tables = [ddsolve.calc_dd_table(d["deal"]) for d in run["deals"]]
    for d, t in zip(run["deals"], tables):
        assert d["values"] == [t["S"]["NT"], t["W"]["S"]]
    assert run["actions"][1]["mean"] == pytest.approx(sum(t["N"]["H"] for t in tables) / 4)
    ev = run["actions"][2]
    assert ev["action"] == "evalcontract"
    assert set(ev) == {"action", "not_vulnerable", "vulnerable"}
    assert len(ev["vulnerable"]) == 35
    # 7NT by South: +1520 when all 13 tricks are there, else down; never above 1520.
    made = sum(t["S"]["NT"] == 13 for t in tables)
    if made == 0:
        assert ev["not_vulnerable"]["7NT"]["S"] < 0


def test_no_deal_leaves_the_average_empty():
    run = ddsolve.deal("generate 10\ncondition hcp(north) > 37\naction average hcp(north)", seed=1)
    assert (run["generated"], run["produced"], run["deals"]) == (10, 0, [])
    assert run["actions"] == [{"action": "average", "label": None, "mean": None}]


def test_errors_name_the_line_and_column():
    with pytest.raises(ValueError, match=r"^2:1: expected an expression"):
        ddsolve.deal("condition hcp(north) >= \naction printall")
    with pytest.raises(ValueError, match=r"^1:"):
        ddsolve.deal("produce 1\x00")
    with pytest.raises(ValueError, match="not a generator"):
        ddsolve.deal("produce 1", rng="glibc")
    with pytest.raises(ValueError, match="threads"):
        ddsolve.deal("produce 1", threads=0)
    with pytest.raises(TypeError):
        ddsolve.deal(5)
