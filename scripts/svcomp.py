#!/usr/bin/env python3
"""Runs `heaplog verify` over the Java tasks of an sv-benchmarks copy and prints, per
folder, the tasks attempted, correct TRUE and FALSE, wrong verdicts, UNKNOWN by
reason, and the time per task (docs/SVCOMP.md).

Usage: scripts/svcomp.py PATH [--heaplog BIN] [--time-limit S] [--search S [--seed N]]
       [--folders a,b] [--tasks]

PATH is a checkout of sv-benchmarks, its `java/` folder, or a copy with that layout:
`java/<folder>/<Task>.yml` naming its `input_files` (directories or files, relative to
the .yml) and a property `assert.prp` or `assert_java.prp` with `expected_verdict`.
Tasks without that property are not attempted. Exit status: 0 when no verdict is
wrong, 1 otherwise, 2 for a bad command line.
"""

import argparse
import collections
import json
import os
import subprocess
import sys
import time

ASSERT_PROPERTIES = ("assert.prp", "assert_java.prp")


def parse_task(path):
    """The input files and expected verdict of a task .yml (the few keys SV-COMP's
    task format uses, read without a YAML library): (inputs, verdict or None)."""
    inputs, verdict = [], None
    section, prop_ok = None, False
    with open(path, encoding="utf-8") as f:
        for raw in f:
            line = raw.split("#", 1)[0].rstrip()
            if not line.strip():
                continue
            if not line.startswith(" ") and not line.startswith("-"):
                section = line.split(":", 1)[0].strip()
                continue
            item = line.strip()
            if section == "input_files" and item.startswith("-"):
                inputs.append(item[1:].strip().strip("'\""))
            elif section == "properties":
                if item.startswith("-"):
                    item = item[1:].strip()
                key, _, value = item.partition(":")
                key, value = key.strip(), value.strip().strip("'\"")
                if key == "property_file":
                    prop_ok = os.path.basename(value) in ASSERT_PROPERTIES
                elif key == "expected_verdict" and prop_ok:
                    verdict = value.lower() == "true"
    return inputs, verdict


def java_root(path):
    if os.path.isdir(os.path.join(path, "java")):
        return os.path.join(path, "java")
    return path


def run_task(binary, yml, inputs, time_limit, search):
    base = os.path.dirname(yml)
    files = [os.path.normpath(os.path.join(base, i)) for i in inputs]
    cmd = [binary, "verify", *files, "--format", "json", "--time-limit", str(time_limit), *search]
    start = time.monotonic()
    proc = subprocess.run(cmd, capture_output=True, text=True)
    elapsed = time.monotonic() - start
    if proc.returncode != 0:
        return "ERROR", [f"exit {proc.returncode}: {proc.stderr.strip()[:200]}"], elapsed, None
    doc = json.loads(proc.stdout)
    return doc["verdict"], doc["reasons"], elapsed, doc.get("detail")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("path", nargs="?", help="sv-benchmarks checkout or copy")
    ap.add_argument("--heaplog", default="target/release/heaplog")
    ap.add_argument("--time-limit", type=float, default=20.0)
    ap.add_argument("--search", help="verify's --search (default: verify's own)")
    ap.add_argument("--seed", help="verify's --seed, for --search random-path")
    ap.add_argument("--folders", default="", help="comma-separated folders (default: all)")
    ap.add_argument("--tasks", action="store_true", help="also print one line per task")
    args = ap.parse_args()
    if not args.path:
        ap.error("the path of an sv-benchmarks copy is required")
    search = []
    if args.search:
        search += ["--search", args.search]
    if args.seed is not None:
        search += ["--seed", args.seed]
    root = java_root(args.path)
    if not os.path.isdir(root):
        ap.error(f"{args.path}: not a directory")
    wanted = {f for f in args.folders.split(",") if f}
    folders = sorted(
        d
        for d in os.listdir(root)
        if os.path.isdir(os.path.join(root, d)) and (not wanted or d in wanted)
    )
    rows = []
    for folder in folders:
        stats = collections.Counter()
        unknown = collections.Counter()
        times = []
        wrong = []
        for name in sorted(os.listdir(os.path.join(root, folder))):
            if not name.endswith(".yml"):
                continue
            yml = os.path.join(root, folder, name)
            inputs, expected = parse_task(yml)
            if expected is None or not inputs:
                continue
            verdict, reasons, elapsed, detail = run_task(
                args.heaplog, yml, inputs, args.time_limit, search
            )
            times.append(elapsed)
            stats["tasks"] += 1
            task = name[: -len(".yml")]
            if verdict == "TRUE" and expected:
                stats["true"] += 1
            elif verdict == "FALSE" and not expected:
                stats["false"] += 1
            elif verdict in ("TRUE", "FALSE"):
                stats["wrong"] += 1
                wrong.append(task)
            elif verdict == "UNKNOWN":
                stats["unknown"] += 1
                for r in reasons or ["?"]:
                    unknown[r] += 1
            else:
                stats["error"] += 1
                unknown["error"] += 1
            if args.tasks:
                why = f" ({', '.join(reasons)})" if reasons else ""
                more = f"  {detail}" if detail else ""
                print(
                    f"{folder}/{task}: expected {'TRUE' if expected else 'FALSE'}, "
                    f"got {verdict}{why} in {elapsed:.2f} s{more}"
                )
        if stats["tasks"]:
            rows.append((folder, stats, unknown, times, wrong))
    print(
        f"{'folder':<22} {'tasks':>5} {'TRUE ok':>7} {'FALSE ok':>8} {'wrong':>5} "
        f"{'UNKNOWN':>7} {'s/task':>7} {'max s':>6}  UNKNOWN by reason"
    )
    total = collections.Counter()
    all_times = []
    for folder, stats, unknown, times, wrong in rows:
        total.update(stats)
        all_times += times
        reasons = ", ".join(f"{r} {n}" for r, n in sorted(unknown.items()))
        print(
            f"{folder:<22} {stats['tasks']:>5} {stats['true']:>7} {stats['false']:>8} "
            f"{stats['wrong']:>5} {stats['unknown'] + stats['error']:>7} "
            f"{sum(times) / len(times):>7.2f} {max(times):>6.2f}  {reasons}"
        )
        for w in wrong:
            print(f"  WRONG: {folder}/{w}")
    if all_times:
        print(
            f"{'total':<22} {total['tasks']:>5} {total['true']:>7} {total['false']:>8} "
            f"{total['wrong']:>5} {total['unknown'] + total['error']:>7} "
            f"{sum(all_times) / len(all_times):>7.2f} {max(all_times):>6.2f}"
        )
    return 1 if total["wrong"] else 0


if __name__ == "__main__":
    sys.exit(main())
