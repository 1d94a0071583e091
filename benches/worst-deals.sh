#!/usr/bin/env bash
# The worst deals we know how to make, ddsolve against bridge-solver side by side in one run
# (`../shared/anchors/race.py`): time and peak memory per solver, the ratios, and every deal
# where ddsolve took over 2x bridge-solver's time. A few minutes on a 2-core machine.
#
#   benches/worst-deals.sh [PER_KIND] [TIMEOUT]
#
# PER_KIND (default 4) seeded deals of each kind from `cargo xtask deals`: freak (six or more
# voids), freak with four voids (the kind of `freak-seed11-24.tsv`), symmetric (every hand a
# void, the same rank sets rotated through the suits), two-suited (each hand holds two
# suits) and rotated (the four hands rotations of one hand pattern through the suits:
# rotated-7600 two long suits a hand, rotated-6520 and rotated-8500 the variants). TIMEOUT
# (default 60) seconds per process: race.py counts a process over it as a timeout instead
# of waiting (symmetric and rotated deals can take minutes). KINDS (default all, in this
# order) races only the kinds named, e.g. KINDS="rotated-7600 rotated-8500".
#
# Needs the anchors beside the repository (`../shared/anchors`, bridge-solver built by its
# `build-bridge-solver.sh`, or BS=path; RACE=path for race.py elsewhere). DDSOLVE=path races
# another ddsolve binary. Every
# kind is raced on its own so the figures show which kind is slow; the same seeds give the
# same deals, so runs compare.
set -euo pipefail
cd "$(dirname "$0")/.."
per_kind=${1:-4}
timeout=${2:-60}
race=${RACE:-../shared/anchors/race.py}
[ -f "$race" ] || { echo "error: $race not found (the anchors live beside the repository)" >&2; exit 2; }

cargo build --release -q -p ddsolve-cli -p xtask
target=${CARGO_TARGET_DIR:-target}
export DDSOLVE=${DDSOLVE:-$target/release/ddsolve}
export TIMEOUT=$timeout
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

deals() { "$target/release/xtask" deals --count "$per_kind" --seed 1 "$@"; }
deals --kind freak --voids 6 > "$work/freak6.pbn"
deals --kind freak --voids 4 > "$work/freak4.pbn"
deals --kind symmetric > "$work/symmetric.pbn"
deals --kind two-suited > "$work/two-suited.pbn"
deals --kind rotated --pattern 7-6-0-0 > "$work/rotated-7600.pbn"
deals --kind rotated --pattern 6-5-2-0 > "$work/rotated-6520.pbn"
deals --kind rotated --pattern 8-5-0-0 > "$work/rotated-8500.pbn"

for kind in ${KINDS:-freak6 freak4 symmetric two-suited rotated-7600 rotated-6520 rotated-8500}; do
  [ -f "$work/$kind.pbn" ] || { echo "error: no kind $kind" >&2; exit 2; }
  echo "== $kind"
  python3 "$race" "$work/$kind.pbn"
done
