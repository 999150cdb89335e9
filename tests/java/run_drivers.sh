#!/usr/bin/env bash
# Ground truth from real Java: compiles each programs/*.java with javac and runs every static
# no-argument `driver*` method (asserts enabled), printing one sorted line per driver:
#   <file> Class.method -> return <v>      (void: return unit)
#   <file> Class.method -> throw <ExceptionSimpleName>
# Usage: tests/java/run_drivers.sh [FILE.java...]   (default: every programs/*.java)
# tests/java/drivers.expected is its output for the whole corpus; after changing a program:
#   tests/java/run_drivers.sh > tests/java/drivers.expected
# and tests/java/arrays_drivers.expected for the array programs:
#   tests/java/run_drivers.sh programs/arrays/*.java > tests/java/arrays_drivers.expected
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

javac -d "$tmp/harness" "$here/Harness.java"

if [ "$#" -eq 0 ]; then
    set -- "$root"/programs/*.java
fi

for src in "$@"; do
    name="$(basename "$src")"
    out="$tmp/classes/${name%.java}"
    mkdir -p "$out"
    javac -nowarn -d "$out" "$src"
    classes=()
    for c in "$out"/*.class; do
        classes+=("$(basename "$c" .class)")
    done
    java -ea -cp "$tmp/harness:$out" Harness "$name" "${classes[@]}"
done | LC_ALL=C sort
