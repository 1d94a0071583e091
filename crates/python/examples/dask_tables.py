"""Double-dummy tables of many deals on a Dask cluster, results in input order.

The recipe: cut the deals into partitions (a few thousand deals each), submit one task per
partition whose function is ``ddsolve.calc_all_tables`` itself (nothing of this file needs
to be on the workers: only ``pip install ddsolve`` there), and collect the results in
submission order. At most ``window`` partitions are in flight at once, so the deals can come
from a file of millions of lines and the tables go to another file as they arrive, with
bounded memory on the client.

Each task solves its partition on ``threads`` threads of its worker (``calc_all_tables``
releases the GIL). Either start workers with one Dask thread each and let every task use
all cores (``dask worker ADDRESS --nthreads 1`` and ``threads=None``, the default), or
workers with a Dask thread per core and ``threads=1``.

From Python::

    from dask.distributed import Client
    import dask_tables
    with Client("tcp://scheduler:8786") as client:
        tables = dask_tables.tables_on_cluster(client, deals)

From the command line (``--scheduler`` omitted: a local cluster of a worker process per core
on this machine, each task on one thread)::

    python dask_tables.py --scheduler tcp://scheduler:8786 deals.txt tables.tsv

``deals.txt`` holds one PBN deal a line (blank lines and ``#`` comments skipped, anything
after a tab ignored); ``tables.tsv`` gets, for each deal in input order, the deal (North
first), a tab and the 20 numbers of its table in DDS order (strains S, H, D, C, NT; declarers
N, E, S, W within each), as ``ddsolve table --format tsv`` prints them.
"""

import argparse
import itertools
import sys
from collections import deque
from typing import Iterable, Iterator, List, Optional

import ddsolve

#: Deals per task: large enough that a task's overhead (a few milliseconds) is nothing next
#: to its solving time (a tenth of a second or more per deal), small enough to spread evenly.
PARTITION_SIZE = 2000


def partitions(deals: Iterable, size: int) -> Iterator[list]:
    """The deals in lists of ``size`` (the last may be shorter), lazily."""
    if size < 1:
        raise ValueError(f"partition size must be at least 1; got {size}")
    it = iter(deals)
    while True:
        part = list(itertools.islice(it, size))
        if not part:
            return
        yield part


def iter_tables(
    client,
    deals: Iterable,
    partition_size: int = PARTITION_SIZE,
    threads: Optional[int] = None,
    window: Optional[int] = None,
) -> Iterator[dict]:
    """The table of each deal (a dict as ``ddsolve.calc_dd_table`` returns), in input order,
    solved on the cluster of ``client`` one partition per task.

    ``deals`` may be any iterable (a generator over a file of millions of deals): at most
    ``window`` partitions (default: twice the cluster's Dask threads, at least 2) are
    submitted and not yet collected at any time. A malformed deal raises ValueError naming
    its index within its partition (``deals[i]``).
    """
    if window is None:
        window = max(2, 2 * sum(client.nthreads().values()))
    pending: deque = deque()
    for part in partitions(deals, partition_size):
        # Plain strings travel well; Deal objects would pickle as strings anyway.
        part = [d if isinstance(d, str) else d.to_pbn() for d in part]
        pending.append(client.submit(ddsolve.calc_all_tables, part, threads=threads, pure=False))
        if len(pending) >= window:
            yield from pending.popleft().result()
    while pending:
        yield from pending.popleft().result()


def tables_on_cluster(client, deals: Iterable, **options) -> List[dict]:
    """Every table of ``deals`` in input order (:func:`iter_tables` collected in a list)."""
    return list(iter_tables(client, deals, **options))


def read_deals(lines: Iterable[str]) -> Iterator[str]:
    """The deals of a deal file, lazily: one a line, blank lines and ``#`` comments skipped,
    anything after a tab ignored."""
    for line in lines:
        field = line.split("\t", 1)[0].strip()
        if field and not field.startswith("#"):
            yield field


def tsv_line(deal: str, table: dict) -> str:
    """``deal<TAB>20 numbers``, the deal North first, the numbers in DDS order."""
    numbers = (table[seat][strain] for strain in ddsolve.STRAINS for seat in ddsolve.SEATS)
    return ddsolve.Deal(deal).to_pbn() + "\t" + "\t".join(map(str, numbers))


def solve_file(client, deals_path: str, out_path: str, **options) -> int:
    """Solves every deal of the file ``deals_path`` on the cluster and writes ``out_path``
    (one tsv line per deal, input order); returns the number of deals."""
    count = 0
    # The file is read twice, lazily: once to submit the deals, once beside the results.
    with open(deals_path) as submit, open(deals_path) as beside, open(out_path, "w") as out:
        results = iter_tables(client, read_deals(submit), **options)
        for deal, table in zip(read_deals(beside), results):
            out.write(tsv_line(deal, table) + "\n")
            count += 1
    return count


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("deals", help="file of deals, one PBN deal a line")
    parser.add_argument("out", help="output file: deal<TAB>20 numbers in DDS order")
    parser.add_argument("--scheduler", help="address of a Dask scheduler (default: a local cluster)")
    parser.add_argument("--partition-size", type=int, default=PARTITION_SIZE)
    parser.add_argument("--threads", type=int, default=None, help="solver threads per task (default: every core)")
    args = parser.parse_args(argv)

    from dask.distributed import Client

    threads = args.threads
    if args.scheduler:
        client = Client(args.scheduler)
    else:
        # A local cluster of its own (closed with the client): a worker process per core,
        # each task solving on one thread.
        client = Client(threads_per_worker=1, dashboard_address=None)
        threads = threads or 1
    with client:
        n = solve_file(
            client, args.deals, args.out, partition_size=args.partition_size, threads=threads
        )
    print(f"{n} tables written to {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
