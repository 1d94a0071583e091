"""The module's behaviour: the Deal type, the shapes of results, the notations accepted,
mid-trick positions and targets, par forms, play analysis, and the GIL released while
solving."""

import pickle
import threading
import time

import ddsolve
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
    expected = {
        "score": -110,
        "contracts": [
            {
                "level": 2,
                "strain": "S",
                "declarer": "EW",
                "doubled": False,
                "result": 0,
                "text": "2S-EW",
            }
        ],
    }
    for arg in (table, numbers, tuple(numbers)):
        assert ddsolve.par(arg) == expected
        assert ddsolve.dealer_par(arg) == ["-110", "2S-EW"]
        assert ddsolve.sides_par(arg) == ["NS -110", "EW 110", "NS:EW 2S", "EW:EW 2S"]
    # From a deal, its table is solved first.
    assert ddsolve.par(D) == expected
    assert ddsolve.sides_par(ddsolve.Deal(D)) == ["NS -110", "EW 110", "NS:EW 2S", "EW:EW 2S"]
    # Vulnerability only matters to the scores here.
    assert ddsolve.par(table, vul="ew")["score"] == -110
    assert ddsolve.par(table, vul="EW", dealer="W")["contracts"][0]["text"] == "2S-EW"


def test_par_of_a_passed_out_deal_and_a_sacrifice():
    nothing = [6] * 20  # nobody makes a one-level contract
    assert ddsolve.par(nothing) == {"score": 0, "contracts": []}
    assert ddsolve.dealer_par(nothing) == ["0", "pass"]
    # North-South make 4S (10 tricks), 620 vulnerable; East-West take 8 tricks in hearts,
    # and must bid 5H to outbid 4S: doubled three down, 500 non-vulnerable.
    t = {seat: {s: 0 for s in ddsolve.STRAINS} for seat in ddsolve.SEATS}
    for seat in ("N", "S"):
        t[seat]["S"] = 10
    for seat in ("E", "W"):
        t[seat]["H"] = 8
    p = ddsolve.par(t, vul="ns", dealer="N")
    assert p["score"] == 500
    [sac] = p["contracts"]
    assert (sac["level"], sac["strain"], sac["doubled"], sac["result"]) == (5, "H", True, -3)
    assert sac["declarer"] == "EW"
    assert sac["text"] == "5H*-EW-3"
    assert ddsolve.sides_par(t, "ns") == ["NS 500", "EW -500", "NS:EW 5Hx", "EW:EW 5Hx"]
    # Not vulnerable, 4S scores 420: the sacrifice no longer pays.
    assert ddsolve.par(t, vul="none", dealer="N")["score"] == 420


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
