#!/usr/bin/env bash
# Deals generated per second: Debian's /usr/games/dealer against `ddsolve deal`, on dealer's
# examples and on a long script (50 variables), ddsolve with 1 and 2 threads (counter
# generator) and with dealer's generator. Run alone on the machine; the figures go in
# docs/benchmarks/. Usage: benches/dealer-race.sh [GENERATE]  (default 2000000)
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-2000000}
cargo build --release -q -p ddsolve-cli
DDS=target/release/ddsolve
EX=/usr/share/doc/dealer/examples
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The long script: 50 variables over the four hands, a condition that reads them all and
# rarely holds, and an average (so nothing is printed per deal).
{
    for i in $(seq 0 49); do
        seat=$(echo north east south west | cut -d' ' -f$((i % 4 + 1)))
        case $((i % 5)) in
            0) echo "v$i = hcp($seat) + $i % 3" ;;
            1) echo "v$i = shape($seat, any 4432 + any 5332) or spades($seat) >= 5" ;;
            2) echo "v$i = loser($seat) + control($seat, hearts)" ;;
            3) echo "v$i = hearts($seat) * 2 - diamonds($seat)" ;;
            4) echo "v$i = v$((i - 1)) + v$((i - 2)) > 20 ? top3($seat) : c13($seat)" ;;
        esac
    done
    printf 'condition v0 > 19'
    for i in $(seq 1 49); do printf ' and v%d > -100' "$i"; done
    printf '\naction average "v" v4\n'
} > "$tmp/long.dl"

secs() { local s e; s=$(date +%s.%N); "$@" > /dev/null; e=$(date +%s.%N); echo "$e - $s" | bc; }
rate() { echo "scale=0; $N / $1" | bc; }

printf '%-24s %12s %12s %12s %12s\n' script dealer ours-dealer ours-1t ours-2t
for f in "$EX"/Descr.1c "$EX"/Descr.stayman "$EX"/Descr.test_dealer "$EX"/Descr.weaktwo "$tmp/long.dl"; do
    # No produce limit: every run generates N deals.
    sed -e 's/^produce.*//' -e 's/^generate.*//' "$f" > "$tmp/s.dl"
    d=$(secs /usr/games/dealer -s 1 -g "$N" -p 100000000 "$tmp/s.dl")
    o=$(secs "$DDS" deal --rng dealer -s 1 -g "$N" -p 100000000 "$tmp/s.dl")
    t1=$(secs "$DDS" deal --threads 1 -s 1 -g "$N" -p 100000000 "$tmp/s.dl")
    t2=$(secs "$DDS" deal --threads 2 -s 1 -g "$N" -p 100000000 "$tmp/s.dl")
    printf '%-24s %12s %12s %12s %12s\n' "$(basename "$f")" "$(rate "$d")" "$(rate "$o")" "$(rate "$t1")" "$(rate "$t2")"
done
