#!/usr/bin/env bash
# Builds the Debian packages (ddsolve: the command line; ddsolve-libdds: the C library in
# the place of Debian's libdds0), checks their metadata and contents, and runs the install
# and remove cycle of ddsolve-libdds on this machine: programs linked with libdds.so.0 (a C
# program, tenace) run on ddsolve's library while it is installed, and on Debian's again,
# byte for byte the file libdds0 installed, once it is removed.
#
# Usage (as root, with libdds0, libdds-dev and tenace installed):
#   packaging/deb-cycle.sh [--no-build]
#   --no-build  package the release build already in target/release (as CI does, after
#               `cargo build --release -p ddsolve-capi -p ddsolve-cli`)
# Needs cargo-deb (`cargo install cargo-deb`), lintian, a C compiler, and for the tenace step
# Xvfb, xdotool and ImageMagick. Leaves the machine as it found it (the trap removes the
# packages if a step fails).
set -euo pipefail
cd "$(dirname "$0")/.."

build=()
if [ "${1:-}" = --no-build ]; then
    build=(--no-build)
elif [ $# -gt 0 ]; then
    echo "usage: $0 [--no-build]" >&2
    exit 2
fi
step() { echo "== deb-cycle ${SECONDS}s: $*" >&2; }
die() { echo "deb-cycle: $*" >&2; exit 1; }
# Is package $1 on the system (installed, or removed with its configuration left)?
present() { dpkg-query -W -f='${db:Status-Status}' "$1" 2>/dev/null | grep -qv '^not-installed$'; }

multiarch=/usr/lib/x86_64-linux-gnu
lib="$multiarch/libdds.so.0"
[ "$(id -u)" = 0 ] || die "run as root: the cycle installs and removes a package"
dpkg -s libdds0 >/dev/null 2>&1 || die "libdds0 is not installed: nothing to take the place of"
present ddsolve-libdds && die "ddsolve-libdds is on the system already (dpkg -P ddsolve-libdds)"

work="$(mktemp -d)"
cleanup() {
    if present ddsolve-libdds; then
        echo "deb-cycle: removing ddsolve-libdds after a failure" >&2
        dpkg -P ddsolve-libdds >&2 || true
    fi
    if present ddsolve; then
        dpkg -P ddsolve >&2 || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT

step "build the packages"
out=target/debian
rm -f "$out"/ddsolve_*.deb "$out"/ddsolve-libdds_*.deb
cargo deb -p ddsolve-cli --strip "${build[@]}" -o "$out"
cargo deb -p ddsolve-capi --strip "${build[@]}" -o "$out"
cli_deb="$(ls "$out"/ddsolve_*_amd64.deb)"
lib_deb="$(ls "$out"/ddsolve-libdds_*_amd64.deb)"

step "metadata and contents"
for deb in "$cli_deb" "$lib_deb"; do
    echo "--- $deb"
    dpkg-deb -I "$deb"
    dpkg-deb -c "$deb"
done
# The library package: the library under DDS's name with DDS's SONAME, the header, the
# link for building, the maintainer scripts that divert Debian's files, the ldconfig trigger.
contents="$(dpkg-deb -c "$lib_deb")"
for path in "./usr/lib/x86_64-linux-gnu/libdds.so.0" "./usr/include/dds/dll.h" \
    "./usr/lib/x86_64-linux-gnu/libdds.so -> libdds.so.0"; do
    grep -qF -- "$path" <<<"$contents" || die "$lib_deb lacks $path"
done
dpkg-deb -e "$lib_deb" "$work/control"
for f in preinst postrm triggers; do
    [ -f "$work/control/$f" ] || die "$lib_deb has no $f"
done
dpkg-deb -x "$lib_deb" "$work/root"
soname="$(readelf -d "$work/root$lib" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')"
[ "$soname" = libdds.so.0 ] || die "the packaged library's SONAME is '$soname'"
grep -q DDSOLVE_DLL_H "$work/root/usr/include/dds/dll.h" || die "the packaged dll.h is not ddsolve's"
ours_sum="$(sha256sum "$work/root$lib" | cut -d' ' -f1)"
cli_contents="$(dpkg-deb -c "$cli_deb")"
grep -qF "./usr/bin/ddsolve" <<<"$cli_contents" || die "$cli_deb lacks /usr/bin/ddsolve"

step "lintian"
# Tags that the packages raise by design (packaging/lintian-tolerated.txt says why); any
# other warning or error fails the cycle.
tolerated="$(grep -v '^#' packaging/lintian-tolerated.txt | awk 'NF { print $1 }')"
lintian --tag-display-limit 0 "$cli_deb" "$lib_deb" >"$work/lintian.txt" 2>&1 || true
cat "$work/lintian.txt"
unexpected="$(grep -E '^[EW]: ' "$work/lintian.txt" | awk '{ print $3 }' | sort -u \
    | grep -vxF -f <(printf '%s\n' "$tolerated") || true)"
[ -z "$unexpected" ] || die "lintian tags not in packaging/lintian-tolerated.txt: $unexpected"

step "before: Debian's library"
debian_sum="$(sha256sum "$lib" | cut -d' ' -f1)"
header_sum="$(sha256sum /usr/include/dds/dll.h | cut -d' ' -f1)"
echo "Debian's $lib: sha256 $debian_sum"
dpkg --verify libdds0 || die "libdds0's files are not as installed before the cycle"
# A C program built now, against Debian's DDS (its header, -ldds), runs on whichever
# libdds.so.0 is installed: tables and par of 20 deals, the same throughout the cycle.
cc -std=c11 -O1 -Wall -Wextra -Werror -DEXPECT_DDS_HEADER -o "$work/table" packaging/table.c -ldds
awk '!/^#/ { if (k++ < 20) print }' crates/testkit/data/random-seed1-200.tsv | cut -f1 >"$work/deals.txt"
"$work/table" <"$work/deals.txt" >"$work/debian.txt"
echo "table.c on Debian's DDS: $(wc -l <"$work/debian.txt") deals"

step "install ddsolve-libdds"
dpkg -i "$lib_deb"
dpkg-divert --list 'ddsolve-libdds'
installed_sum="$(sha256sum "$lib" | cut -d' ' -f1)"
[ "$installed_sum" = "$ours_sum" ] || die "$lib is not ddsolve's after the install"
[ "$(sha256sum "$multiarch/dds-debian/libdds.so.0" | cut -d' ' -f1)" = "$debian_sum" ] \
    || die "Debian's library is not at $multiarch/dds-debian/libdds.so.0"
echo "$lib is ddsolve's (sha256 $installed_sum); Debian's is at $multiarch/dds-debian/libdds.so.0"

step "a C program on the installed library"
# The program built against Debian's DDS, now on ddsolve's library; and one built against
# the installed (ddsolve's) header and link.
loaded="$(ldd "$work/table" | awk '$1 == "libdds.so.0" { print $3 }')"
echo "table loads $loaded"
[ "$(sha256sum "$loaded" | cut -d' ' -f1)" = "$ours_sum" ] || die "table does not load ddsolve's library"
"$work/table" <"$work/deals.txt" | diff "$work/debian.txt" - || die "ddsolve's answers differ from DDS's"
grep -q DDSOLVE_DLL_H /usr/include/dds/dll.h || die "the installed dll.h is not ddsolve's"
cc -std=c11 -O1 -Wall -Wextra -Werror -o "$work/table-ddsolve" packaging/table.c -ldds
"$work/table-ddsolve" <"$work/deals.txt" | diff "$work/debian.txt" - \
    || die "table built with ddsolve's header differs"
echo "table.c on ddsolve's library: the same $(wc -l <"$work/debian.txt") lines as on DDS's"

step "tenace on the installed library against Debian's"
packaging/tenace/compare.sh system "$multiarch/dds-debian"

step "the command line package"
dpkg -i "$cli_deb"
/usr/bin/ddsolve table <<<"N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"
dpkg -P ddsolve
[ ! -e /usr/bin/ddsolve ] || die "/usr/bin/ddsolve is left after removing ddsolve"

step "remove ddsolve-libdds"
dpkg -P ddsolve-libdds
after_sum="$(sha256sum "$lib" | cut -d' ' -f1)"
[ "$after_sum" = "$debian_sum" ] || die "$lib is not Debian's after the removal"
[ "$(sha256sum /usr/include/dds/dll.h | cut -d' ' -f1)" = "$header_sum" ] \
    || die "/usr/include/dds/dll.h is not libdds-dev's after the removal"
[ -z "$(dpkg-divert --list 'ddsolve-libdds')" ] || die "diversions are left"
[ ! -e "$multiarch/dds-debian" ] || die "$multiarch/dds-debian is left"
dpkg --verify libdds0 libdds-dev || die "Debian's DDS files differ from what dpkg installed"
"$work/table" <"$work/deals.txt" | diff "$work/debian.txt" - || die "Debian's DDS answers otherwise after the cycle"
echo "$lib is Debian's again: sha256 $after_sum (before the cycle: $debian_sum)"
step "done"
