#!/usr/bin/env python3
"""One client at a time against `ddsolve serve`: the time of N `POST /api/table` requests,
one after another, so that the server's idle solver threads help with each table.

    benches/serve-one-client.py [DEALS] [THREADS] [ROUNDS]

DEALS (default 20) first deals of the test data's `random-seed1-200.tsv`, THREADS (default
2) the server's `--threads`, ROUNDS (default 2). DDSOLVE=path serves with another binary
(default target/release/ddsolve, built first); BEFORE=path also times another binary, in
alternation (e.g. a build whose tables run on one thread), and checks that both answer the
same. Prints the time of each round and the totals.
"""
import json
import os
import re
import subprocess
import sys
import time
import urllib.request

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
n = int(sys.argv[1]) if len(sys.argv) > 1 else 20
threads = sys.argv[2] if len(sys.argv) > 2 else "2"
rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 2
data = os.path.join(root, "crates/testkit/data/random-seed1-200.tsv")
deals = [l.split("\t")[0] for l in open(data) if l.strip() and not l.startswith("#")][:n]
if "DDSOLVE" not in os.environ:
    subprocess.run(["cargo", "build", "--release", "-q", "-p", "ddsolve-cli"], cwd=root, check=True)
target = os.environ.get("CARGO_TARGET_DIR", os.path.join(root, "target"))
binaries = [("this", os.environ.get("DDSOLVE", os.path.join(target, "release/ddsolve")))]
if os.environ.get("BEFORE"):
    binaries.insert(0, ("before", os.environ["BEFORE"]))


def run(binary):
    server = subprocess.Popen(
        [binary, "serve", "--addr", "127.0.0.1:0", "--threads", threads],
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        url = re.search(r"http://[^/ ]+", server.stderr.readline()).group(0)
        answers = []
        start = time.time()
        for deal in deals:
            request = urllib.request.Request(
                url + "/api/table",
                data=json.dumps({"deal": deal}).encode(),
                headers={"content-type": "application/json"},
            )
            answers.append(urllib.request.urlopen(request).read())
        return time.time() - start, answers
    finally:
        server.terminate()
        server.wait()


print(os.getloadavg())
totals = {name: 0.0 for name, _ in binaries}
first = None
for r in range(rounds):
    for name, binary in binaries if r % 2 == 0 else binaries[::-1]:
        seconds, answers = run(binary)
        first = first or answers
        if answers != first:
            sys.exit(f"{name}: the answers differ")
        totals[name] += seconds
        print(f"round {r} {name}: {len(deals)} tables in {seconds:.2f} s")
line = ", ".join(f"{name} {t:.2f} s" for name, t in totals.items())
if "before" in totals:
    line += f", ratio {totals['this'] / totals['before']:.3f}"
print(f"{rounds} rounds of {len(deals)} tables, --threads {threads}: {line}")
print(os.getloadavg())
