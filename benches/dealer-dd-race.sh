#!/usr/bin/env bash
# A double-dummy simulation against endplay's dealer, in one run: the 1NT-opposite-8-9 script
# (North 15-17 balanced without a five-card major, South 8-9 with a four-card major) with
# `tricks(north, X)` in the five strains, PRODUCE deals. endplay (`python3 -m endplay.dealer`,
# `pip install endplay`) and `ddsolve deal --threads THREADS` run the same script file (ours:
# the counter generator, the DD-free condition on the candidates' side, the five strains of
# every candidate in batches on the pool, North's lead alone in each). EXAMPLE=1 adds the
# same simulation written against the library (`crates/deal/examples/dd_sim.rs`), for North
# alone and with whole strains. Prints each wall time, CPU time and the ratios.
#
#   benches/dealer-dd-race.sh [PRODUCE] [THREADS]
#
# PRODUCE defaults to 1000 (endplay takes minutes), THREADS to 2. endplay takes the script's
# `produce`, not its `-p`, so the script is written with PRODUCE in it.
set -euo pipefail
cd "$(dirname "$0")/.."
produce=${1:-1000}
threads=${2:-2}
cargo build --release -q -p ddsolve-cli
if [ "${EXAMPLE:-0}" != 0 ]; then
    cargo build --release -q -p ddsolve-deal --example dd_sim
fi
target=${CARGO_TARGET_DIR:-target}
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cat > "$work/nt89.dl" <<SCRIPT
generate 100000000
produce $produce
condition
    hcp(north) >= 15 && hcp(north) <= 17
    && shape(north, any 4333 + any 4432 + any 5332 - 5xxx - x5xx)
    && hcp(south) >= 8 && hcp(south) <= 9
    && (spades(south) == 4 || hearts(south) == 4)
action
    average "NT" tricks(north, notrumps),
    average "S" tricks(north, spades),
    average "H" tricks(north, hearts),
    average "D" tricks(north, diamonds),
    average "C" tricks(north, clubs)
SCRIPT

timed() { # LABEL COMMAND...: runs it (its output on stderr), records wall and CPU seconds
    local label=$1
    shift
    /usr/bin/time -o "$work/t" -f '%e %U %S' "$@" >&2
    read -r wall user sys < "$work/t"
    echo "$label $wall $user $sys" >> "$work/times"
    awk -v l="$label" -v w="$wall" -v u="$user" -v s="$sys" \
        'BEGIN { printf "%-8s wall %8.2f s  cpu %8.2f s\n", l, w, u + s }'
}

timed endplay python3 -m endplay.dealer -s 1 "$work/nt89.dl"
timed ddsolve "$target/release/ddsolve" deal -s 1 --threads "$threads" "$work/nt89.dl"
if [ "${EXAMPLE:-0}" != 0 ]; then
    timed example "$target/release/examples/dd_sim" "$produce" "$threads" 1
    timed whole "$target/release/examples/dd_sim" "$produce" "$threads" 1 whole
fi
awk '{ wall[$1] = $2; cpu[$1] = $3 + $4 }
    END {
        printf "ddsolve/endplay wall %.3f, cpu %.3f\n", wall["ddsolve"] / wall["endplay"], cpu["ddsolve"] / cpu["endplay"]
        if ("example" in wall)
            printf "example/endplay wall %.3f, cpu %.3f\n", wall["example"] / wall["endplay"], cpu["example"] / cpu["endplay"]
        if ("whole" in wall)
            printf "whole/endplay   wall %.3f, cpu %.3f\n", wall["whole"] / wall["endplay"], cpu["whole"] / cpu["endplay"]
    }' "$work/times"
