"""ddsolve's libdds.so through ctypes, the way Python wrappers of DDS load it.

Loads target/release/libdds.so (or the file named by $DDSOLVE_LIBDDS), declares DDS's
structs with ctypes, and calls CalcDDtablePBN and SolveBoardPBN on the first deal of DDS's
list100.txt, checking the answers against the file's TABLE and FUT lines. Standard library
only: python3 crates/capi/tests/python/test_ctypes.py (after cargo build --release -p
ddsolve-capi).
"""

import ctypes
import os
import pathlib
import unittest

REPO = pathlib.Path(__file__).resolve().parents[4]
LIBRARY = pathlib.Path(os.environ.get("DDSOLVE_LIBDDS", REPO / "target" / "release" / "libdds.so"))

DEAL = b"N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"
# list100.txt, entry 1: TABLE (strain-major S, H, D, C, NT; declarer N, E, S, W).
TABLE = [5, 8, 5, 8, 6, 6, 6, 6, 5, 7, 5, 7, 7, 5, 7, 5, 6, 6, 6, 6]
# list100.txt, entry 1: FUT (spades, North leads): (suit, rank, equals, score) per card.
FUT = [
    (2, 5, 0, 5), (2, 8, 0, 5), (2, 11, 0, 5), (3, 10, 768, 5), (0, 6, 0, 5),
    (0, 12, 2048, 5), (1, 2, 0, 4), (1, 6, 32, 4), (1, 13, 0, 4),
]


class DdTableDealPBN(ctypes.Structure):
    _fields_ = [("cards", ctypes.c_char * 80)]


class DdTableResults(ctypes.Structure):
    _fields_ = [("resTable", (ctypes.c_int * 4) * 5)]


class DealPBN(ctypes.Structure):
    _fields_ = [
        ("trump", ctypes.c_int),
        ("first", ctypes.c_int),
        ("currentTrickSuit", ctypes.c_int * 3),
        ("currentTrickRank", ctypes.c_int * 3),
        ("remainCards", ctypes.c_char * 80),
    ]


class FutureTricks(ctypes.Structure):
    _fields_ = [
        ("nodes", ctypes.c_int),
        ("cards", ctypes.c_int),
        ("suit", ctypes.c_int * 13),
        ("rank", ctypes.c_int * 13),
        ("equals", ctypes.c_int * 13),
        ("score", ctypes.c_int * 13),
    ]


def load():
    lib = ctypes.CDLL(str(LIBRARY))
    lib.CalcDDtablePBN.argtypes = [DdTableDealPBN, ctypes.POINTER(DdTableResults)]
    lib.CalcDDtablePBN.restype = ctypes.c_int
    lib.SolveBoardPBN.argtypes = [
        DealPBN, ctypes.c_int, ctypes.c_int, ctypes.c_int,
        ctypes.POINTER(FutureTricks), ctypes.c_int,
    ]
    lib.SolveBoardPBN.restype = ctypes.c_int
    lib.ErrorMessage.argtypes = [ctypes.c_int, ctypes.c_char_p]
    lib.ErrorMessage.restype = None
    return lib


class CtypesTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        if not LIBRARY.is_file():
            raise AssertionError(
                f"{LIBRARY} is missing: build it with cargo build --release -p ddsolve-capi"
            )
        cls.lib = load()

    def test_calc_dd_table_pbn(self):
        table = DdTableResults()
        code = self.lib.CalcDDtablePBN(DdTableDealPBN(DEAL), ctypes.byref(table))
        self.assertEqual(code, 1)
        got = [table.resTable[strain][hand] for strain in range(5) for hand in range(4)]
        self.assertEqual(got, TABLE)

    def test_solve_board_pbn_every_lead(self):
        deal = DealPBN(trump=0, first=0, remainCards=DEAL)
        fut = FutureTricks()
        code = self.lib.SolveBoardPBN(deal, -1, 3, 1, ctypes.byref(fut), 0)
        self.assertEqual(code, 1)
        got = sorted(
            (fut.suit[i], fut.rank[i], fut.equals[i], fut.score[i]) for i in range(fut.cards)
        )
        self.assertEqual(got, sorted(FUT))

    def test_solve_board_pbn_one_best_card(self):
        deal = DealPBN(trump=4, first=1, remainCards=DEAL)
        fut = FutureTricks()
        code = self.lib.SolveBoardPBN(deal, -1, 1, 1, ctypes.byref(fut), 0)
        self.assertEqual(code, 1)
        self.assertEqual(fut.cards, 1)
        # East leads in notrump: East-West take 13 - 6 = 7 (North's 1NT table entry is 6).
        self.assertEqual(fut.score[0], 7)

    def test_a_bad_deal_gets_dds_code_and_text(self):
        fut = FutureTricks()
        deal = DealPBN(trump=4, first=0, remainCards=b"N:AKQ... ... ... ...")
        code = self.lib.SolveBoardPBN(deal, 14, 1, 1, ctypes.byref(fut), 0)
        self.assertEqual(code, -7)
        line = ctypes.create_string_buffer(80)
        self.lib.ErrorMessage(code, line)
        self.assertEqual(line.value, b"Target is higher than 13")


if __name__ == "__main__":
    unittest.main()
