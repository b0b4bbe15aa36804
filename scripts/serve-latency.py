#!/usr/bin/env python3
"""Per-request latency of `dwell run` cold against `dwell run --server`, one `scripts/ab.py`
run per binary.

    dwell serve data/graphs/email-Enron.edges.xz --listen 127.0.0.1:0 &     # prints its port
    scripts/serve-latency.py --addr 127.0.0.1:PORT --pairs 10 --dwell target/release/dwell \\
        [--dwell OTHER_DWELL] -- bfs data/graphs/email-Enron.edges.xz --sources random:64 --json

A = the whole `dwell run ARGS` process (cold: it parses the graph), B = `dwell run ARGS
--server ADDR` (the client process, HTTP and the server's answer); the figure is each
process's wall time (plus CPU and peak RSS of the client side). PAIRS alternations after
one warm-up pair (page cache, server session). With `--json` in ARGS the two must print the
same `results`. A/B is what the server saves. Only loopback addresses are accepted.
"""
import argparse
import ipaddress
import os
import shlex
import subprocess
import sys

AB = os.path.join(os.path.dirname(os.path.abspath(__file__)), "ab.py")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--addr", required=True)
    ap.add_argument("--pairs", type=int, default=10)
    ap.add_argument("--dwell", action="append", required=True)
    ap.add_argument("args", nargs="+")
    a = ap.parse_args()
    host = a.addr.rsplit(":", 1)[0].strip("[]")
    if not ipaddress.ip_address(host).is_loopback:
        sys.exit(f"{a.addr}: only loopback addresses are measured")
    args = " ".join(shlex.quote(x) for x in a.args)
    same = ["--same", "results"] if "--json" in a.args else []
    for b in a.dwell:
        print(f"\n## {b}", flush=True)
        run = f"{shlex.quote(b)} run {args}"
        rc = subprocess.run([sys.executable, AB, "--label-a", "cold", "--label-b", "served",
                             "--a", run, "--b", f"{run} --server {shlex.quote(a.addr)}", *same,
                             "--rounds", str(a.pairs), "--warmup", "1"]).returncode
        if rc:
            sys.exit(rc)


if __name__ == "__main__":
    main()
