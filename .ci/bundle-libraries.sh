#!/bin/sh
# Copies into ROOT/lib/oplint/ the shared libraries that ROOT/bin/oplint needs and that a
# machine with only Graphviz's runtime package lacks, with their licences in
# ROOT/share/doc/oplint/. Today that is simdjson: Debian's libsimdjson-dev has no static
# archive, so the release binary links libsimdjson.so.N, and finds the copy through its
# RUNPATH ($ORIGIN/../lib/oplint, set by the Makefile's release flags).
#
# On macOS nothing is copied: the binary uses Homebrew's simdjson and Graphviz
# (`brew install simdjson graphviz`).
set -eu

root=$1
binary=$root/bin/oplint
[ -x "$binary" ] || { echo "bundle-libraries: $binary: no such executable" >&2; exit 1; }
[ "$(uname -s)" = Linux ] || exit 0

runpath=$(readelf -d "$binary" | sed -n 's/.*(RUNPATH).*\[\(.*\)\].*/\1/p')
case ":$runpath:" in
    *':$ORIGIN/../lib/oplint:'*) ;;
    *) echo "bundle-libraries: $binary has RUNPATH '$runpath', not \$ORIGIN/../lib/oplint" >&2; exit 1 ;;
esac

mkdir -p "$root/lib/oplint" "$root/share/doc/oplint"
if ldd "$binary" | grep -q "not found"; then ldd "$binary" >&2; exit 1; fi
ldd "$binary" | awk '$1 ~ /^libsimdjson\.so/ && $3 ~ /^\// { print $1, $3 }' | while read -r name path; do
    cp -L "$path" "$root/lib/oplint/$name"
    chmod 644 "$root/lib/oplint/$name"
    # The licence: the Debian package's copyright file, or the licence files of the prefix.
    package=$(dpkg -S "$(readlink -f "$path")" 2>/dev/null | sed -n '1s/:.*//p') || package=
    if [ -n "$package" ] && [ -f "/usr/share/doc/$package/copyright" ]; then
        cp "/usr/share/doc/$package/copyright" "$root/share/doc/oplint/simdjson.copyright"
    else
        echo "bundle-libraries: no licence found for $path; add it to share/doc/oplint by hand" >&2
        exit 1
    fi
    echo "bundled $name ($package)"
done
