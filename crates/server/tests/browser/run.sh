#!/usr/bin/env bash
# The browser tests of ddsolve's page: builds the release CLI, starts `ddsolve serve` on a
# free loopback port, waits for /api/health, runs the suite in Debian's Chromium (needs
# `chromium` and node >= 20; `npm ci` here first), then stops the server. Screenshots go to
# target/browser/ (or $CARGO_TARGET_DIR/browser/).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../../.." && pwd)"
target="${CARGO_TARGET_DIR:-$root/target}"
shots="$target/browser"

cargo build --release -p ddsolve-cli --manifest-path "$root/Cargo.toml"
bin="$target/release/ddsolve"
[ -x /usr/bin/chromium ] || [ -n "${CHROMIUM:-}" ] || { echo "error: /usr/bin/chromium is missing (apt-get install chromium)" >&2; exit 1; }
node -e 'process.exit(Number(process.versions.node.split(".")[0]) >= 20 ? 0 : 1)' \
    || { echo "error: the browser tests need node 20 or newer (playwright-core), not $(node --version)" >&2; exit 1; }
[ -d "$here/node_modules/playwright-core" ] || { echo "error: run 'npm ci' in $here first" >&2; exit 1; }

mkdir -p "$shots"
port="$(node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')"
url="http://127.0.0.1:$port"
"$bin" serve --addr "127.0.0.1:$port" >"$shots/server.log" 2>&1 &
server=$!
stop() {
    kill "$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
}
trap stop EXIT

for _ in $(seq 1 100); do
    if ! kill -0 "$server" 2>/dev/null; then
        echo "error: ddsolve serve exited; its log:" >&2
        cat "$shots/server.log" >&2
        exit 1
    fi
    if node -e 'fetch(process.argv[1]).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))' "$url/api/health"; then
        break
    fi
    sleep 0.2
done
node -e 'fetch(process.argv[1]).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))' "$url/api/health" \
    || { echo "error: $url/api/health did not answer; the server's log:" >&2; cat "$shots/server.log" >&2; exit 1; }

cd "$here"
DDSOLVE_URL="$url" DDSOLVE_BIN="$bin" DDSOLVE_SHOTS="$shots" \
    node --test --test-concurrency=1 --test-reporter=spec page.test.mjs
echo "screenshots in $shots"
