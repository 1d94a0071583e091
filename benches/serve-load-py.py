#!/usr/bin/env python3
"""Load benchmark of `ddsolve serve` without oha: CONNECTIONS keep-alive clients POST
/api/table for SECONDS, each request a deal drawn from the test data's random deals.

    benches/serve-load-py.py BINARY [SECONDS] [CONNECTIONS] [THREADS]

BINARY is the ddsolve to serve with (run it on two builds, one after the other, to compare);
SECONDS default 20, CONNECTIONS 4, THREADS (`--threads`) 2. Prints requests/s, p50 and p99 of
the answers and the status codes; the server is stopped by SIGTERM and must exit 0.
"""
import http.client
import json
import os
import random
import re
import signal
import subprocess
import sys
import threading
import time

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
binary = sys.argv[1]
seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 20
connections = int(sys.argv[3]) if len(sys.argv) > 3 else 4
threads = sys.argv[4] if len(sys.argv) > 4 else "2"
data = os.path.join(root, "crates/testkit/data/random-seed1-200.tsv")
deals = [l.split("\t")[0] for l in open(data) if l.strip() and not l.startswith("#")]

server = subprocess.Popen(
    [binary, "serve", "--addr", "127.0.0.1:0", "--threads", threads],
    stderr=subprocess.PIPE,
    text=True,
)
host, port = re.search(r"http://([^:/ ]+):(\d+)", server.stderr.readline()).groups()
threading.Thread(target=lambda: [None for _ in server.stderr], daemon=True).start()

latencies, codes, lock = [], {}, threading.Lock()
deadline = time.time() + seconds


def client(seed):
    rng = random.Random(seed)
    conn = http.client.HTTPConnection(host, int(port), timeout=600)
    while time.time() < deadline:
        body = json.dumps({"deal": rng.choice(deals)})
        start = time.time()
        conn.request("POST", "/api/table", body, {"content-type": "application/json"})
        response = conn.getresponse()
        response.read()
        took = time.time() - start
        with lock:
            latencies.append(took)
            codes[response.status] = codes.get(response.status, 0) + 1


start = time.time()
workers = [threading.Thread(target=client, args=(i,)) for i in range(connections)]
for w in workers:
    w.start()
for w in workers:
    w.join()
elapsed = time.time() - start
server.send_signal(signal.SIGTERM)
status = server.wait(timeout=60)
latencies.sort()
pct = lambda p: 1000 * latencies[min(len(latencies) - 1, int(p * len(latencies)))]
print(
    f"{binary}: {len(latencies)} requests in {elapsed:.1f} s: {len(latencies) / elapsed:.2f} requests/s; "
    f"p50 {pct(0.50):.0f} ms, p99 {pct(0.99):.0f} ms; status codes {codes}; exit status {status}"
)
