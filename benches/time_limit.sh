#!/bin/sh
# Does `--time-limit S` end the whole command within S + 1 s? Runs each command of
# issue 13's list on the programs that overran a limit, and prints one Markdown
# row per run: the command, the limit, the wall time and user CPU (GNU time's %e,
# %U), the exit status, the run's status as the output states it, and the verdict
# (`ok` when wall <= S + 1). The machine's load (`uptime`) is printed before and after.
#
#   cargo build --release && sh benches/time_limit.sh [S ...]
#
# The default limits are 2 and 5 s. Set HEAPLOG for another binary, ONLY to a
# substring of the case names to run a subset. docs/BENCHMARKS.md records the table.
set -eu
BIN=${HEAPLOG:-target/release/heaplog}
ONLY=${ONLY:-}
[ $# -gt 0 ] || set -- 2 5
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

hasnull() {
  cat > "$TMP/hasNull$1.java" <<JAVA
class Sample {
    Sample next;
    boolean hasNull() {
        Sample s = this.next;
        int i = 1;
        while (s != null && i <= $1) {
            s = s.next;
            i++;
        }
        return s == null;
    }
}
JAVA
}
hasnull 200
hasnull 500
hasnull 1000
cat > "$TMP/walk.java" <<'JAVA'
class Node {
    Node next;
    int walk() { return this.next.walk() + 1; }
}
JAVA
# 3^10 bounded inputs that each spin through the step budget: `query` runs them all
# concretely before it explores.
cat > "$TMP/spin.java" <<'JAVA'
class Q {
    int m(int a, int b, int c, int d, int e, int f, int g, int h, int i, int j) {
        int k = 0;
        while (k >= 0) {
            k = k * 1;
        }
        return k;
    }
}
JAVA

# name|arguments (the limit is appended)
cat > "$TMP/cases" <<CASES
run hasNull200 symbolic-heap text|run $TMP/hasNull200.java --entry Sample.hasNull --rules symbolic-heap
run hasNull500 symbolic-heap text|run $TMP/hasNull500.java --entry Sample.hasNull --rules symbolic-heap
run hasNull500 symbolic-heap json|run $TMP/hasNull500.java --entry Sample.hasNull --rules symbolic-heap --format json
run hasNull500 pose text|run $TMP/hasNull500.java --entry Sample.hasNull --rules pose
run hasNull500 pose json|run $TMP/hasNull500.java --entry Sample.hasNull --rules pose --format json
run hasNull1000 symbolic-heap text|run $TMP/hasNull1000.java --entry Sample.hasNull --rules symbolic-heap
run hasNull1000 symbolic-heap json|run $TMP/hasNull1000.java --entry Sample.hasNull --rules symbolic-heap --format json
run hasNull1000 pose jsonl|run $TMP/hasNull1000.java --entry Sample.hasNull --rules pose --format jsonl
run hasNull1000 pose text|run $TMP/hasNull1000.java --entry Sample.hasNull --rules pose
run walk lazy text|run $TMP/walk.java --entry Node.walk --rules lazy
run walk symbolic-heap text|run $TMP/walk.java --entry Node.walk --rules symbolic-heap
run walk pose json|run $TMP/walk.java --entry Node.walk --rules pose --format json
run walk pose jsonl|run $TMP/walk.java --entry Node.walk --rules pose --format jsonl
run dll indexOf symbolic-heap text|run programs/bench/dll.java --entry DoubleLinkedList.benchIndexOf --rules symbolic-heap
run treemap put pose summary|run programs/bench/treemap.java --entry TreeMap.benchPut --rules pose --summary
run treemap put pose text|run programs/bench/treemap.java --entry TreeMap.benchPut --rules pose
run bintree dfs pose text|run programs/bintree.java --entry Node.dfs --rules pose --scope 3 --depth 16
run bintree dfs pose json|run programs/bintree.java --entry Node.dfs --rules pose --scope 3 --depth 16 --format json
compare walk|compare $TMP/walk.java --entry Node.walk --scope 3
compare hasNull1000 symbolic-heap,pose|compare $TMP/hasNull1000.java --entry Sample.hasNull --rules symbolic-heap,pose --scope 3
compare dll indexOf symbolic-heap|compare programs/bench/dll.java --entry DoubleLinkedList.benchIndexOf --rules symbolic-heap --scope 3
compare treemap put pose|compare programs/bench/treemap.java --entry TreeMap.benchPut --rules pose --scope 2
compare bintree dfs pose json|compare programs/bintree.java --entry Node.dfs --rules pose --scope 3 --format json
compare lissa treemap put requires scope 6|compare programs/lissa/treemap.java --entry TreeMap.put --requires repOKTwoPass --rules lissa --scope 6
compare hasNull1000 all rule sets|compare $TMP/hasNull1000.java --entry Sample.hasNull --scope 3
tests walk pose|tests $TMP/walk.java --entry Node.walk --rules pose --scope 3
tests hasNull1000 symbolic-heap|tests $TMP/hasNull1000.java --entry Sample.hasNull --rules symbolic-heap --scope 3
tests treemap put pose|tests programs/bench/treemap.java --entry TreeMap.benchPut --rules pose --scope 2
query dll indexOf symbolic-heap|query programs/bench/dll.java --entry DoubleLinkedList.benchIndexOf --rules symbolic-heap --scope 3 --all
query spin pose|query $TMP/spin.java --entry Q.m --rules pose --all
query bintree dfs pose|query programs/bintree.java --entry Node.dfs --rules pose --scope 3 --all
bench dll indexOf symbolic-heap|bench jpose --only dll_indexOf --rules symbolic-heap
bench treemap put pose|bench jpose --only treemap_put --rules pose
CASES

echo "load at the start: $(uptime | sed 's/.*load average: //')"
echo "| command | limit (s) | wall (s) | user (s) | exit | status | verdict |"
echo "|---|---|---|---|---|---|---|"
for limit in "$@"; do
  while IFS='|' read -r name cmd; do
    case "$name" in *"$ONLY"*) ;; *) continue ;; esac
    # shellcheck disable=SC2086 # the arguments are split on purpose
    set +e
    /usr/bin/time -f "%e %U" -o "$TMP/time" "$BIN" $cmd --time-limit "$limit" \
      > "$TMP/out" 2> "$TMP/err" < /dev/null
    code=$?
    set -e
    # GNU time writes "Command exited with non-zero status N" first on a failure.
    read -r wall user <<EOF
$(tail -n 1 "$TMP/time")
EOF
    # The run's own word on how it ended: the footer's status, or JSON's `complete`.
    status=$(grep -o -E 'INCOMPLETE \([^)]*\)|  complete$|"complete": *(true|false)|cut by [a-z]+|[0-9]+ cut' "$TMP/out" \
      | tail -n 1 | sed 's/^ *//')
    [ -n "$status" ] || status=$(head -c 60 "$TMP/err" | tr '\n' ' ')
    verdict=$(echo "$wall $limit" | awk '{ print ($1 <= $2 + 1) ? "ok" : "OVER" }')
    echo "| $name | $limit | $wall | $user | $code | $status | $verdict |"
  done < "$TMP/cases"
done
echo
echo "load at the end: $(uptime | sed 's/.*load average: //')"
