#!/usr/bin/env bash
# qemu-check.sh [PYTHON]: the release build runs on old x86-64 processors and answers right.
#
# Runs the command line (target/release/ddsolve), the C library (target/release/libdds.so,
# through packaging/table.c) and, given PYTHON (an interpreter with the ddsolve module
# installed), the Python module under Debian's qemu-x86_64 with three processor models:
# qemu64 (the x86-64 baseline: no POPCNT), Nehalem (POPCNT but no BMI1, BMI2, LZCNT or AVX)
# and Haswell (all four: the fast copies). Each prints the double-dummy tables of the first
# DEALS deals (default 4) of crates/testkit/data/random-seed1-200.tsv, which must equal the
# file's (DDS's). Fails if qemu-x86_64 or a C compiler is missing, or on any difference.
# Run from anywhere after `cargo build --release -p ddsolve-cli -p ddsolve-capi`.
set -euo pipefail
cd "$(dirname "$0")/.."

die() { echo "qemu-check: $*" >&2; exit 1; }
command -v qemu-x86_64 >/dev/null || die "qemu-x86_64 is missing (Debian: apt-get install qemu-user)"
command -v cc >/dev/null || die "cc is missing"
[ -x target/release/ddsolve ] || die "target/release/ddsolve is missing: build it first"
[ -e target/release/libdds.so ] || die "target/release/libdds.so is missing: build it first"
python="${1:-}"
deals="${DEALS:-4}"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# The deals, and the expected answers: 20 numbers a deal, strains S H D C NT, declarers
# N E S W within each (as table.c prints them).
# (awk reads the whole file: `grep | head` under pipefail fails when grep meets the closed pipe.)
awk -v n="$deals" '!/^#/ { if (k++ < n) print }' crates/testkit/data/random-seed1-200.tsv >"$work/data.tsv"
cut -f1 "$work/data.tsv" >"$work/deals.txt"
cut -f2 "$work/data.tsv" >"$work/expected.txt"
[ "$(wc -l <"$work/expected.txt")" -eq "$deals" ] || die "fewer than $deals deals in the data"

# table.c built against ddsolve's header, loading target/release's libdds.so.0.
cc -std=c11 -O1 -Wall -Wextra -Werror -Icrates/capi/include -o "$work/table" packaging/table.c \
    -Ltarget/release -ldds
ln -sf "$PWD/target/release/libdds.so" "$work/libdds.so.0"

check() { # NAME CPU FILE: FILE's lines against the expected tables
    if ! diff "$work/expected.txt" "$3" >"$work/diff.txt"; then
        cat "$work/diff.txt" >&2
        die "$1 under -cpu $2: tables differ from DDS's"
    fi
    echo "  $1: $(wc -l <"$3") tables as DDS's"
}

for cpu in qemu64 Nehalem Haswell-noTSX,pcid=off,x2apic=off,tsc-deadline=off,invpcid=off; do
    echo "qemu-x86_64 -cpu $cpu:"
    # The command line: its TSV rows (the deal, then the 20 numbers in the same order).
    qemu-x86_64 -cpu "$cpu" target/release/ddsolve table --threads 1 --format tsv \
        <"$work/deals.txt" | cut -f2- | tr '\t' ' ' >"$work/cli.txt"
    check "ddsolve table" "$cpu" "$work/cli.txt"
    # The C library: table.c's 20 numbers (its par left out).
    LD_LIBRARY_PATH="$work" qemu-x86_64 -cpu "$cpu" "$work/table" <"$work/deals.txt" \
        | sed 's/ par .*//' >"$work/c.txt"
    check "libdds.so (table.c)" "$cpu" "$work/c.txt"
    if [ -n "$python" ]; then
        qemu-x86_64 -cpu "$cpu" "$python" -c '
import sys, ddsolve
for line in open(sys.argv[1]):
    t = ddsolve.calc_dd_table(line.strip())
    print(" ".join(str(t[h][s]) for s in ["S", "H", "D", "C", "NT"] for h in "NESW"))
' "$work/deals.txt" >"$work/py.txt"
        check "Python module" "$cpu" "$work/py.txt"
    fi
done
[ -n "$python" ] || echo "(no Python interpreter given: the Python module was not run)"
echo "qemu-check: every answer as DDS's"
