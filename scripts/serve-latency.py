#!/usr/bin/env python3
"""Per-request latency of `dwell run` cold against `dwell run --server` (docs/BENCHMARKS.md).

    dwell serve data/graphs/email-Enron.edges.xz --listen 127.0.0.1:0 &     # prints its port
    scripts/serve-latency.py --addr 127.0.0.1:PORT --pairs 10 --dwell target/release/dwell \
        [--dwell OTHER_DWELL] -- bfs data/graphs/email-Enron.edges.xz --sources random:64 --json

Each pair runs, per binary given, the whole `dwell run ARGS` process (cold: it
parses the graph) and then `dwell run ARGS --server ADDR` (the client process,
HTTP and the server's answer), timed with perf_counter around the process;
stdout must be the same for the two. Prints every time, then per binary the
medians and minima of both and their ratio, and the load average before and
after. Only loopback addresses are accepted.
"""
import argparse
import ipaddress
import os
import statistics
import subprocess
import sys
import time


def timed(cmd):
    t = time.perf_counter()
    out = subprocess.run(cmd, check=True, capture_output=True).stdout
    return (time.perf_counter() - t) * 1e3, out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--addr", required=True)
    ap.add_argument("--pairs", type=int, default=10)
    ap.add_argument("--dwell", action="append", required=True)
    ap.add_argument("args", nargs="+")
    a = ap.parse_args()
    host = a.addr.rsplit(":", 1)[0].strip("[]")
    if not ipaddress.ip_address(host).is_loopback:
        sys.exit(f"{a.addr}: only loopback addresses are measured")
    print("load average before:", " ".join(f"{x:.2f}" for x in os.getloadavg()))
    times = {b: ([], []) for b in a.dwell}
    for i in range(a.pairs + 1):
        for b in a.dwell:
            cold, want = timed([b, "run", *a.args])
            served, got = timed([b, "run", *a.args, "--server", a.addr])
            # Sources drawn at random differ per run; compare the shape only then.
            if "random:" not in " ".join(a.args) and got != want:
                sys.exit(f"{b}: the served answer differs from the local one")
            if i > 0:  # the first pair warms the page cache and the server
                times[b][0].append(cold)
                times[b][1].append(served)
                print(f"pair {i} {b}: cold {cold:.1f} ms, served {served:.1f} ms", flush=True)
    print("load average after:", " ".join(f"{x:.2f}" for x in os.getloadavg()))
    for b, (cold, served) in times.items():
        mc, ms = statistics.median(cold), statistics.median(served)
        print(f"{b}: cold median {mc:.1f} ms (min {min(cold):.1f}), served median {ms:.1f} ms "
              f"(min {min(served):.1f}): {mc / ms:.1f}x by medians, {min(cold) / min(served):.1f}x by minima")


if __name__ == "__main__":
    main()
