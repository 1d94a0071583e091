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
def deals20(random200):
    return random200[:20]


def test_the_task_function_pickles_by_name():
    # Workers need ddsolve installed, nothing else: the task is ddsolve's own function.
    assert pickle.loads(pickle.dumps(ddsolve.calc_all_tables)) is ddsolve.calc_all_tables


def test_partitions():
    assert list(dask_tables.partitions(range(7), 3)) == [[0, 1, 2], [3, 4, 5], [6]]
    assert list(dask_tables.partitions([], 3)) == []
    with pytest.raises(ValueError, match="partition size must be at least 1; got 0"):
        list(dask_tables.partitions(range(7), 0))


def test_cluster_tables_equal_calc_all_tables(client, deals20):
    deals = [d for d, _ in deals20]
    local = ddsolve.calc_all_tables(deals, threads=2)
    # 4 partitions of 6, 6, 6 and 2 deals, at most 2 in flight: the window moves.
    got = dask_tables.tables_on_cluster(client, deals, partition_size=6, threads=1, window=2)
    assert got == local
    assert [dds_order(t) for t in got] == [numbers for _, numbers in deals20]
    # Deal objects and a lazy iterable of them, the default window.
    lazy = (ddsolve.Deal(d) for d in deals)
    assert dask_tables.tables_on_cluster(client, lazy, partition_size=7, threads=1) == local


def test_a_malformed_deal_fails_its_task(client, deals20):
    deals = [d for d, _ in deals20[:3]] + ["N:AKQ... ... ... ..."]
    with pytest.raises(ValueError, match=r"^deals\[1\]: hands have unequal lengths"):
        dask_tables.tables_on_cluster(client, deals, partition_size=2, threads=1)


def test_file_to_file(client, deals20, tmp_path):
    src = tmp_path / "deals.txt"
    lines = ["# twenty random deals", ""]
    for i, (deal, _) in enumerate(deals20):
        lines.append(f"{deal}\tdeal {i}" if i % 2 else deal)
    src.write_text("\n".join(lines) + "\n")
    out = tmp_path / "tables.tsv"
    assert dask_tables.solve_file(client, str(src), str(out), partition_size=8, threads=1) == 20
    expected = ["\t".join([deal] + [str(n) for n in numbers]) for deal, numbers in deals20]
    assert out.read_text().splitlines() == expected
    # The command line, against the same cluster by its address.
    out2 = tmp_path / "tables2.tsv"
    args = [str(src), str(out2), "--scheduler", client.scheduler.address, "--threads", "1"]
    assert dask_tables.main(args + ["--partition-size", "5"]) == 0
    assert out2.read_text() == out.read_text()
