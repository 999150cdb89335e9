#!/usr/bin/env python3
"""Work and span of explorations (docs/PARALLEL.md, "Work and span"): runs
`heaplog run --work --summary --format json --jobs 1` on each run of a workload and
prints, per run and for the workload, the work (every step's CPU time), the span (the
longest path from the root) and the speed-up Brent's bound allows at 8, 64 and 512
cores. The runs of a workload are independent, so its work is their sum and its span
their longest.

    scripts/workspan.py --heaplog target/release/heaplog [--rules pose] jpose
    scripts/workspan.py --heaplog target/release/heaplog run FILE ENTRY [heaplog run flags...]
"""
import argparse
import glob
import json
import re
import subprocess
import sys

CORES = [8, 64, 512]


def measure(heaplog, args):
    cmd = [heaplog, "run", *args, "--work", "--summary", "--format", "json", "--jobs", "1"]
    out = subprocess.run(cmd, capture_output=True, text=True)
    if out.returncode not in (0, 3):
        sys.exit(f"{' '.join(cmd)}: exit {out.returncode}\n{out.stderr}")
    s = json.loads(out.stdout)["summary"]
    return s["work"]["work_ms"], s["work"]["span_ms"], s["work"]["span_states"], s["states"], s["complete"]


def brent(work, span, p):
    lo = work / (work / p + span)
    hi = min(p, work / max(span, 1e-12))
    return lo, hi


def row(name, work, span, states, span_states, complete):
    bounds = ", ".join("%d: %.1f-%.1fx" % (p, *brent(work, span, p)) for p in CORES)
    mark = "" if complete else " (cut)"
    print(f"| {name}{mark} | {states:,} | {work:.1f} | {span:.2f} ({span_states:,} states) | {work / max(span, 1e-12):.0f} | {bounds} |")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--heaplog", default="target/release/heaplog")
    ap.add_argument("--rules", default="pose")
    ap.add_argument("--dir", default="programs/bench")
    ap.add_argument("--time-limit", default="60")
    ap.add_argument("workload", choices=["jpose", "run"])
    ap.add_argument("rest", nargs=argparse.REMAINDER)
    a = ap.parse_args()
    print("| run | states | work (ms) | span (ms) | work/span | speed-up allowed at P cores |")
    print("|---|---|---|---|---|---|")
    if a.workload == "run":
        w, s, ss, st, c = measure(a.heaplog, a.rest)
        entry = a.rest[a.rest.index("--entry") + 1] if "--entry" in a.rest else ""
        row(f"{a.rest[0]} {entry}", w, s, st, ss, c)
        return
    total_w = total_st = 0
    span = (0.0, 0)
    for path in sorted(glob.glob(f"{a.dir}/*.java")):
        with open(path) as f:
            for line in f:
                m = re.match(r"// jpose: (\S+) as=(\S+)", line)
                if not m:
                    continue
                w, s, ss, st, c = measure(
                    a.heaplog,
                    [path, "--entry", m.group(1), "--rules", a.rules, "--time-limit", a.time_limit],
                )
                row(m.group(2), w, s, st, ss, c)
                total_w += w
                total_st += st
                span = max(span, (s, ss))
    row(f"the suite under {a.rules}", total_w, span[0], total_st, span[1], True)


if __name__ == "__main__":
    main()
