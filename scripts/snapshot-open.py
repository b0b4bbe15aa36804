#!/usr/bin/env python3
"""Snapshot opening against edge-list parsing, one `scripts/ab.py` run per binary.

    scripts/snapshot-open.py --pairs 5 --edges rmat20.edges --snapshot rmat20.dwell \\
        target/release/dwell [OTHER_DWELL ...]

A = `dwell info EDGES --json`, B = `dwell info SNAPSHOT --json`, PAIRS alternations after
one warm-up pair (which also brings both files into the page cache); figure
`timings.load_ms`, plus wall, CPU (user + sys) and peak RSS. A/B is the snapshot's speedup.
Binaries run one after another, each alternating its own pair.
"""
import argparse
import os
import shlex
import subprocess
import sys

AB = os.path.join(os.path.dirname(os.path.abspath(__file__)), "ab.py")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pairs", type=int, default=5)
    ap.add_argument("--edges", required=True)
    ap.add_argument("--snapshot", required=True)
    ap.add_argument("binaries", nargs="+")
    a = ap.parse_args()
    for b in a.binaries:
        print(f"\n## {b}", flush=True)
        info = f"{shlex.quote(b)} info"
        rc = subprocess.run([sys.executable, AB, "--label-a", "edges", "--label-b", "snapshot",
                             "--a", f"{info} {shlex.quote(a.edges)} --json",
                             "--b", f"{info} {shlex.quote(a.snapshot)} --json",
                             "--json", "timings.load_ms", "--rounds", str(a.pairs),
                             "--warmup", "1"]).returncode
        if rc:
            sys.exit(rc)


if __name__ == "__main__":
    main()
