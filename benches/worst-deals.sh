#!/usr/bin/env bash
# The worst deals we know how to make, ddsolve against bridge-solver side by side in one run
# (`cargo xtask race`): time and peak memory per solver, the ratios, whether the tables agree,
# and every deal where ddsolve took over 2x bridge-solver's time. A few minutes on a 2-core
# machine.
#
#   BS=path/to/bridge-solver benches/worst-deals.sh [PER_KIND] [TIMEOUT]
#   BS_SRC=path/to/bridge-solver-source benches/worst-deals.sh [PER_KIND] [TIMEOUT]
#
# BS is a bridge-solver binary; BS_SRC a folder holding its solver.cc, which the race builds
# first (README.md, "Against bridge-solver", says where to get it). PER_KIND (default 4) seeded
# deals of each kind (seed 1, the deals of `cargo xtask deals`): freak (six or more voids),
# freak with four voids (the kind of `freak-seed11-24.tsv`), symmetric (every hand a void, the
# same rank sets rotated through the suits), two-suited (each hand holds two suits) and
# rotated (the four hands rotations of one hand pattern through the suits: rotated-7600 two
# long suits a hand, rotated-6520 and rotated-8500 the variants). TIMEOUT (default 60)
# seconds per process: a process over it is killed and counted as a timeout instead of
# waited for (symmetric and rotated deals can take minutes). KINDS (default all, in this
# order) races only the kinds named, e.g. KINDS="rotated-7600 rotated-8500". DDSOLVE=path
# races another ddsolve binary. Every kind is raced on its own so the figures show which
# kind is slow; the same seeds give the same deals, so runs compare.
set -euo pipefail
cd "$(dirname "$0")/.."
per_kind=${1:-4}
timeout=${2:-60}
if [ -n "${BS:-}" ]; then
  solver=(--bridge-solver "$BS")
elif [ -n "${BS_SRC:-}" ]; then
  solver=(--bridge-solver-src "$BS_SRC")
else
  echo "error: set BS to a bridge-solver binary or BS_SRC to its source folder" >&2
  exit 2
fi
ddsolve=()
[ -n "${DDSOLVE:-}" ] && ddsolve=(--ddsolve "$DDSOLVE")

race() {
  cargo xtask race "${solver[@]}" "${ddsolve[@]}" --count "$per_kind" --seed 1 \
    --timeout "$timeout" "$@"
}

for kind in ${KINDS:-freak6 freak4 symmetric two-suited rotated-7600 rotated-6520 rotated-8500}; do
  echo "== $kind"
  case $kind in
    freak6) race --kind freak --voids 6 ;;
    freak4) race --kind freak --voids 4 ;;
    symmetric) race --kind symmetric ;;
    two-suited) race --kind two-suited ;;
    rotated-7600) race --kind rotated --pattern 7-6-0-0 ;;
    rotated-6520) race --kind rotated --pattern 6-5-2-0 ;;
    rotated-8500) race --kind rotated --pattern 8-5-0-0 ;;
    *) echo "error: no kind $kind" >&2; exit 2 ;;
  esac
done
