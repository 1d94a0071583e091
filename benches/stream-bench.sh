#!/usr/bin/env bash
# Stream bench: N random deals (default 10,000) piped through `ddsolve table`, with the
# resident memory (VmRSS) of the ddsolve process sampled as the deals go through. Memory
# must stay flat: the pool holds a few deals per worker in flight and remembers the last
# 4096 distinct deals, whatever the length of the stream.
#
#   benches/stream-bench.sh [N] [THREADS] [CARDS]
#
# CARDS (default 13) is the cards a hand: smaller deals (endings) go through in seconds and
# exercise the same reader, pool and writer, for a quick check of the memory on a long stream.
# Prints one line per sample (seconds, deals done, VmRSS in kB), then the first and
# largest samples. The deals come from a seeded generator (Python), so runs are comparable.
# Also prints when the first result came out and when the input ended (the generator is
# held back by the pipe, so it ends only when ddsolve has read nearly everything).
#
# Environment: TT_MB passes `--tt-mb $TT_MB` (the table budget of each solver), e.g.
#   TT_MB=8 benches/stream-bench.sh 10000 2
set -euo pipefail
n=${1:-10000}
threads=${2:-2}
cards=${3:-13}
root=$(cd "$(dirname "$0")/.." && pwd)
cargo build --release -q -p ddsolve-cli --manifest-path "$root/Cargo.toml"
bin=${CARGO_TARGET_DIR:-$root/target}/release/ddsolve
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

generate() {
  python3 - "$1" "$2" <<'EOF'
import random, sys
rng = random.Random(20240601)
ranks = "AKQJT98765432"
cards = [(s, r) for s in range(4) for r in range(13)]
k = int(sys.argv[2])
for _ in range(int(sys.argv[1])):
    rng.shuffle(cards)
    hands = []
    for h in range(4):
        mine = sorted(cards[k * h:k * h + k])
        hands.append(".".join("".join(ranks[r] for s2, r in mine if s2 == s) for s in range(4)))
    print("N:" + " ".join(hands))
EOF
}

budget=()
[ -n "${TT_MB:-}" ] && budget=(--tt-mb "$TT_MB")
t0=$(date +%s.%N)
{ generate "$n" "$cards"; date +%s.%N > "$work/input-end"; } \
  | "$bin" table --format tsv --threads "$threads" --quiet "${budget[@]}" > "$work/out.tsv" &
sleep 0.2
pid=$(pgrep -n -f "$bin table --format tsv") || { echo "ddsolve did not start"; exit 1; }
start=$(date +%s.%N)
echo "seconds	deals	VmRSS_kB"
while kill -0 "$pid" 2>/dev/null; do
  rss=$(awk '/VmRSS/ {print $2}' "/proc/$pid/status" 2>/dev/null || true)
  done_=$(wc -l < "$work/out.tsv")
  now=$(date +%s.%N)
  if [ ! -e "$work/first" ] && [ -s "$work/out.tsv" ]; then echo "$now" > "$work/first"; fi
  [ -n "$rss" ] && printf '%.1f\t%s\t%s\n' "$(echo "$now - $start" | bc)" "$done_" "$rss" | tee -a "$work/samples"
  sleep 1
done
wait
lines=$(wc -l < "$work/out.tsv")
echo "deals solved: $lines of $n"
sort -t$'\t' -k3 -n "$work/samples" | tail -1 | awk -F'\t' '{print "largest VmRSS: " $3 " kB (at " $2 " deals)"}'
head -1 "$work/samples" | awk -F'\t' '{print "first VmRSS:   " $3 " kB (at " $2 " deals)"}'
if [ -e "$work/first" ]; then
  printf 'first result by %.1f s; input ended at %.1f s; last result by %.1f s\n' \
    "$(echo "$(cat "$work/first") - $t0" | bc)" "$(echo "$(cat "$work/input-end") - $t0" | bc)" \
    "$(echo "$(date +%s.%N) - $t0" | bc)"
fi
