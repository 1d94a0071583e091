#!/usr/bin/env bash
# ddsolve's libdds against DDS 2.9.0's (Debian's libdds.so.0), from one C program.
#
# crates/capi/tests/c/regress.c is compiled once against DDS's header
# (/usr/include/dds/dll.h, Debian's libdds-dev) and run on a DDS regression file twice: with
# Debian's libdds.so.0, then with ours (LD_LIBRARY_PATH=target/release). Its output for the
# five modes (solve: SolveAllChunksPBN; table: CalcAllTablesPBN; par: Par; dealer par:
# DealerPar, with SidesPar; play: AnalyseAllPlaysPBN) must be identical; the time of each
# phase (CalcAllTablesPBN's is the table phase) is printed for both, with 2 threads.
#
# Then, unless --no-valgrind, the C tests run under valgrind's memcheck with our library,
# built for it with RUSTFLAGS="-C target-cpu=x86-64-v2" in target/valgrind (valgrind 3.19
# does not know every AVX instruction: it stops with SIGILL on a VEX-encoded vmovq of the
# x86-64-v3 build): the errors table, the SolveBoard semantics and the regression program on
# list10.txt (valgrind is ~50x slower). Every run must end normally and report 0 errors.
#
# Usage: benches/capi-vs-dds.sh [DDS-FILE] [--no-valgrind]
#   DDS-FILE defaults to the repository's list1000.txt (crates/testkit/data).
set -euo pipefail
cd "$(dirname "$0")/.."

file=""
valgrind=1
for arg in "$@"; do
    case "$arg" in
        --no-valgrind) valgrind=0 ;;
        *) file="$arg" ;;
    esac
done
file="${file:-crates/testkit/data/list1000.txt}"
[[ -f /usr/include/dds/dll.h ]] || { echo "install Debian's libdds-dev" >&2; exit 1; }

cargo build --release -p ddsolve-capi
ours=target/release
[[ -e "$ours/libdds.so.0" ]] || ln -s libdds.so "$ours/libdds.so.0"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cc -std=c11 -D_POSIX_C_SOURCE=200809L -O2 -Wall -Wextra -Werror -DEXPECT_DDS_HEADER \
    -o "$work/regress" crates/capi/tests/c/regress.c -ldds
cc -std=c11 -D_POSIX_C_SOURCE=200809L -O2 -Wall -Wextra -Werror -DEXPECT_DDS_HEADER \
    -o "$work/errors" crates/capi/tests/c/errors.c -ldds

echo "== $file, 2 threads, $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores"
echo "-- DDS 2.9.0 ($(ldd "$work/regress" | grep libdds))"
env -u LD_LIBRARY_PATH "$work/regress" all "$file" 2 > "$work/dds.out" 2> "$work/dds.err"
grep '^time' "$work/dds.err"
echo "-- ddsolve ($(LD_LIBRARY_PATH="$ours" ldd "$work/regress" | grep libdds))"
LD_LIBRARY_PATH="$ours" "$work/regress" all "$file" 2 > "$work/ours.out" 2> "$work/ours.err"
grep '^time' "$work/ours.err"

status=0
for mode in "solve FUT" "table TABLE" "par PAR" "dealer-par PAR2|DP[0-3]|SIDES0|SIDES1|SIDESTEXT" \
    "play TRACE"; do
    name="${mode%% *}"
    tags="${mode#* }"
    a="$(grep -cE "^[0-9]+ ($tags) " "$work/dds.out" || true)"
    if diff <(grep -E "^[0-9]+ ($tags) " "$work/dds.out") \
        <(grep -E "^[0-9]+ ($tags) " "$work/ours.out") > "$work/diff-$name"; then
        echo "$name: $a lines, identical"
    else
        echo "$name: DIFFERENT ($(grep -c '^<' "$work/diff-$name") lines):"
        head -20 "$work/diff-$name"
        status=1
    fi
done
table_ratio() {
    awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b / a }'
}
dds_wall="$(sed -n 's/^time table: \([0-9.]*\) s wall, \([0-9.]*\) s cpu/\1/p' "$work/dds.err")"
dds_cpu="$(sed -n 's/^time table: \([0-9.]*\) s wall, \([0-9.]*\) s cpu/\2/p' "$work/dds.err")"
our_wall="$(sed -n 's/^time table: \([0-9.]*\) s wall, \([0-9.]*\) s cpu/\1/p' "$work/ours.err")"
our_cpu="$(sed -n 's/^time table: \([0-9.]*\) s wall, \([0-9.]*\) s cpu/\2/p' "$work/ours.err")"
echo "CalcAllTablesPBN, 2 threads: DDS ${dds_wall} s wall (${dds_cpu} s cpu), ddsolve ${our_wall} s wall (${our_cpu} s cpu): ratio $(table_ratio "$dds_wall" "$our_wall") wall, $(table_ratio "$dds_cpu" "$our_cpu") cpu"

if [[ "$valgrind" == 1 ]]; then
    echo "-- valgrind memcheck, ddsolve's library (x86-64-v2 build)"
    RUSTFLAGS="-C target-cpu=x86-64-v2" CARGO_TARGET_DIR=target/valgrind \
        cargo build --release -p ddsolve-capi
    ours=target/valgrind/release
    [[ -e "$ours/libdds.so.0" ]] || ln -s libdds.so "$ours/libdds.so.0"
    cc -std=c11 -D_POSIX_C_SOURCE=200809L -O2 -Wall -Wextra -Werror -DEXPECT_DDS_HEADER \
        -o "$work/semantics" crates/capi/tests/c/semantics.c -ldds
    for run in "errors" "semantics" "regress all crates/testkit/data/list10.txt 2"; do
        # shellcheck disable=SC2086
        LD_LIBRARY_PATH="$ours" valgrind --tool=memcheck --error-exitcode=1 --leak-check=no \
            "$work/"$run > /dev/null 2> "$work/valgrind.err" || status=1
        echo "$run: $(grep 'ERROR SUMMARY' "$work/valgrind.err" | sed 's/^==[0-9]*== //')"
    done
fi
exit "$status"
