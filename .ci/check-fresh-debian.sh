#!/bin/sh
# Checks oplint on a fresh, minimal Debian (debootstrap --variant=minbase, outside the
# repository), in two ways:
#
#   check-fresh-debian.sh tarball TARBALL
#       installs only Graphviz's runtime library (libgvc6), unpacks the `make dist` tarball
#       and runs it: version, lint, simulate, render (SVG, PNG, PDF), report, man page.
#   check-fresh-debian.sh image BINARY
#       what the Dockerfile's final stage holds: installs only the packages its apt-get
#       line names, copies only the binary to /usr/local/bin, and runs it.
#   check-fresh-debian.sh install SOURCE_DIR
#       adds the Swift toolchain (this machine's, mounted read-only) and the packages
#       swift.org lists for Debian 12, copies the sources, runs `make install`, then checks
#       that `man oplint` shows every command and option that `oplint help` shows.
#
# Needs root (debootstrap, chroot, mounts) and the network (about 150 MB for the base system;
# the install check adds about 400 MB of build packages). The base system is kept in
# $OPLINT_FRESH_ROOT.base (default /var/tmp/oplint-fresh-debian.base) and copied afresh for
# every check, so each check starts from the same untouched system.
set -eu

usage="usage: check-fresh-debian.sh tarball TARBALL | image BINARY | install SOURCE_DIR"
mode=${1:?$usage}
input=$(readlink -f "${2:?$usage}")
root=${OPLINT_FRESH_ROOT:-/var/tmp/oplint-fresh-debian}
suite=${OPLINT_FRESH_SUITE:-bookworm}
mirror=${OPLINT_FRESH_MIRROR:-http://deb.debian.org/debian}
toolchain=${OPLINT_SWIFT_TOOLCHAIN:-$(dirname "$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")")}
here=$(dirname "$(readlink -f "$0")")
examples=$here/../examples/image-pipeline

if [ ! -x "$root.base/usr/bin/apt-get" ]; then
    command -v debootstrap >/dev/null || apt-get install -y -qq debootstrap
    rm -rf "$root.base"
    debootstrap --variant=minbase "$suite" "$root.base" "$mirror"
fi

mounted=
cleanup() {
    for point in $mounted; do umount "$point" 2>/dev/null || umount -l "$point" 2>/dev/null || true; done
    rm -rf "$root"
}
trap cleanup EXIT INT TERM
rm -rf "$root"
cp -a "$root.base" "$root"
for point in proc dev dev/pts sys; do
    mkdir -p "$root/$point"
    case $point in
        proc) mount -t proc proc "$root/proc" ;;
        *) mount --bind "/$point" "$root/$point" ;;
    esac
    mounted="$root/$point $mounted"
done
cp /etc/resolv.conf "$root/etc/resolv.conf"

in_root() { chroot "$root" /usr/bin/env -i PATH=/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin HOME=/root LANG=C.UTF-8 TERM=dumb "$@"; }
apt_install() { in_root sh -c "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $*" >/dev/null; }
fail() { echo "check-fresh-debian: FAILED: $*" >&2; exit 1; }
step() { echo "== $*"; }

mkdir -p "$root/tmp/examples"
cp "$examples/graph.json" "$examples/broken.json" "$root/tmp/examples/"

# Every --option of every command that `oplint help` lists appears in that command's section
# of the rendered manual page (`man` output, columns 200 wide so no line is wrapped).
check_manual() {
    oplint=$1
    manual=$2
    in_root sh -c "MANWIDTH=200 man $manual 2>&1 | col -b" > "$root/tmp/manual.txt"
    [ -s "$root/tmp/manual.txt" ] || fail "man $manual printed nothing"
    commands=$(in_root "$oplint" help | sed -n '/^COMMANDS:/,/^$/p' | awk 'NR > 1 && NF { print $1 }')
    [ -n "$commands" ] || fail "oplint help lists no commands"
    for command in $commands; do
        section=$(awk -v header="   oplint $command " 'index($0, header) == 1 { on = 1; next } /^   oplint / || /^[A-Z]/ { on = 0 } on' "$root/tmp/manual.txt")
        [ -n "$section" ] || fail "man $manual has no section for '$command'"
        for option in $(in_root "$oplint" "$command" --help | sed -n '/^OPTIONS:/,/^$/p' | grep -o -- '--[a-z][a-z-]*' | sort -u); do
            printf '%s\n' "$section" | grep -q -- "$option" || fail "man $manual: '$command' lacks $option"
        done
        echo "man $manual: $command and its $(in_root "$oplint" "$command" --help | sed -n '/^OPTIONS:/,/^$/p' | grep -c -- '--') options"
    done
}

