#!/usr/bin/env bash
# Checks that what a user builds (the library crates, the command line, the C library, the
# Python module) builds with the oldest Rust the workspace claims
# (`rust-version` in Cargo.toml), with Debian's packaged compiler of that version
# (bookworm's `rustc-web`/`cargo-web`, installed with apt-get when missing; they install
# /usr/bin/rustc and /usr/bin/cargo, which rustup's come before on a usual PATH). Builds in
# target/msrv.
#
#   packaging/msrv-check.sh
set -euo pipefail
cd "$(dirname "$0")/.."
msrv=$(sed -n 's/^rust-version = "\(.*\)"/\1/p' Cargo.toml)
[ -n "$msrv" ] || { echo "error: no rust-version in Cargo.toml" >&2; exit 1; }
rustc_msrv=/usr/bin/rustc
cargo_msrv=/usr/bin/cargo
have() { [ -x "$1" ] && "$1" --version | grep -q "^$2 $msrv\."; }
if ! have "$rustc_msrv" rustc || ! have "$cargo_msrv" cargo; then
    command -v apt-get >/dev/null 2>&1 || {
        echo "error: Rust $msrv is not in /usr/bin and apt-get is not available" >&2
        exit 1
    }
    apt-get update >/dev/null
    # Debian's version of rustc-web that is Rust $msrv (e.g. 1.85.0+dfsg3-1~deb12u3).
    version=$(apt-cache madison rustc-web | awk -v v="$msrv." '$3 ~ "^" v { print $3; exit }')
    [ -n "$version" ] || { echo "error: Debian has no rustc-web $msrv" >&2; exit 1; }
    apt-get install -y --allow-downgrades "rustc-web=$version" "cargo-web=$version" \
        "libstd-rust-web-dev=$version" "libstd-rust-web-$msrv=$version"
fi
"$rustc_msrv" --version
# What a user builds: the library crates, the command line (with the server), the C library
# and the Python module (its own workspace). The tests' and benchmarks' tools (proptest,
# criterion) may need a newer Rust.
packages=(cards moves orderings prune tt tt-key tt-forest tt-pattern tt-zobrist search exec par
    formats deal lead server capi cli)
args=(-p ddsolve)
for p in "${packages[@]}"; do args+=(-p "ddsolve-$p"); done
RUSTC="$rustc_msrv" "$cargo_msrv" check --locked --target-dir target/msrv "${args[@]}"
(cd crates/python && RUSTC="$rustc_msrv" "$cargo_msrv" check --locked --target-dir ../../target/msrv)
echo "the library crates, the command line, the C library and the Python module build with Rust $msrv"
