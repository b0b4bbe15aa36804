#!/usr/bin/env python3
"""Snapshot opening against edge-list parsing (docs/BENCHMARKS.md, "Snapshots").

    scripts/snapshot-open.py --pairs 5 --edges rmat20.edges --snapshot rmat20.dwell \
        target/release/dwell [OTHER_DWELL ...]

Runs `dwell info FILE --json` on the edge list and on the snapshot, alternating
them (and the binaries given) in one loop, PAIRS times, and prints each run's
`timings.load_ms` and CPU seconds (user + sys of the child), then per binary
the median load times and their ratio, and the load average before and after.
Both files should be in the page cache (the first pair warms it: it is run
and not counted).
"""
import argparse
import json
import os
import resource
import statistics
import subprocess


def one(binary, path):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run([binary, "info", path, "--json"], check=True,
                         capture_output=True, text=True).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return json.loads(out)["timings"]["load_ms"], cpu


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--pairs", type=int, default=5)
    ap.add_argument("--edges", required=True)
    ap.add_argument("--snapshot", required=True)
    ap.add_argument("binaries", nargs="+")
    a = ap.parse_args()
    print("load average before:", " ".join(f"{x:.2f}" for x in os.getloadavg()))
    runs = {(b, f): [] for b in a.binaries for f in (a.edges, a.snapshot)}
    for i in range(a.pairs + 1):
        for b in a.binaries:
            for f in (a.edges, a.snapshot):
                ms, cpu = one(b, f)
                if i > 0:
                    runs[(b, f)].append((ms, cpu))
                    print(f"pair {i} {b} {f}: load_ms {ms:.1f} cpu {cpu:.3f} s", flush=True)
    print("load average after:", " ".join(f"{x:.2f}" for x in os.getloadavg()))
    for b in a.binaries:
        e = [ms for ms, _ in runs[(b, a.edges)]]
        s = [ms for ms, _ in runs[(b, a.snapshot)]]
        ec = statistics.median(c for _, c in runs[(b, a.edges)])
        sc = statistics.median(c for _, c in runs[(b, a.snapshot)])
        per_pair = ", ".join(f"{x / y:.1f}" for x, y in zip(e, s))
        print(f"{b}: edges median {statistics.median(e):.0f} ms (cpu {ec:.2f} s), "
              f"snapshot median {statistics.median(s):.0f} ms (cpu {sc:.3f} s): "
              f"{statistics.median(e) / statistics.median(s):.1f}x by medians; per pair {per_pair}")


if __name__ == "__main__":
    main()
