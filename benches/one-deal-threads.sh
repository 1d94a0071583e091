#!/usr/bin/env bash
# One deal's table on several threads against one thread: `ddsolve table --threads N DEAL`
# against `--threads 1 DEAL`, one process per deal and thread count, alternating which goes
# first so both meet the same machine load. Prints both totals and the ratio.
#
#   benches/one-deal-threads.sh [DEALS] [THREADS] [FILE]
#
# DEALS (default 20) first deals of FILE (default the test data's `random-seed1-200.tsv`,
# a deal a line, anything after a tab ignored); THREADS (default 2). DDSOLVE=path times
# another binary. On a shared machine the ratio means something only if THREADS cores are
# free: see the load average printed before and after.
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-20}
threads=${2:-2}
file=${3:-crates/testkit/data/random-seed1-200.tsv}
cargo build --release -q -p ddsolve-cli
target=${CARGO_TARGET_DIR:-target}
ddsolve=${DDSOLVE:-$target/release/ddsolve}

now() { date +%s.%N; }
run() { # threads deal -> seconds
  local t0 t1
  t0=$(now)
  "$ddsolve" table --threads "$1" --format tsv "$2" > /dev/null
  t1=$(now)
  echo "$t1 - $t0" | bc -l
}
uptime
one=0 many=0 i=0
while IFS=$'\t' read -r deal _; do
  case $deal in ''|'#'*) continue ;; esac
  [ "$i" -lt "$n" ] || break
  if [ $((i % 2)) -eq 0 ]; then
    a=$(run 1 "$deal"); b=$(run "$threads" "$deal")
  else
    b=$(run "$threads" "$deal"); a=$(run 1 "$deal")
  fi
  printf '#%-3d 1 thread %7.3f s  %d threads %7.3f s  ratio %.3f\n' "$i" "$a" "$threads" "$b" "$(echo "$b / $a" | bc -l)"
  one=$(echo "$one + $a" | bc -l); many=$(echo "$many + $b" | bc -l)
  i=$((i + 1))
done < "$file"
printf '%d deals: 1 thread %.2f s, %d threads %.2f s, ratio %.3f\n' "$i" "$one" "$threads" "$many" "$(echo "$many / $one" | bc -l)"
uptime
