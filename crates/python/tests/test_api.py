"""The module's behaviour: the Deal type, the shapes of results, the notations accepted,
mid-trick positions and targets, par forms, play analysis, and the GIL released while
solving."""

import pickle
import threading
import time

import ddsolve
import pytest
from conftest import FIRST_DEAL as D, dds_order

ROTATED = "E:873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3 QJ6.K652.J85.T98"


def test_deal_from_and_to_pbn():
    d = ddsolve.Deal(ROTATED)
    assert d.to_pbn() == D
    assert str(d) == D
    assert repr(d) == f'Deal("{D}")'
    assert ddsolve.Deal.from_pbn(D) == d
    assert ddsolve.Deal(f'"{D}"') == d  # quoted as in PBN files
    assert (d.north, d.east, d.south, d.west) == (
        "QJ6.K652.J85.T98",
        "873.J97.AT764.Q4",
        "K5.T83.KQ9.A7652",
        "AT942.AQ4.32.KJ3",
    )
    assert d.hands == {"N": d.north, "E": d.east, "S": d.south, "W": d.west}
    assert d["s"] == d["South"] == d.south
    assert d.cards_per_hand == 13
    assert ddsolve.Deal("N:A... K... Q... J...").cards_per_hand == 1


def test_deal_equality_hash_and_pickle():
    a, b = ddsolve.Deal(D), ddsolve.Deal(ROTATED)
    other = ddsolve.Deal("N:A... K... Q... J...")
    assert a == b and hash(a) == hash(b)
    assert a != other
    assert len({a, b, other}) == 2
    assert pickle.loads(pickle.dumps(a)) == a
    assert a != D  # a Deal is not its string


def test_table_shape_and_symmetry():
    t = ddsolve.calc_dd_table(D)
    assert list(t) == list(ddsolve.SEATS)
    for seat in ddsolve.SEATS:
        assert list(t[seat]) == list(ddsolve.STRAINS)
    assert dds_order(t) == [5, 8, 5, 8, 6, 6, 6, 6, 5, 7, 5, 7, 7, 5, 7, 5, 6, 6, 6, 6]
    # The same from a Deal and from a rotated PBN string.
    assert ddsolve.calc_dd_table(ddsolve.Deal(D)) == t
    assert ddsolve.calc_dd_table(ROTATED) == t


def test_tables_of_endings():
    # One card each: North the spade ace, the others a heart. With West declaring, North
    # leads the ace and wins unless hearts are trumps (West ruffs); with anyone else, a
    # heart is led and West's four wins it, unless spades are trumps (North ruffs).
    t = ddsolve.calc_dd_table("N:A... .2.. .3.. .4..")
    assert t["N"] == t["S"] == {"S": 1, "H": 0, "D": 0, "C": 0, "NT": 0}
    assert t["E"] == {"S": 0, "H": 1, "D": 1, "C": 1, "NT": 1}
    assert t["W"] == {"S": 0, "H": 1, "D": 0, "C": 0, "NT": 0}


def test_calc_all_tables_order_and_duplicates():
    deals = [D, "N:A... K... Q... J...", ddsolve.Deal(ROTATED), "N:.2.. .A.. .K.. .Q.."]
    tables = ddsolve.calc_all_tables(deals)
    assert tables[0] == tables[2]
    assert dds_order(tables[0]) == [5, 8, 5, 8, 6, 6, 6, 6, 5, 7, 5, 7, 7, 5, 7, 5, 6, 6, 6, 6]
    assert tables[1]["N"]["NT"] == 1 and tables[3]["N"]["NT"] == 0
    assert ddsolve.calc_all_tables(iter(deals), threads=3) == tables  # any iterable
    assert ddsolve.calc_all_tables([]) == []
    assert ddsolve.calc_all_tables((d for d in [D]), threads=1) == [tables[0]]


