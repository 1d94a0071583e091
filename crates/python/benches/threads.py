"""calc_all_tables on one thread against two: the same tables, and the time of each.

    python benches/threads.py [DEALS_TSV] [--repeat N]

Solves the deals of DEALS_TSV (default: the 200 random deals of tests/data, a deal before a
tab on each line) with threads=1 and threads=2, alternating, N times each (default 1),
checks that both give the same tables, and prints the best wall-clock time of each (with the
CPU time of that run: the work does not grow with threads) and the speed-up.
A bench, not a test: run it on an otherwise idle machine.
"""

import argparse
import sys
import time
from pathlib import Path

import ddsolve

DEFAULT = Path(__file__).resolve().parents[1] / "tests" / "data" / "random-seed1-200.tsv"


def read_deals(path):
    deals = []
    for line in Path(path).read_text().splitlines():
        field = line.split("\t", 1)[0].strip()
        if field and not field.startswith("#"):
            deals.append(field)
    return deals


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("deals", nargs="?", default=str(DEFAULT))
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args(argv)

    deals = read_deals(args.deals)
    best = {1: float("inf"), 2: float("inf")}
    cpu = {}
    tables = {}
    for _ in range(args.repeat):
        for threads in (1, 2):
            start, start_cpu = time.perf_counter(), time.process_time()
            tables[threads] = ddsolve.calc_all_tables(deals, threads=threads)
            elapsed = time.perf_counter() - start
            if elapsed < best[threads]:
                best[threads], cpu[threads] = elapsed, time.process_time() - start_cpu
    if tables[1] != tables[2]:
        print("MISMATCH: one thread and two threads give different tables", file=sys.stderr)
        return 1
    print(f"{len(deals)} deals, same tables on 1 and 2 threads")
    for threads in (1, 2):
        per_deal = 1000 * best[threads] / len(deals)
        print(f"threads={threads}: {best[threads]:.2f} s ({per_deal:.0f} ms a deal), CPU {cpu[threads]:.2f} s")
    print(f"speed-up: {best[1] / best[2]:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
