"""Shared by sqlite-findings.py and lua-findings.py: read dwell's taint JSON
(`dwell run taint B --json`) and print each finding with its verdict as a
Markdown table, verdict counts first."""
import json
import sys


def print_verdicts(usage, verdict):
    """`verdict(finding) -> (verdict, why)` for the findings of the file
    named on the command line; `usage` when there is none."""
    if len(sys.argv) != 2:
        sys.exit(usage)
    findings = json.load(open(sys.argv[1]))["findings"]
    rows, counts = [], {}
    for f in findings:
        v, why = verdict(f)
        counts[v] = counts.get(v, 0) + 1
        at = f["at"]
        rows.append((at["function"], at["ir_line"], f["sink"], f["arg"], f["rule"], v, why))
    rows.sort()
    print(f"{len(rows)} findings: " + ", ".join(f"{n} {v}" for v, n in sorted(counts.items())))
    print()
    print("| function | IR line | sink | argument | rule | verdict | why |")
    print("|---|---:|---|---:|---|---|---|")
    for r in rows:
        print("| {} | {} | {} | {} | {} | {} | {} |".format(*r))
