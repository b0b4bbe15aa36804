#!/usr/bin/env python3
"""Two dwell binaries on single-source BFS (levels kept), WCC and BFS batches, per graph and
analysis one `scripts/ab.py` run (OLD = A, NEW = B, order alternating between rounds).

    scripts/cpu-single-bench.py OLD_DWELL NEW_DWELL [--rounds 3] [--sources 8] [--repeat 200]
        [--threads 2] [--analyses bfs,wcc] [--warmup 0] GRAPH...

Cells (RAYON_NUM_THREADS=THREADS):
  bfs     SOURCES sessions of `dwell run bfs --sources random:1 --seed S --repeat REPEAT --out F`,
          S = 1..SOURCES: the mean of their `timings.per_run_ms` (every run keeps its levels;
          F is a scratch file, never /dev/null: dwell up to 13297da replaces an output that is a
          device with a regular file, which as root breaks /dev/null for the whole machine);
  wcc     one session `dwell run wcc --repeat REPEAT --out F`, its `timings.per_run_ms`;
  batchK  `dwell bench --analysis bfs --sources random:K --runs 5 --no-peer --json`, per source.
Prints ab.py's rounds and table per cell, then the medians as µs per query and old/new
(> 1: NEW is faster).
"""
import argparse
import json
import os
import shlex
import subprocess
import sys
import tempfile

AB = os.path.join(os.path.dirname(os.path.abspath(__file__)), "ab.py")


def cell(binary, analysis, graph, a, scratch):
    """The bash command of one side, and the JSON figure it prints, scaled to µs."""
    env = f"RAYON_NUM_THREADS={a.threads}"
    b, g, out = shlex.quote(binary), shlex.quote(graph), shlex.quote(scratch)
    if analysis.startswith("batch"):
        return (f"{env} {b} bench {g} --analysis bfs --sources random:{int(analysis[5:])} --runs 5 "
                "--no-peer --json", "rows.0.dwell_us_per_query", 1.0)
    if analysis == "bfs":
        return (f"for s in $(seq 1 {a.sources}); do {env} {b} run bfs {g} --sources random:1 "
                f"--seed $s --repeat {a.repeat} --out {out} --json || exit 1; done",
                "timings.per_run_ms", 1000.0)
    return (f"{env} {b} run {analysis} {g} --repeat {a.repeat} --out {out} --json",
            "timings.per_run_ms", 1000.0)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("old")
    p.add_argument("new")
    p.add_argument("graphs", nargs="+")
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--warmup", type=int, default=0)
    p.add_argument("--sources", type=int, default=8)
    p.add_argument("--repeat", type=int, default=200)
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--analyses", default="bfs,wcc")
    a = p.parse_args()
    summary = []
    with tempfile.TemporaryDirectory(prefix="cpu-single-bench-") as tmp:
        scratch, rows = os.path.join(tmp, "out.txt"), os.path.join(tmp, "rows.jsonl")
        for graph in a.graphs:
            for analysis in a.analyses.split(","):
                (cmd_a, field, scale), (cmd_b, _, _) = (cell(x, analysis, graph, a, scratch)
                                                        for x in (a.old, a.new))
                print(f"\n## {os.path.basename(graph)} {analysis}", flush=True)
                rc = subprocess.run([sys.executable, AB, "--a", cmd_a, "--b", cmd_b, "--label-a", "old",
                                     "--label-b", "new", "--json", field, "--rounds", str(a.rounds),
                                     "--warmup", str(a.warmup), "--order", "alternate",
                                     "--row", rows]).returncode
                if rc:
                    sys.exit(rc)
                with open(rows) as f:
                    fig = json.loads(f.readlines()[-1])["figures"][field]
                summary.append((graph, analysis, fig["a"]["median"] * scale,
                                fig["b"]["median"] * scale, fig["ratio"]))
    print(f"\nmedians of {a.rounds} rounds, {a.threads} threads, old = {a.old}, new = {a.new}")
    print("| graph | analysis | old µs/query | new µs/query | old/new |")
    print("|---|---|---:|---:|---:|")
    for graph, analysis, old, new, r in summary:
        print(f"| {os.path.basename(graph)} | {analysis} | {old:,.1f} | {new:,.1f} | {r:.2f}× |")


if __name__ == "__main__":
    sys.exit(main())