def test_solve_board_every_card_best_first():
    v = ddsolve.solve_board(D, "NT", "E")
    # Every card East holds can be led.
    east = ddsolve.Deal(D).east.split(".")
    held = {suit + rank for suit, ranks in zip("SHDC", east) for rank in ranks}
    assert set(v) == held
    assert list(v.values()) == sorted(v.values(), reverse=True)
    assert max(v.values()) == 13 - ddsolve.calc_dd_table(D)["N"]["NT"]
    # The notations of strains and seats.
    assert ddsolve.solve_board(D, "N", "east") == v
    assert ddsolve.solve_board(D, "nt", "e") == v


def test_solve_board_in_mid_trick():
    after_hj_h8 = "N:QJ6.K652.J85.T98 873.97.AT764.Q4 K5.T3.KQ9.A7652 AT942.AQ4.32.KJ3"
    as_list = ddsolve.solve_board(after_hj_h8, "NT", "E", played=["HJ", "H8"])
    assert as_list == {"HA": 6, "HQ": 6, "H4": 6}  # West must follow
    assert ddsolve.solve_board(after_hj_h8, "NT", "E", played="HJ H8") == as_list
    assert ddsolve.solve_board(after_hj_h8, "NT", "E", played="HJH8") == as_list
    assert ddsolve.solve_board(after_hj_h8, "NT", "E", played=("hj", "h8")) == as_list
    # East-West's 6 are North-South's 7 after the jack and the eight.
    assert ddsolve.analyse_play(D, "NT", "E", ["HJ", "H8"])[-1] == 13 - 6


def test_solve_board_with_a_target():
    v = ddsolve.solve_board(D, "NT", "E")
    assert max(v.values()) == 7
    for target in (1, 6, 7, 8):
        got = ddsolve.solve_board(D, "NT", "E", target=target)
        assert got == {card: t for card, t in v.items() if t >= target}
    assert ddsolve.solve_board(D, "NT", "E", target=13) == {}


def test_par_forms():
    table = ddsolve.calc_dd_table(D)
    numbers = dds_order(table)
    contract = {
        "level": 2,
        "strain": "S",
        "declarer": "EW",
        "doubled": False,
        "tricks": 8,
        "result": 0,
        "text": "EW 2S",
    }
    expected_dealer_par = {"score": -110, "contracts": [contract], "dds": ["-110", "2S-EW"]}
    expected_par = {
        "ns": {"score": -110, "contracts": [contract]},
        "ew": {"score": 110, "contracts": [contract]},
        "dds": ["NS -110", "EW 110", "NS:EW 2S", "EW:EW 2S"],
    }
    for arg in (table, numbers, tuple(numbers)):
        assert ddsolve.dealer_par(arg) == expected_dealer_par
        assert ddsolve.par(arg) == expected_par
        sides = ddsolve.sides_par(arg)
        assert sides["ns"]["score"] == -110 and sides["ew"]["score"] == 110
        assert sides["ns"]["dds"] == ["-110", "2S-EW"]
    # From a deal, its table is solved first.
    assert ddsolve.dealer_par(D) == expected_dealer_par
    assert ddsolve.par(ddsolve.Deal(D)) == expected_par
    # Vulnerability only matters to the scores here.
    assert ddsolve.dealer_par(table, vul="ew")["score"] == -110
    assert ddsolve.dealer_par(table, vul="EW", dealer="W")["contracts"][0]["text"] == "EW 2S"


def test_par_has_the_cli_s_json_objects():
    """par, dealer_par and sides_par are the objects of `ddsolve par --format json`."""
    import json
    import os
    import subprocess

    exe = os.environ.get("DDSOLVE_BIN")
    if exe is None:
        # The command line is not part of the Python package: compare with its schema as
        # the front crate writes it, through the same fields.
        p = ddsolve.par(D)
        assert set(p) == {"ns", "ew", "dds"}
        assert set(p["ns"]["contracts"][0]) == {
            "level", "strain", "declarer", "doubled", "tricks", "result", "text"
        }
        return
    out = subprocess.run([exe, "par", "--format", "json", D], capture_output=True, check=True)
    record = json.loads(out.stdout)
    p = ddsolve.par(D)
    assert record["par"] == {"ns": p["ns"], "ew": p["ew"]}
    d = ddsolve.dealer_par(D)
    del d["dds"]
    assert record["dealer_par"] == d


