#!/usr/bin/env bash
# Opening leads valued per sample through the C API: ddsolve's libdds against DDS 2.9.0's
# (Debian's libdds.so.0) on the same samples, in one run.
#
# `ddsolve lead` deals the samples of a lead problem and saves them (--save-samples); the C
# program benches/c/lead-solveboard.c, built once against DDS's header, values every card of
# the leader on each (SolveBoardPBN, solutions 3, each thread keeping its threadIndex) with
# DDS's library and then with ours, and the two outputs must be identical.
#
# Usage: benches/lead-capi-vs-dds.sh [SAMPLES] [THREADS]   (defaults 1000 and 2)
set -euo pipefail
cd "$(dirname "$0")/.."
samples="${1:-1000}"
threads="${2:-2}"
[[ -f /usr/include/dds/dll.h ]] || { echo "install Debian's libdds-dev" >&2; exit 1; }

cargo build --release -p ddsolve-capi -p ddsolve-cli
ours=target/release
[[ -e "$ours/libdds.so.0" ]] || ln -s libdds.so "$ours/libdds.so.0"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cc -std=c11 -D_POSIX_C_SOURCE=200809L -O2 -Wall -Wextra -Werror -pthread \
    -o "$work/lead" benches/c/lead-solveboard.c -ldds

# West's lead against 3NT by South (notrump: trump 4; West: leader 3).
"$ours/ddsolve" lead --hand W:KQ3.J92.T8763.A4 --contract 3NTS -n "$samples" --seed 1 \
    --threads "$threads" --save-samples "$work/samples.jsonl" -q > "$work/lead.txt"

echo "== $samples samples, $threads threads, $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores"
echo "-- DDS 2.9.0"
env -u LD_LIBRARY_PATH "$work/lead" "$work/samples.jsonl" 4 3 "$threads" > "$work/dds.out"
echo "-- ddsolve"
LD_LIBRARY_PATH="$ours" "$work/lead" "$work/samples.jsonl" 4 3 "$threads" > "$work/ours.out"
if cmp -s "$work/dds.out" "$work/ours.out"; then
    echo "the values of every card on every sample: identical"
else
    diff "$work/dds.out" "$work/ours.out" | head -20
    exit 1
fi
