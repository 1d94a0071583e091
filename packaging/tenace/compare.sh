#!/usr/bin/env bash
# Runs Debian's tenace (a GTK hand viewer linked with libdds.so.0) on two DDS libraries and
# compares its window pixel for pixel: open a LIN file, Analysis -> Double dummy, then
# Analysis -> Parscore, screenshot the window.
#
# Usage: packaging/tenace/compare.sh [--keep DIR] LIB_A LIB_B
#   LIB: a directory holding a libdds.so.0 (put first in LD_LIBRARY_PATH), or `system` for
#   the one the dynamic loader finds by itself.
#   --keep DIR   keep the screenshots (a.png, b.png, diff.png) in DIR
# The board is packaging/tenace/board.lin (2S by East, South on lead): the script waits for
# the answers where tenace shows them for this board (South's hand, the par label).
#
# Prints, for each library, the libdds.so.0 that tenace loaded (read from /proc/PID/maps)
# with its SHA-256, then the number of pixels that differ (`compare -metric AE`). Exit
# status 0 if the windows are identical, 1 if they differ, 2 if the run failed (no window,
# no answer, the same library loaded twice). Needs Xvfb, xdotool, ImageMagick and tenace.
# Waits by polling (the window appears, the screen stops changing), never by fixed sleeps.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
lin="$here/board.lin"
keep=""
while [ $# -gt 2 ]; do
    case "$1" in
        --keep) keep="$2"; shift 2 ;;
        *) echo "tenace/compare.sh: unknown option $1" >&2; exit 2 ;;
    esac
done
if [ $# -ne 2 ]; then
    echo "usage: $0 [--keep DIR] LIB_A LIB_B (a directory or 'system')" >&2
    exit 2
fi
tenace=/usr/games/tenace
for tool in Xvfb xdotool import compare "$tenace"; do
    command -v "$tool" >/dev/null || { echo "tenace/compare.sh: $tool is missing" >&2; exit 2; }
done

work="$(mktemp -d)"
xvfb_pid=""
app_pid=""
cleanup() {
    [ -n "$app_pid" ] && kill "$app_pid" 2>/dev/null
    [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT
fail() {
    echo "tenace/compare.sh: $*" >&2
    if [ -n "$xvfb_pid" ] && ! kill -0 "$xvfb_pid" 2>/dev/null; then
        echo "tenace/compare.sh: Xvfb has stopped: $(cat "$work/xvfb.log")" >&2
    fi
    exit 2
}

# A display of our own: Xvfb picks a free number and writes it to descriptor 3. -noreset: an
# X server resets when its last client leaves (as the first tenace does), and refuses
# connections meanwhile.
exec 3>"$work/display"
Xvfb -displayfd 3 -screen 0 800x600x24 -nolisten tcp -noreset >"$work/xvfb.log" 2>&1 &
xvfb_pid=$!
exec 3>&-
for _ in $(seq 100); do
    [ -s "$work/display" ] && break
    kill -0 "$xvfb_pid" 2>/dev/null || fail "Xvfb did not start: $(cat "$work/xvfb.log")"
    sleep 0.05
done
[ -s "$work/display" ] || fail "Xvfb gave no display number"
export DISPLAY=":$(head -1 "$work/display")"

# Where tenace shows the answers for board.lin in its window (WIDTHxHEIGHT+X+Y): the
# double-dummy marks on South's cards (South is on lead), the par label below West.
SOUTH=165x95+175+300
PAR=170x110+0+290

# A digest of what WINDOW shows (of its part GEOMETRY, if given).
snap() {
    local crop=()
    [ -n "${2:-}" ] && crop=(-crop "$2")
    import -window "$1" "${crop[@]}" rgb:- 2>/dev/null | md5sum | cut -d' ' -f1
}

# Polls WINDOW (its part GEOMETRY, if given) until it differs from the digest BEFORE and
# then stays the same for 10 looks in a row; gives up after 30 seconds. Prints the final
# digest.
settle() {
    local window="$1" before="$2" geometry="${3:-}" last="" same=0 now
    local deadline=$((SECONDS + 30))
    while [ "$SECONDS" -lt "$deadline" ]; do
        now="$(snap "$window" "$geometry")"
        if [ "$now" != "$before" ] && [ "$now" = "$last" ]; then
            same=$((same + 1))
            if [ "$same" -ge 10 ]; then
                echo "$now"
                return 0
            fi
        else
            same=0
        fi
        last="$now"
        sleep 0.05
    done
    return 1
}

# Opens Analysis (Alt+A), waits for the menu on the screen, then presses KEYS.
menu() {
    local screen
    screen="$(snap root)"
    xdotool key --clearmodifiers alt+a
    settle root "$screen" >/dev/null || fail "the Analysis menu did not open"
    xdotool key --clearmodifiers "$@"
}

# Runs the steps with library LIB; the screenshot goes to OUT, the loaded library's
# checksum to OUT.lib.
run() {
    local lib="$1" out="$2" window
    mkdir -p "$work/home/.local/share"
    if [ "$lib" = system ]; then
        env -u LD_LIBRARY_PATH HOME="$work/home" LANG=C.UTF-8 LC_ALL=C.UTF-8 \
            "$tenace" "$lin" >"$work/tenace.log" 2>&1 &
    else
        [ -e "$lib/libdds.so.0" ] || fail "$lib/libdds.so.0 does not exist"
        LD_LIBRARY_PATH="$(realpath "$lib")" HOME="$work/home" LANG=C.UTF-8 LC_ALL=C.UTF-8 \
            "$tenace" "$lin" >"$work/tenace.log" 2>&1 &
    fi
    app_pid=$!
    window="$(timeout 20 xdotool search --sync --onlyvisible --pid "$app_pid" --name '^Tenace' | head -1)" \
        || fail "no tenace window within 20 s: $(cat "$work/tenace.log")"
    local loaded
    loaded="$(awk '$6 ~ /libdds\.so/ { print $6; exit }' "/proc/$app_pid/maps")"
    [ -n "$loaded" ] || fail "tenace loaded no libdds"
    local sum
    sum="$(sha256sum "$loaded" | cut -d' ' -f1)"
    echo "$lib: tenace (pid $app_pid) loaded $loaded, sha256 $sum"
    echo "$sum" >"$out.lib"
    # Keyboard input goes to the window under the pointer (there is no window manager).
    xdotool mousemove --window "$window" 200 200
    settle "$window" "" >/dev/null || fail "the window never settled"
    local south par
    south="$(snap "$window" "$SOUTH")"
    par="$(snap "$window" "$PAR")"
    menu Return
    settle "$window" "$south" "$SOUTH" >/dev/null || fail "no double-dummy marks"
    menu Down Down Return
    settle "$window" "$par" "$PAR" >/dev/null || fail "no par score"
    # The whole window, once nothing changes any more.
    settle "$window" "" >/dev/null || fail "the window never settled"
    import -window "$window" "$out"
    kill "$app_pid"
    wait "$app_pid" 2>/dev/null || true
    app_pid=""
}

run "$1" "$work/a.png"
run "$2" "$work/b.png"
if cmp -s "$work/a.png.lib" "$work/b.png.lib"; then
    fail "both runs loaded the same library"
fi
status=0
ae="$(compare -metric AE "$work/a.png" "$work/b.png" "$work/diff.png" 2>&1)" || status=$?
[ "$status" -le 1 ] || fail "compare failed: $ae"
echo "pixels that differ (AE): $ae"
if [ -n "$keep" ]; then
    mkdir -p "$keep"
    cp "$work/a.png" "$work/b.png" "$work/diff.png" "$keep/"
fi
exit "$status"
