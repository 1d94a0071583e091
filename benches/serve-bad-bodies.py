#!/usr/bin/env python3
"""Peak memory of `ddsolve serve` under CLIENTS concurrent 10 MB bodies of unreadable boards
to /api/boards (and as many to /api/annotate), the review's reproducer.

    benches/serve-bad-bodies.py BINARY [CLIENTS]

CLIENTS default 6. Prints each answer's status and size and the server's VmHWM (peak
resident memory) and VmRSS after, in MB; the server is stopped by SIGTERM.
"""
import http.client
import re
import signal
import subprocess
import sys
import threading

binary = sys.argv[1]
clients = int(sys.argv[2]) if len(sys.argv) > 2 else 6
board = b'[Deal "N:AKQ"]\n\n'
body = board * ((10 << 20) // len(board) - 1)

server = subprocess.Popen(
    [binary, "serve", "--addr", "127.0.0.1:0", "--threads", "2", "--timeout", "600"],
    stderr=subprocess.PIPE,
    text=True,
)
host, port = re.search(r"http://([^:/ ]+):(\d+)", server.stderr.readline()).groups()
threading.Thread(target=lambda: [None for _ in server.stderr], daemon=True).start()
results, lock = [], threading.Lock()


def client(path):
    conn = http.client.HTTPConnection(host, int(port), timeout=900)
    try:
        conn.request("POST", path, body, {"content-type": "text/plain"})
        response = conn.getresponse()
        data = response.read()
        headers = sum(len(k) + len(v) + 4 for k, v in response.getheaders())
        answer = (path, response.status, len(data), headers)
    except Exception as e:  # e.g. http.client refuses more than 100 headers
        answer = (path, f"client error: {str(e)[:80]}", 0, 0)
    with lock:
        results.append(answer)


def status(field):
    for line in open(f"/proc/{server.pid}/status"):
        if line.startswith(field):
            return int(line.split()[1]) // 1024
    return 0


for path in ["/api/boards", "/api/annotate"]:
    workers = [threading.Thread(target=client, args=(path,)) for _ in range(clients)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    print(f"{path}: after {clients} concurrent 10 MB bodies: VmHWM {status('VmHWM')} MB, VmRSS {status('VmRSS')} MB")
for path, code, size, headers in results:
    print(f"  {path}: {code}, body {size} bytes, headers {headers} bytes")
server.send_signal(signal.SIGTERM)
print(f"exit status {server.wait(timeout=60)}")
