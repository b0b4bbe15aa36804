#!/usr/bin/env python3
"""Two dwell binaries alternated on single-source BFS (levels kept) and WCC (docs/BENCHMARKS.md,
"Single-source BFS and components"). Per graph and analysis, each round runs every binary once
(order alternating between rounds); a `bfs` cell is the mean per-query time over SOURCES random
sources, each one session of REPEAT runs with `--out` to a scratch file (so every run keeps its
levels; not /dev/null: dwell before issue 18, 13297da included, replaces an output that is a
device with a regular file, which as root breaks /dev/null for the whole machine);
a `wcc` cell is one session of REPEAT runs; a `batchK` cell is `dwell bench --sources random:K
--runs 5` (a K-source batch, summaries only), per source. Prints each round, then medians and the ratio
old/new (> 1: the second binary is faster).

    scripts/cpu-single-bench.py OLD_DWELL NEW_DWELL [--rounds 3] [--sources 8] [--repeat 200]
        [--threads 2] [--analyses bfs,wcc] GRAPH...
"""
import argparse
import atexit
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

# Every run's `--out` (levels or labels), overwritten each time.
_SCRATCH_DIR = tempfile.mkdtemp(prefix="cpu-single-bench-")
atexit.register(shutil.rmtree, _SCRATCH_DIR, True)
SCRATCH = os.path.join(_SCRATCH_DIR, "out.txt")


def per_run_ms(binary, args, threads):
    env = dict(os.environ, RAYON_NUM_THREADS=str(threads))
    out = subprocess.run([binary, "run", *args, "--json"], env=env, check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out)["timings"]["per_run_ms"]


def bench_us(binary, graph, sources, threads):
    env = dict(os.environ, RAYON_NUM_THREADS=str(threads))
    out = subprocess.run([binary, "bench", graph, "--analysis", "bfs", "--sources",
                          f"random:{sources}", "--runs", "5", "--no-peer", "--json"],
                         env=env, check=True, capture_output=True, text=True).stdout
    return json.loads(out)["rows"][0]["dwell_us_per_query"] / 1000


def cell(binary, analysis, graph, a):
    if analysis.startswith("batch"):
        # `batchK`: a K-source BFS batch by `dwell bench` (summaries), per query.
        return bench_us(binary, graph, int(analysis[5:]), a.threads)
    if analysis == "bfs":
        times = [per_run_ms(binary, ["bfs", graph, "--sources", "random:1", "--seed", str(seed),
                                     "--repeat", str(a.repeat), "--out", SCRATCH], a.threads)
                 for seed in range(1, a.sources + 1)]
        return statistics.fmean(times)
    return per_run_ms(binary, [analysis, graph, "--repeat", str(a.repeat), "--out", SCRATCH],
                      a.threads)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("old")
    p.add_argument("new")
    p.add_argument("graphs", nargs="+")
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--sources", type=int, default=8)
    p.add_argument("--repeat", type=int, default=200)
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--analyses", default="bfs,wcc")
    a = p.parse_args()
    bins = [a.old, a.new]
    results = {}
    for r in range(a.rounds):
        load = os.getloadavg()[0]
        for graph in a.graphs:
            for analysis in a.analyses.split(","):
                order = bins if r % 2 == 0 else bins[::-1]
                for b in order:
                    ms = cell(b, analysis, graph, a)
                    results.setdefault((graph, analysis, b), []).append(ms)
                old, new = (results[(graph, analysis, b)][-1] for b in bins)
                print(f"round {r + 1} load {load:4.1f} {os.path.basename(graph):28} {analysis:4} "
                      f"old {old * 1000:9.1f} us  new {new * 1000:9.1f} us  old/new {old / new:5.2f}",
                      flush=True)
    print(f"\nmedians of {a.rounds} rounds, {a.threads} threads, old = {a.old}, new = {a.new}")
    print(f"| graph | analysis | old µs/query | new µs/query | old/new |")
    print("|---|---|---:|---:|---:|")
    for graph in a.graphs:
        for analysis in a.analyses.split(","):
            old, new = (statistics.median(results[(graph, analysis, b)]) * 1000 for b in bins)
            print(f"| {os.path.basename(graph)} | {analysis} | {old:,.1f} | {new:,.1f} | {old / new:.2f}× |")


if __name__ == "__main__":
    sys.exit(main())
