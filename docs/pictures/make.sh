#!/usr/bin/env bash
# Regenerates the pictures of docs/EXPORT.md from heaplog's own DOT: for `swap` and
# `hasNull4` under every registered rule set, the execution tree and the final heap of
# the trace with the largest heap picture. Needs Graphviz's `dot`;
# HEAPLOG overrides the binary.
set -euo pipefail
cd "$(dirname "$0")/../.."
HEAPLOG=${HEAPLOG:-target/release/heaplog}
out=docs/pictures
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for rules in $("$HEAPLOG" rules | awk '{print $1}'); do
  for job in swap:programs/swap.java:Sample.swap hasNull4:programs/hasnull.java:Sample.hasNull4; do
    IFS=: read -r name file entry <<<"$job"
    dir="$tmp/$name-$rules"
    "$HEAPLOG" run "$file" --entry "$entry" --rules "$rules" --summary --dot "$dir" >/dev/null 2>&1
    dot -Tsvg "$dir/tree.dot" -o "$out/$name-$rules-tree.svg"
    last=$(ls -S "$dir"/heap-*.dot | head -n 1)
    dot -Tsvg "$last" -o "$out/$name-$rules-heap.svg"
  done
done
