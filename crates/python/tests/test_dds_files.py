"""Agreement with DDS: list100.txt (tables, every lead's value, par, dealer par, play
analysis) and the tables of random and freak deals computed with DDS 3.1."""

from concurrent.futures import ThreadPoolExecutor

import ddsolve
from conftest import dds_order, table_from_dds_order


def test_list100_tables(list100):
    tables = ddsolve.calc_all_tables([e.deal for e in list100], threads=2)
    assert len(tables) == len(list100)
    for i, (entry, table) in enumerate(zip(list100, tables)):
        assert dds_order(table) == entry.table, f"entry {i + 1}: {entry.deal}"


def test_list100_every_lead(list100):
    """FUT lines: the value of every legal lead (equivalent cards expanded) for the entry's
    trump and leader. Solved on two Python threads: the solver releases the GIL."""

    def solve(entry):
        return ddsolve.solve_board(entry.deal, entry.trump, entry.first)

    with ThreadPoolExecutor(2) as pool:
        values = list(pool.map(solve, list100))
    for i, (entry, got) in enumerate(zip(list100, values)):
        assert got == entry.fut, f"entry {i + 1}: {entry.deal} {entry.trump} {entry.first}"
        # Best first.
        assert list(got.values()) == sorted(got.values(), reverse=True)


def test_list100_par_from_table_lines(list100):
    for i, entry in enumerate(list100):
        table = table_from_dds_order(entry.table)
        assert ddsolve.par(table, entry.vul)["dds"] == entry.par, f"entry {i + 1}"
        got = ddsolve.dealer_par(table, entry.vul, entry.dealer)["dds"]
        assert got == entry.par2, f"entry {i + 1}"
        # The same from the 20 numbers as they stand in the file.
        assert ddsolve.dealer_par(entry.table, entry.vul, entry.dealer)["dds"] == entry.par2


def test_list100_par_structured(list100):
    """dealer_par()'s dicts say what the PAR2 line says."""
    for i, entry in enumerate(list100):
        p = ddsolve.dealer_par(entry.table, entry.vul, entry.dealer)
        assert str(p["score"]) == entry.par2[0], f"entry {i + 1}"
        assert len(p["contracts"]) == max(1, len(entry.par2) - 1) or entry.par2[1:] == ["pass"]
        for c in p["contracts"]:
            assert 1 <= c["level"] <= 7
            assert c["strain"] in ddsolve.STRAINS
            assert c["declarer"] in ("N", "E", "S", "W", "NS", "EW")
            assert c["doubled"] == (c["result"] < 0)


def test_list100_par_from_deals(list100):
    """par from a deal solves its table first: the same as from the TABLE line."""
    for entry in list100[:3]:
        assert ddsolve.par(entry.deal, entry.vul)["dds"] == entry.par
        got = ddsolve.dealer_par(ddsolve.Deal(entry.deal), entry.vul, entry.dealer)["dds"]
        assert got == entry.par2


def test_list100_play_analysis(list100):
    """PLAY and TRACE lines: declarer's side's tricks before and after each card (DDS's
    trace stops short of the end; compared as far as it goes)."""

    def analyse(entry):
        return ddsolve.analyse_play(entry.deal, entry.trump, entry.first, entry.play)

    with ThreadPoolExecutor(2) as pool:
        results = list(pool.map(analyse, list100))
    for i, (entry, got) in enumerate(zip(list100, results)):
        assert len(got) == len(entry.play) + 1
        assert got[: len(entry.trace)] == entry.trace, f"entry {i + 1}"


def test_random_deals_against_dds(random200, random200_tables):
    for (deal, expected), table in zip(random200, random200_tables):
        assert dds_order(table) == expected, deal


def test_freak_deals_against_dds(freak24):
    # The hardest deals there are (four voids or more): the first eight keep CI short.
    rows = freak24[:8]
    tables = ddsolve.calc_all_tables([d for d, _ in rows], threads=2)
    for (deal, expected), table in zip(rows, tables):
        assert dds_order(table) == expected, deal


def test_one_thread_gives_the_same_tables_as_two(random200, random200_tables):
    deals = [d for d, _ in random200[:20]]
    assert ddsolve.calc_all_tables(deals, threads=1) == random200_tables[:20]


def test_calc_dd_table_matches_the_batch(random200, random200_tables):
    for (deal, _), table in list(zip(random200, random200_tables))[:3]:
        assert ddsolve.calc_dd_table(deal) == table
