"""Readers of the test data in tests/data (DDS's regression file list100.txt and the tables
of random deals computed with DDS 3.1; formats in tests/data/README.md)."""

import re
import shlex
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

import pytest

import ddsolve

DATA = Path(__file__).parent / "data"
FIRST_DEAL = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"

SUITS = "SHDC"
RANKS = {r: "..23456789TJQKA"[r] for r in range(2, 15)}
VULS = ["none", "both", "ns", "ew"]


def table_from_dds_order(numbers):
    """A table dict (``t[declarer][strain]``) from 20 numbers in DDS order."""
    assert len(numbers) == 20
    return {
        seat: {strain: numbers[4 * j + i] for j, strain in enumerate(ddsolve.STRAINS)}
        for i, seat in enumerate(ddsolve.SEATS)
    }


def dds_order(table):
    """The 20 numbers in DDS order of a table dict."""
    return [table[seat][strain] for strain in ddsolve.STRAINS for seat in ddsolve.SEATS]


@dataclass
class Entry:
    """One entry of a DDS regression file."""

    dealer: str
    vul: str
    trump: str
    first: str
    deal: str
    fut: Optional[dict] = None
    table: Optional[list] = None
    par: Optional[list] = None
    par2: Optional[list] = None
    play: Optional[list] = None
    trace: Optional[list] = field(default=None)


def read_dds_file(path):
    """The entries of a DDS regression file (PBN, FUT, TABLE, PAR, PAR2, PLAY, TRACE)."""
    entries = []
    for line in Path(path).read_text().splitlines():
        words = line.split()
        if not words or words[0] == "NUMBER":
            continue
        kind = words[0]
        if kind == "PBN":
            dealer, vul, trump, first = (int(w) for w in words[1:5])
            deal = re.search(r'"([^"]*)"', line).group(1)
            entries.append(
                Entry(
                    dealer=ddsolve.SEATS[dealer],
                    vul=VULS[vul],
                    trump=ddsolve.STRAINS[trump],
                    first=ddsolve.SEATS[first],
                    deal=deal,
                )
            )
            continue
        entry = entries[-1]
        if kind == "FUT":
            n = int(words[1])
            nums = [int(w) for w in words[2:]]
            assert len(nums) == 4 * n, line
            suit, rank, equals, score = (nums[k * n : (k + 1) * n] for k in range(4))
            fut = {}
            for s, r, eq, sc in zip(suit, rank, equals, score):
                ranks = [r] + [q for q in range(2, 15) if eq >> q & 1]
                for q in ranks:
                    fut[SUITS[s] + RANKS[q]] = sc
            entry.fut = fut
        elif kind == "TABLE":
            entry.table = [int(w) for w in words[1:]]
        elif kind == "PAR":
            entry.par = shlex.split(line)[1:]
        elif kind == "PAR2":
            entry.par2 = shlex.split(line)[1:]
        elif kind == "PLAY":
            n = int(words[1])
            cards = re.search(r'"([^"]*)"', line).group(1)
            entry.play = [cards[i : i + 2] for i in range(0, len(cards), 2)]
            assert len(entry.play) == n, line
        elif kind == "TRACE":
            n = int(words[1])
            entry.trace = [int(w) for w in words[2:]]
            assert len(entry.trace) == n, line
        else:
            raise ValueError(f"unknown line kind {kind!r} in {path}")
    return entries


def read_tables_tsv(path):
    """(deal, 20 numbers in DDS order) for each line of a .tsv of tables."""
    rows = []
    for line in Path(path).read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        deal, numbers = line.split("\t")
        rows.append((deal, [int(w) for w in numbers.split()]))
    return rows


@pytest.fixture(scope="session")
def list100():
    entries = read_dds_file(DATA / "list100.txt")
    assert len(entries) == 100
    return entries


@pytest.fixture(scope="session")
def random200():
    rows = read_tables_tsv(DATA / "random-seed1-200.tsv")
    assert len(rows) == 200
    return rows


@pytest.fixture(scope="session")
def random200_tables(random200):
    """The 200 random deals' tables, solved once for the session on two threads."""
    return ddsolve.calc_all_tables([d for d, _ in random200], threads=2)


@pytest.fixture(scope="session")
def freak24():
    rows = read_tables_tsv(DATA / "freak-seed11-24.tsv")
    assert len(rows) == 24
    return rows
