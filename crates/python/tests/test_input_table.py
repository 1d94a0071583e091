"""The input table (crates/testkit/data/input-table.tsv, shared with the command line, the
server and the C library): every deal string through ``Deal`` and ``calc_dd_table``, every
PBN file through ``read_pbn`` and ``annotate``; and par of an ending refused as every front
end refuses it."""

import re
from pathlib import Path

import pytest

import ddsolve

TABLE = Path(__file__).resolve().parents[2] / "testkit" / "data" / "input-table.tsv"


def unescape(text):
    """The bytes of an escaped input: \\xNN, \\r, \\n, \\t, \\", \\\\."""
    out = bytearray()
    i = 0
    while i < len(text):
        c = text[i]
        if c != "\\":
            out += c.encode()
            i += 1
        elif text[i + 1] == "x":
            out.append(int(text[i + 2 : i + 4], 16))
            i += 4
        else:
            out += {"r": b"\r", "n": b"\n", "t": b"\t", '"': b'"', "\\": b"\\"}[text[i + 1]]
            i += 2
    return bytes(out)


def cases():
    rows = []
    for line in TABLE.read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("#"):
            continue
        kind, name, raw, outcome, detail, deals = line.split("\t")
        if kind == "lines":
            continue  # the Python module reads no file of deal lines
        rows.append(pytest.param(kind, unescape(raw), outcome, detail, int(deals), id=f"{kind}-{name}"))
    assert rows, f"{TABLE}: no case"
    return rows


def as_text(data):
    """The input as a caller would pass a str: UTF-8 if it is, else Latin-1."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


@pytest.mark.parametrize("kind, data, outcome, detail, deals", cases())
def test_every_case(kind, data, outcome, detail, deals):
    if kind == "deal":
        text = as_text(data)
        if outcome == "ok":
            assert ddsolve.Deal(text).to_pbn() == detail
            assert ddsolve.calc_dd_table(text) == ddsolve.calc_dd_table(detail)
        else:
            for f in (ddsolve.Deal, ddsolve.calc_dd_table):
                with pytest.raises(ValueError, match=re.escape(detail)):
                    f(text)
    elif kind == "pbn":
        for given in (data, as_text(data)):
            if outcome == "ok":
                boards = ddsolve.read_pbn(given)
                assert [b["deal"].to_pbn() for b in boards] == [detail] * deals
                annotated = ddsolve.annotate(given)
                assert len(re.findall("DoubleDummyTricks", str(annotated))) == deals
            else:
                with pytest.raises(ValueError, match=re.escape(detail)):
                    ddsolve.read_pbn(given)
    else:
        raise AssertionError(f"unknown kind {kind!r}")


ENDING = "N:AK2.3.4. QJ3.4..5 4.AK.AK. 5.Q.Q.AK"
REFUSAL = "par needs a full deal, 13 cards a hand; this one has 5 a hand"


@pytest.mark.parametrize("f", [ddsolve.par, ddsolve.dealer_par, ddsolve.sides_par])
def test_par_of_an_ending_is_refused(f):
    with pytest.raises(ValueError, match=re.escape(REFUSAL)):
        f(ENDING)
    with pytest.raises(ValueError, match=re.escape(REFUSAL)):
        f(ddsolve.Deal(ENDING))
