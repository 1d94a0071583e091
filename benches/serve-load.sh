#!/usr/bin/env bash
# Load benchmark of `ddsolve serve` on loopback, with oha (installed from crates.io with
# `cargo install oha --locked` if it is not on PATH).
#
#   benches/serve-load.sh [SECONDS] [DEALS]
#
# 1. Throughput: `ddsolve serve --threads 2` and oha for SECONDS (default 30) with 4
#    connections POSTing /api/table, each request a deal drawn at random from DEALS (default
#    500) seeded random deals (`oha -Z`: one JSON body a line). Prints requests/s, p50 and p99
#    latency and the status codes (all 200).
# 2. Overload: `ddsolve serve --threads 2 --queue 8` and 64 connections for SECONDS: the
#    status codes (200 and 503 only, no connection error), the latency of the answers that
#    solved, the server's resident memory (VmRSS) sampled every second before (after a
#    10-second warm-up), during and after the run (flat), and /api/health after (ok, nothing
#    in flight).
#
# Both servers are stopped with SIGTERM and must exit 0. Environment: TT_MB passes
# `--tt-mb`; OHA names the oha binary.
set -euo pipefail
seconds=${1:-30}
ndeals=${2:-500}
root=$(cd "$(dirname "$0")/.." && pwd)
cargo build --release -q -p ddsolve-cli --manifest-path "$root/Cargo.toml"
bin=${CARGO_TARGET_DIR:-$root/target}/release/ddsolve
oha=${OHA:-oha}
if ! command -v "$oha" >/dev/null 2>&1; then
  echo "oha not found: cargo install oha --locked" >&2
  cargo install oha --locked
  oha=oha
fi
work=$(mktemp -d)
server_pid=
cleanup() {
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

# One JSON body a line, each a seeded random deal.
python3 - "$ndeals" > "$work/bodies.jsonl" <<'PY'
import json, random, sys
rng = random.Random(20261125)
ranks = "AKQJT98765432"
cards = [(s, r) for s in range(4) for r in range(13)]
for _ in range(int(sys.argv[1])):
    rng.shuffle(cards)
    hands = []
    for h in range(4):
        mine = sorted(cards[13 * h:13 * h + 13])
        hands.append(".".join("".join(ranks[r] for s2, r in mine if s2 == s) for s in range(4)))
    print(json.dumps({"deal": "N:" + " ".join(hands)}))
PY

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

rss() { awk '/VmRSS/ {print $2}' "/proc/$1/status" 2>/dev/null || echo 0; }

# start_server ARGS...: starts `ddsolve serve` on a free port, waits for /api/health.
start_server() {
  port=$(free_port)
  url="http://127.0.0.1:$port"
  budget=()
  [ -n "${TT_MB:-}" ] && budget=(--tt-mb "$TT_MB")
  "$bin" serve --addr "127.0.0.1:$port" "${budget[@]}" "$@" 2> "$work/server.log" &
  server_pid=$!
  for _ in $(seq 100); do
    curl -sf "$url/api/health" >/dev/null 2>&1 && return 0
    sleep 0.1
  done
  echo "the server did not start:" >&2
  cat "$work/server.log" >&2
  exit 1
}

# stop_server: SIGTERM, and the exit status must be 0.
stop_server() {
  kill -TERM "$server_pid"
  status=0
  wait "$server_pid" || status=$?
  server_pid=
  if [ "$status" != 0 ]; then
    echo "the server exited with status $status on SIGTERM" >&2
    exit 1
  fi
  echo "server stopped by SIGTERM: exit status 0"
}

# run_oha CONNECTIONS OUT.json [SECONDS]: requests still running at the deadline are waited for.
run_oha() {
  "$oha" -z "${3:-$seconds}s" -w -c "$1" -m POST -H 'content-type: application/json' \
    -Z "$work/bodies.jsonl" --no-tui --stats-success-breakdown --output-format json \
    "$url/api/table" > "$2"
}

summary() {
  python3 - "$1" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
s, p = r["summary"], r.get("latencyPercentilesSuccessful") or r["latencyPercentiles"]
ms = lambda x: "-" if x is None else f"{1000 * x:.1f} ms"
print(f"requests/s {s['requestsPerSec']:.1f}; answers that solved: p50 {ms(p.get('p50'))}, "
      f"p99 {ms(p.get('p99'))}; status codes {r['statusCodeDistribution']}; "
      f"connection errors {r['errorDistribution'] or 'none'}")
PY
}

echo "load average: $(cut -d' ' -f1-3 /proc/loadavg) ($(nproc) cores)"
echo "== throughput: --threads 2, 4 connections, ${seconds}s, /api/table on $ndeals random deals"
start_server --threads 2
run_oha 4 "$work/throughput.json"
summary "$work/throughput.json"
stop_server

echo "== overload: --threads 2 --queue 8, 64 connections, ${seconds}s"
start_server --threads 2 --queue 8
# Warm-up (each solver's table grows to what a deal needs, then stays), then the samples.
run_oha 2 "$work/warmup.json" 10
before=$(rss "$server_pid")
run_oha 64 "$work/overload.json" &
oha_pid=$!
samples=()
while kill -0 "$oha_pid" 2>/dev/null; do
  samples+=("$(rss "$server_pid")")
  sleep 1
done
wait "$oha_pid"
sleep 1
after=$(rss "$server_pid")
summary "$work/overload.json"
echo "VmRSS kB: before $before; during ${samples[*]}; after $after"
health=$(curl -s "$url/api/health")
echo "health after: $health"
python3 - "$work/overload.json" "$health" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
codes = set(r["statusCodeDistribution"])
assert codes <= {"200", "503"}, f"status codes other than 200 and 503: {codes}"
assert "503" in codes, "no 503: the queue never filled"
assert not r["errorDistribution"], f"connection errors: {r['errorDistribution']}"
h = json.loads(sys.argv[2])
assert h["status"] == "ok" and h["queue"]["in_flight"] == 0, h
print("overload: only 200 and 503, no connection error, healthy after")
PY
stop_server