def test_par_of_a_passed_out_deal_and_a_sacrifice():
    nothing = [6] * 20  # nobody makes a one-level contract
    assert ddsolve.dealer_par(nothing) == {"score": 0, "contracts": [], "dds": ["0", "pass"]}
    # North-South make 4S (10 tricks), 620 vulnerable; East-West take 8 tricks in hearts,
    # and must bid 5H to outbid 4S: doubled three down, 500 non-vulnerable.
    t = {seat: {s: 0 for s in ddsolve.STRAINS} for seat in ddsolve.SEATS}
    for seat in ("N", "S"):
        t[seat]["S"] = 10
    for seat in ("E", "W"):
        t[seat]["H"] = 8
    p = ddsolve.dealer_par(t, vul="ns", dealer="N")
    assert p["score"] == 500
    [sac] = p["contracts"]
    assert (sac["level"], sac["strain"], sac["doubled"], sac["result"]) == (5, "H", True, -3)
    assert (sac["declarer"], sac["tricks"]) == ("EW", 8)
    assert sac["text"] == "EW 5Hx-3"
    assert p["dds"] == ["500", "5H*-EW-3"]
    assert ddsolve.par(t, "ns")["dds"] == ["NS 500", "EW -500", "NS:EW 5Hx", "EW:EW 5Hx"]
    # Not vulnerable, 4S scores 420: the sacrifice no longer pays.
    assert ddsolve.dealer_par(t, vul="none", dealer="N")["score"] == 420


class EndplayDeal:
    """What endplay's Deal offers: to_pbn(), and a str() that is not PBN."""

    def __init__(self, pbn):
        self._pbn = pbn

    def to_pbn(self):
        return self._pbn

    def __str__(self):
        return "a deal"


class StrDeal:
    def __init__(self, pbn):
        self._pbn = pbn

    def __str__(self):
        return self._pbn


def test_other_libraries_deals_are_taken():
    for deal in (EndplayDeal(D), StrDeal(D)):
        assert ddsolve.calc_dd_table(deal)["E"]["S"] == 8
        assert ddsolve.solve_board(deal, "NT", "E")["HJ"] == 6
        assert ddsolve.dealer_par(deal)["score"] == -110
        assert ddsolve.analyse_play(deal, "NT", "E", "HJ") == [6, 7]
    assert ddsolve.calc_all_tables([EndplayDeal(D), D])[0] == ddsolve.calc_dd_table(D)
    with pytest.raises(TypeError, match="to_pbn"):
        ddsolve.calc_dd_table(object())


def test_version():
    assert isinstance(ddsolve.__version__, str)
    assert ddsolve.__version__.count(".") == 2


def test_batches():
    boards = [(D, "NT", "E"), {"deal": D, "trump": "S", "leader": "E"}, (D, "NT", "E", None)]
    got = ddsolve.solve_all_boards(boards, threads=2)
    assert got == [ddsolve.solve_board(D, "NT", "E"), ddsolve.solve_board(D, "S", "E"),
                   ddsolve.solve_board(D, "NT", "E")]
    plays = [(D, "NT", "E", "HJ H8 HA H2"), {"deal": D, "trump": "NT", "leader": "E", "cards": ["HJ"]}]
    assert ddsolve.analyse_all_plays(plays) == [[6, 7, 7, 7, 7], [6, 7]]
    with pytest.raises(ValueError, match=r"boards\[1\]"):
        ddsolve.solve_all_boards([(D, "NT", "E"), (D, "X", "E")])
    # The ten as 10, as everywhere.
    assert ddsolve.analyse_play("N:A.K.. T.J.. Q.9.. 8.7..", "NT", "E", "S10 SQ") == \
        ddsolve.analyse_play("N:A.K.. T.J.. Q.9.. 8.7..", "NT", "E", "STSQ")


