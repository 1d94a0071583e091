#!/usr/bin/env bash
# The tail of a batch: files of a few deals (fewer than or about as many as the threads)
# through `ddsolve table FILE` with `--threads 1` and with `--threads THREADS`, one process
# a run, alternating which goes first so both meet the same machine load. Prints both totals
# and the ratio: on more threads the workers take the deals' strains, so the last deals do
# not run on one thread while the others wait.
#
#   benches/batch-tail.sh [GROUPS] [SIZE] [THREADS] [FILE]
#
# GROUPS (default 8) files of SIZE (default 3) consecutive deals of FILE (default the test
# data's `random-seed1-200.tsv`); THREADS (default 2). BEFORE=path also times another
# binary with THREADS threads (e.g. a build whose batches hand out whole deals), in the
# same alternation. DDSOLVE=path times another binary instead of this tree's.
set -euo pipefail
cd "$(dirname "$0")/.."
groups=${1:-8}
size=${2:-3}
threads=${3:-2}
file=${4:-crates/testkit/data/random-seed1-200.tsv}
cargo build --release -q -p ddsolve-cli
target=${CARGO_TARGET_DIR:-target}
ddsolve=${DDSOLVE:-$target/release/ddsolve}
before=${BEFORE:-}

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
grep -v '^#' "$file" | cut -f1 | head -n $((groups * size)) | split -l "$size" - "$work/group-"

now() { date +%s.%N; }
run() { # binary threads file -> seconds
  local t0 t1
  t0=$(now)
  "$1" table --threads "$2" --format tsv --quiet "$3" > "$work/out-$(basename "$1")-$2"
  t1=$(now)
  echo "$t1 - $t0" | bc -l
}
uptime
one=0 many=0 old=0 i=0
for g in "$work"/group-*; do
  if [ $((i % 2)) -eq 0 ]; then
    a=$(run "$ddsolve" 1 "$g"); b=$(run "$ddsolve" "$threads" "$g")
    [ -z "$before" ] || c=$(run "$before" "$threads" "$g")
  else
    [ -z "$before" ] || c=$(run "$before" "$threads" "$g")
    b=$(run "$ddsolve" "$threads" "$g"); a=$(run "$ddsolve" 1 "$g")
  fi
  cmp -s "$work/out-$(basename "$ddsolve")-1" "$work/out-$(basename "$ddsolve")-$threads" \
    || { echo "group $i: the tables differ" >&2; exit 1; }
  line=$(printf '#%-3d %d deals: 1 thread %7.3f s  %d threads %7.3f s  ratio %.3f' \
    "$i" "$size" "$a" "$threads" "$b" "$(echo "$b / $a" | bc -l)")
  if [ -n "$before" ]; then
    line+=$(printf '  before %7.3f s  ratio %.3f' "$c" "$(echo "$c / $a" | bc -l)")
    old=$(echo "$old + $c" | bc -l)
  fi
  echo "$line"
  one=$(echo "$one + $a" | bc -l); many=$(echo "$many + $b" | bc -l)
  i=$((i + 1))
done
printf '%d files of %d deals: 1 thread %.2f s, %d threads %.2f s, ratio %.3f' \
  "$i" "$size" "$one" "$threads" "$many" "$(echo "$many / $one" | bc -l)"
[ -z "$before" ] || printf '; before, %d threads %.2f s, ratio %.3f' \
  "$threads" "$old" "$(echo "$old / $one" | bc -l)"
echo
uptime
