#!/bin/sh
# Whole-command scaling of `heaplog run` on [POSE]'s hasNull with loop bound N:
# wall time, user CPU time, output bytes and peak RSS of the process (GNU time's
# %e, %U and %M), next to the exploration's own time (the footer's `time`, less
# printing). The first line is the machine's load (`uptime`): on a shared machine
# wall time is user time stretched by the load.
#
#   cargo build --release && sh benches/cli_scaling.sh [N ...]
#
# RULES (default "symbolic-heap pose") and FORMATS (default "text json") narrow the
# runs, e.g. RULES=pose.
#
# Prints the load at the start, one Markdown table row per rule set, format and N,
# and the load at the end: paste-ready for docs/BENCHMARKS.md.
set -eu
BIN=${HEAPLOG:-target/release/heaplog}
LIMIT=${LIMIT:-60}
RULES=${RULES:-"symbolic-heap pose"}
FORMATS=${FORMATS:-"text json"}
[ $# -gt 0 ] || set -- 50 100 200 500 1000
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
echo "load at the start: $(uptime | sed 's/.*load average: //')"
echo "| rules | format | N | traces | complete | wall (s) | user (s) | output (bytes) | bytes / N^2 | peak RSS (MiB) | exploration (ms) | printing (ms) |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|"
for rules in $RULES; do
  for format in $FORMATS; do
    for n in "$@"; do
      src="$TMP/hasNull$n.java"
      cat > "$src" <<JAVA
class Sample {
    Sample next;
    boolean hasNull() {
        Sample s = this.next;
        int i = 1;
        while (s != null && i <= $n) {
            s = s.next;
            i++;
        }
        return s == null;
    }
}
JAVA
      /usr/bin/time -f "%e %U %M" -o "$TMP/time" "$BIN" run "$src" --entry Sample.hasNull \
        --rules "$rules" --format "$format" --time-limit "$LIMIT" > "$TMP/out" || true
      # GNU time writes "Command exited with non-zero status N" first on a failure.
      read -r wall user rss <<EOF
$(tail -n 1 "$TMP/time")
EOF
      bytes=$(wc -c < "$TMP/out")
      if [ "$format" = text ]; then
        foot=$(grep '^traces: ' "$TMP/out" | tail -n 1)
        traces=$(echo "$foot" | sed -E 's/^traces: ([0-9]+).*/\1/')
        total=$(echo "$foot" | sed -E 's/.*time: ([0-9.]+) ms.*/\1/')
        render=$(echo "$foot" | sed -E 's/.*printing ([0-9.]+) ms.*/\1/')
        case "$foot" in *INCOMPLETE*) complete=no ;; *) complete=yes ;; esac
      else
        summary=$(tail -c 2000 "$TMP/out")
        traces=$(echo "$summary" | grep -o '"traces": *[0-9]*' | tail -n 1 | grep -o '[0-9]*$')
        total=$(echo "$summary" | grep -o '"time_ms": *[0-9.]*' | grep -o '[0-9.]*$')
        render=$(echo "$summary" | grep -o '"render_ms": *[0-9.]*' | grep -o '[0-9.]*$')
        case "$summary" in *'"complete": true'* | *'"complete":true'*) complete=yes ;; *) complete=no ;; esac
      fi
      explore=$(echo "$total $render" | awk '{ printf "%.1f", $1 - $2 }')
      render=$(echo "$render" | awk '{ printf "%.1f", $1 }')
      per=$(echo "$bytes $n" | awk '{ printf "%.1f", $1 / ($2 * $2) }')
      mib=$(echo "$rss" | awk '{ printf "%.1f", $1 / 1024 }')
      echo "| $rules | $format | $n | $traces | $complete | $wall | $user | $bytes | $per | $mib | $explore | $render |"
    done
  done
done
echo
echo "load at the end: $(uptime | sed 's/.*load average: //')"
