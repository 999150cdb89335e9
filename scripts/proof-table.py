#!/usr/bin/env python3
"""The proofs of `heaplog compare --symbolic --format json` (one document or more) as
a Markdown table, one row per entry: how many rule sets are proved against the
reference, the time per proof (both explorations and the checks), the paths cut by
the step or depth bound (outside the proof), and the unproved checks by kind.

    heaplog compare --all --dir programs/bench --jpose --symbolic --unscoped \\
        --format json > proofs.json
    scripts/proof-table.py proofs.json
"""
import json
import sys


def main(paths):
    print("| program | entry | proved | time per proof: total, max (ms) | cut paths | unproved checks |")
    print("|---|---|---|---|---|---|")
    proved_all = proofs_all = cut_all = unproved_all = 0
    for path in paths:
        with open(path) as f:
            doc = json.load(f)
        for e in doc["entries"]:
            ps = e["proofs"]
            if not ps:
                print(f"| {e['program']} | {e['entry']} | {e['method']} | - | - | - |")
                continue
            ms = [sum(s["explore_ms"] for s in p["sides"]) + p["prove_ms"] for p in ps]
            proved = sum(p["verdict"] == "proved" for p in ps)
            cut = sum(s["outside"] for p in ps for s in p["sides"])
            kinds = {}
            for p in ps:
                for u in p["unproved"]:
                    kinds.setdefault(u["check"], set()).add(p["rules"])
            unproved = sum(len(p["unproved"]) for p in ps)
            text = str(unproved)
            if kinds:
                text += " (" + "; ".join(
                    f"{c}: {', '.join(sorted(r))}" for c, r in sorted(kinds.items())
                ) + ")"
            print(
                f"| {e['program']} | {e['entry']} | {proved} of {len(ps)} "
                f"| {sum(ms):.0f}, {max(ms):.0f} | {cut} | {text} |"
            )
            proved_all += proved
            proofs_all += len(ps)
            cut_all += cut
            unproved_all += unproved
    print(
        f"\nproved {proved_all} of {proofs_all}; {cut_all} cut paths; "
        f"{unproved_all} unproved checks"
    )


if __name__ == "__main__":
    main(sys.argv[1:])