def test_readers_and_annotate():
    pbn = f'[Board "2"]\n[Deal "{D}"]\n\n[Board "3"]\n[Deal "?"]\n'
    boards = ddsolve.read_pbn(pbn)
    assert [b["board"] for b in boards] == ["2", "3"]
    assert boards[0]["deal"] == ddsolve.Deal(D)
    assert (boards[0]["dealer"], boards[0]["vulnerable"]) == ("E", "NS")
    assert boards[1]["deal"] is None
    assert boards[0]["tags"]["Board"] == "2"
    with pytest.raises(ValueError, match="line 1"):
        ddsolve.read_pbn('[Deal "x')
    lin = ddsolve.read_lin("md|3SK5HT83DKQ9CA7652,SAT942HAQ4D32CKJ3,SQJ6HK652DJ85CT98,|sv|e|")
    assert lin[0]["deal"] == ddsolve.Deal(D)
    with pytest.warns(UserWarning, match="unknown"):
        out = ddsolve.annotate(pbn)
    assert '[ParContract "EW 2S"]' not in out  # board 2: East deals, NS vulnerable
    assert "[OptimumScore" in out and "[DoubleDummyTricks" in out
    with pytest.warns(UserWarning, match="unknown"):
        assert isinstance(ddsolve.annotate(pbn.encode("latin-1")), bytes)


def test_analyse_play():
    trace = ddsolve.analyse_play(D, "NT", "E", ["HJ", "H8", "HA", "H2"])
    assert trace == [6, 7, 7, 7, 7]  # the heart jack gave North-South a trick
    assert ddsolve.analyse_play(D, "NT", "E", "HJ,H8,HA,H2") == trace
    assert ddsolve.analyse_play(D, "NT", "E", []) == [6]
    assert ddsolve.analyse_play(D, "NT", "E", "") == [6]


def test_the_gil_is_released_while_solving(freak24):
    """A Python thread keeps running while another solves: with the GIL held it would stop
    for the whole solve."""
    deals = [d for d, _ in freak24[:2]]
    done = threading.Event()
    span = {}

    def solve():
        start = time.perf_counter()
        ddsolve.calc_all_tables(deals, threads=1)
        span["solve"] = time.perf_counter() - start
        done.set()

    worker = threading.Thread(target=solve)
    worker.start()
    longest_gap, last = 0.0, time.perf_counter()
    while not done.is_set():
        now = time.perf_counter()
        longest_gap, last = max(longest_gap, now - last), now
    worker.join()
    assert span["solve"] > 0.2, "the solve is too short to tell"
    assert longest_gap < span["solve"] / 2, (longest_gap, span["solve"])


STATS_KEYS = [
    "nodes",
    "searches",
    "trick_nodes",
    "tt_probes",
    "tt_hits",
    "tt_stores",
    "cut_quick_tricks",
    "cut_second_hand",
    "cut_later_tricks",
    "cut_etc",
    "cut_table",
    "tt_evictions",
    "micros",
]


def test_stats_per_call():
    table, stats = ddsolve.calc_dd_table(D, stats=True)
    assert table == ddsolve.calc_dd_table(D)
    assert list(stats) == STATS_KEYS
    assert all(isinstance(v, int) and v >= 0 for v in stats.values())
    assert stats["nodes"] > stats["trick_nodes"] > 0
    assert stats["searches"] >= 20  # one driver run per strain and leader
    assert stats["tt_probes"] >= stats["tt_hits"] >= stats["cut_table"] > 0
    # A fresh solver each call: the counts (not the time) repeat.
    _, again = ddsolve.calc_dd_table(D, stats=True)
    assert {**again, "micros": 0} == {**stats, "micros": 0}

    cards, s = ddsolve.solve_board(D, "NT", "E", stats=True)
    assert cards == ddsolve.solve_board(D, "NT", "E")
    assert list(s) == STATS_KEYS and s["nodes"] > 0
    assert ddsolve.solve_board(D, "NT", "E", stats=False) == cards
