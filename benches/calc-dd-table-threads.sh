#!/usr/bin/env bash
# The C library's CalcDDtablePBN on one thread against several: one C program
# (benches/c/calc-dd-table-threads.c, built against our dll.h) times each deal's table with
# SetMaxThreads(1) and SetMaxThreads(THREADS) side by side, alternating which goes first,
# checks that both tables are equal, and prints both totals and the ratio.
#
#   benches/calc-dd-table-threads.sh [DEALS] [THREADS] [FILE]
#
# DEALS (default 20) first deals of FILE (default the test data's `random-seed1-200.tsv`);
# THREADS (default 2). LIBDDS=DIR runs with the libdds.so of DIR instead of ours (e.g.
# another build, or Debian's DDS with LIBDDS=/usr/lib/x86_64-linux-gnu). On a shared
# machine the ratio means something only if THREADS cores are free: see the load average
# printed before and after.
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-20}
threads=${2:-2}
file=${3:-crates/testkit/data/random-seed1-200.tsv}
cargo build --release -q -p ddsolve-capi
target=${CARGO_TARGET_DIR:-target}
lib=${LIBDDS:-$target/release}
[[ -n "${LIBDDS:-}" || -e "$lib/libdds.so.0" ]] || ln -s libdds.so "$lib/libdds.so.0"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cc -std=c11 -D_POSIX_C_SOURCE=200809L -O2 -Wall -Wextra -Werror -I crates/capi/include/dds \
    -o "$work/bench" benches/c/calc-dd-table-threads.c -L"$target/release" -ldds
echo "== $(LD_LIBRARY_PATH="$lib" ldd "$work/bench" | grep libdds)"
uptime
grep -v '^#' "$file" | head -n "$n" | LD_LIBRARY_PATH="$lib" "$work/bench" "$threads"
uptime
