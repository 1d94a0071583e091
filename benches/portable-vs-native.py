#!/usr/bin/env python3
"""benches/portable-vs-native.py DEALS [N]: the portable build against a native one, in one run.

Runs `ddsolve table --threads 1 --format tsv` on each of the first N deals of DEALS (PBN
deals, one a line; tab-separated tails and `#` lines are fine; N defaults to 40) with both
binaries in turn, alternating which goes first so that both meet the same load, asserts
that their tables are equal, and prints each total and the ratios portable/native (total
and per-deal geometric mean). Build the two first, from the same tree:

    cargo build --release -p ddsolve-cli
    RUSTFLAGS="-C target-cpu=native" cargo build --release -p ddsolve-cli --target-dir target/native

Environment: PORTABLE (default target/release/ddsolve), NATIVE (default
target/native/release/ddsolve)."""
import math
import os
import subprocess
import sys
import time

if len(sys.argv) < 2:
    sys.exit(__doc__)
limit = int(sys.argv[2]) if len(sys.argv) > 2 else 40
deals = [l.split("\t")[0].strip() for l in open(sys.argv[1]) if l.strip() and not l.startswith("#")]
deals = deals[:limit]
bins = {
    "portable": os.environ.get("PORTABLE", "target/release/ddsolve"),
    "native": os.environ.get("NATIVE", "target/native/release/ddsolve"),
}
total = {k: 0.0 for k in bins}
logs = {k: 0.0 for k in bins}
for i, deal in enumerate(deals):
    order = list(bins) if i % 2 == 0 else list(bins)[::-1]
    out = {}
    for k in order:
        start = time.perf_counter()
        p = subprocess.run([bins[k], "table", "--threads", "1", "--format", "tsv", "-"],
                           input=deal + "\n", capture_output=True, text=True, check=True)
        dt = time.perf_counter() - start
        out[k] = p.stdout
        total[k] += dt
        logs[k] += math.log(dt)
    assert out["portable"] == out["native"], f"the tables differ on {deal}"
n = len(deals)
print(f"{n} deals: portable {total['portable']:.2f} s, native {total['native']:.2f} s")
print(f"portable/native: total {total['portable'] / total['native']:.3f}, "
      f"geomean {math.exp((logs['portable'] - logs['native']) / n):.3f}")