case $mode in
tarball)
    step "install only Graphviz's runtime library: libgvc6"
    apt_install libgvc6
    in_root dpkg -s libsimdjson14 >/dev/null 2>&1 && fail "libsimdjson14 is installed; the check would prove nothing"
    step "unpack $(basename "$input")"
    tar -xzf "$input" -C "$root/opt"
    dir=$(tar -tzf "$input" | sed -n '1s|/.*||p')
    oplint=/opt/$dir/bin/oplint
    in_root ldd "$oplint" | grep -q 'not found' && { in_root ldd "$oplint"; fail "missing libraries"; }
    in_root ldd "$oplint" | grep -Eq "libsimdjson[.]so[.0-9]* => /opt/$dir/(bin/[.][.]/)?lib/oplint/" \
        || fail "libsimdjson does not come from the tarball"
    step "run it"
    in_root "$oplint" --version
    in_root "$oplint" /tmp/examples/graph.json
    set +e
    in_root "$oplint" /tmp/examples/broken.json > "$root/tmp/broken.txt"
    status=$?
    set -e
    [ "$status" = 1 ] || fail "linting broken.json exited $status, not 1"
    grep -q 'dependency cycle' "$root/tmp/broken.txt" || fail "no dependency cycle reported in broken.json"
    in_root "$oplint" simulate /tmp/examples/graph.json --timeline /tmp/timeline.svg > /dev/null
    for format in svg png pdf; do
        in_root "$oplint" render /tmp/examples/graph.json -o "/tmp/deps.$format"
    done
    in_root "$oplint" report /tmp/examples/graph.json -o /tmp/report.html
    grep -q '<svg' "$root/tmp/deps.svg" || fail "deps.svg is not SVG"
    head -c 8 "$root/tmp/deps.png" | od -An -c | grep -q 'P   N   G' || fail "deps.png is not PNG"
    head -c 5 "$root/tmp/deps.pdf" | grep -q '%PDF-' || fail "deps.pdf is not PDF"
    grep -q '<svg' "$root/tmp/report.html" || fail "the report has no drawing"
    ls -l "$root/tmp/deps.svg" "$root/tmp/deps.png" "$root/tmp/deps.pdf" "$root/tmp/report.html" "$root/tmp/timeline.svg"
    step "read its manual page (man-db added only to read it)"
    apt_install man-db
    check_manual "$oplint" "/opt/$dir/share/man/man1/oplint.1"
    ;;
image)
    packages=$(awk '/^FROM/ { stage++ } stage == 2 { print }' "$here/../Dockerfile" \
        | sed -n 's/.*apt-get install [^&]*--no-install-recommends \([^&\\]*\).*/\1/p')
    [ -n "$packages" ] || fail "no apt-get install in the Dockerfile's final stage"
    step "install only the final stage's packages: $packages"
    apt_install $packages
    cp "$input" "$root/usr/local/bin/oplint"
    in_root ldd /usr/local/bin/oplint | grep -q 'not found' && { in_root ldd /usr/local/bin/oplint; fail "missing libraries"; }
    step "run it"
    in_root oplint --version
    in_root oplint /tmp/examples/graph.json
    set +e
    in_root oplint /tmp/examples/broken.json > /dev/null
    status=$?
    set -e
    [ "$status" = 1 ] || fail "linting broken.json exited $status, not 1"
    in_root oplint render /tmp/examples/graph.json -o /tmp/deps.png
    in_root oplint render /tmp/examples/graph.json -o - --format svg | grep -q '<svg' || fail "no SVG on standard output"
    head -c 8 "$root/tmp/deps.png" | od -An -c | grep -q 'P   N   G' || fail "deps.png is not PNG"
    ;;
install)
    step "the Swift toolchain from $toolchain (read-only) and swift.org's packages for Debian 12"
    mkdir -p "$root/opt/swift"
    mount --bind "$toolchain" "$root/opt/swift"
    mount -o remount,bind,ro "$root/opt/swift"
    mounted="$root/opt/swift $mounted"
    apt_install binutils libicu-dev libcurl4-openssl-dev libedit-dev libsqlite3-dev libncurses-dev \
        libpython3-dev libxml2-dev pkg-config uuid-dev tzdata git gcc libstdc++-12-dev make ca-certificates man-db
    step "copy the sources (no .build)"
    mkdir -p "$root/src/oplint"
    (cd "$input" && tar --exclude=./.build --exclude=./.git -cf - .) | tar -xf - -C "$root/src/oplint"
    step "make install (builds the release binary)"
    in_root sh -c 'PATH=/opt/swift/usr/bin:$PATH nice -n 19 make -C /src/oplint install' > "$root/tmp/install.log" 2>&1 \
        || { tail -40 "$root/tmp/install.log"; fail "make install"; }
    grep -E '^(Installing|install )' "$root/tmp/install.log" || true
    in_root sh -c 'command -v oplint' | grep -q '^/usr/local/bin/oplint$' || fail "oplint is not on PATH"
    in_root oplint --version
    in_root oplint /tmp/examples/graph.json
    check_manual oplint oplint
    in_root sh -c 'make -C /src/oplint uninstall' > /dev/null
    in_root sh -c 'command -v oplint' && fail "oplint still installed after make uninstall"
    [ -e "$root/usr/local/share/man/man1/oplint.1" ] && fail "oplint.1 still installed after make uninstall"
    echo "make uninstall removed everything"
    ;;
*)
    fail "unknown mode '$mode' (tarball, image or install)"
    ;;
esac
echo "check-fresh-debian: $mode: OK"
