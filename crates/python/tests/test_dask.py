"""The Dask recipe (examples/dask_tables.py) on a LocalCluster of two worker processes: the
same tables as calc_all_tables, in input order, from lists and from files of deals."""

import pickle
import sys
from pathlib import Path

import pytest

import ddsolve
from conftest import dds_order

distributed = pytest.importorskip("dask.distributed", reason="pip install 'dask[distributed]'")

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "examples"))
import dask_tables  # noqa: E402


@pytest.fixture(scope="module")
def client():
    with distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address=None,
    ) as cluster, distributed.Client(cluster) as client:
        yield client


@pytest.fixture(scope="module")
def deals12(list100):
    """Twelve distinct real deals of list100.txt with their DDS tables (20 numbers)."""
    rows = {}
    for e in list100:
        rows.setdefault(e.deal, e.table)
    return list(rows.items())[:12]


@pytest.fixture(scope="module")
def local_tables(deals12):
    return ddsolve.calc_all_tables([d for d, _ in deals12], threads=2)


def test_the_task_function_pickles_by_name():
    # Workers need ddsolve installed, nothing else: the task is ddsolve's own function.
    assert pickle.loads(pickle.dumps(ddsolve.calc_all_tables)) is ddsolve.calc_all_tables


def test_partitions():
    assert list(dask_tables.partitions(range(7), 3)) == [[0, 1, 2], [3, 4, 5], [6]]
    assert list(dask_tables.partitions([], 3)) == []
    with pytest.raises(ValueError, match="partition size must be at least 1; got 0"):
        list(dask_tables.partitions(range(7), 0))


def test_cluster_tables_equal_calc_all_tables(client, deals12, local_tables):
    deals = [d for d, _ in deals12]
    # 3 partitions of 5, 5 and 2 deals, at most 2 in flight: the window moves.
    got = dask_tables.tables_on_cluster(client, deals, partition_size=5, threads=1, window=2)
    assert got == local_tables
    assert [dds_order(t) for t in got] == [numbers for _, numbers in deals12]
    # Deal objects from a lazy iterable, the default window.
    lazy = (ddsolve.Deal(d) for d in deals[:4])
    assert dask_tables.tables_on_cluster(client, lazy, partition_size=3, threads=1) == local_tables[:4]


def test_a_malformed_deal_fails_its_task(client, deals12):
    deals = [d for d, _ in deals12[:3]] + ["N:AKQ... ... ... ..."]
    with pytest.raises(ValueError, match=r"^deals\[1\]: hands have unequal lengths"):
        dask_tables.tables_on_cluster(client, deals, partition_size=2, threads=1)


def test_file_to_file(client, deals12, local_tables, tmp_path):
    src = tmp_path / "deals.txt"
    lines = ["# six real deals", ""]
    for i, (deal, _) in enumerate(deals12[:6]):
        lines.append(f"{deal}\tdeal {i}" if i % 2 else deal)
    src.write_text("\n".join(lines) + "\n")
    out = tmp_path / "tables.tsv"
    assert dask_tables.solve_file(client, str(src), str(out), partition_size=4, threads=1) == 6
    expected = [
        "\t".join([ddsolve.Deal(deal).to_pbn()] + [str(n) for n in dds_order(table)])
        for (deal, _), table in zip(deals12[:6], local_tables)
    ]
    assert out.read_text().splitlines() == expected
    # The command line, against the same cluster by its address.
    out2 = tmp_path / "tables2.tsv"
    args = [str(src), str(out2), "--scheduler", client.scheduler.address, "--threads", "1"]
    assert dask_tables.main(args + ["--partition-size", "5"]) == 0
    assert out2.read_text() == out.read_text()
