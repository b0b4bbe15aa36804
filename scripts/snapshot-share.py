#!/usr/bin/env python3
"""Memory of two `dwell serve` processes holding the same graph: do they share one copy?

    scripts/snapshot-share.py target/release/dwell GRAPH [GRAPH ...]

For each GRAPH (a snapshot, or a text file to compare with), two servers are started on
Unix sockets in a temporary folder, each loads the graph at start; after both say they
listen, and again after each has answered one `bfs --sources 0` request, their
/proc/PID/smaps_rollup is read: Rss, Pss (each shared page counted 1/k in each of the k
processes that map it), and the file-backed and anonymous parts. A snapshot's arrays are a
shared file mapping: Pss_File is split between the two processes and their sum is one copy;
a parsed text graph is anonymous memory, one copy per process.
"""
import os
import subprocess
import sys
import tempfile
import time


def rollup(pid):
    """smaps_rollup's kB fields of `pid`, in MiB."""
    out = {}
    with open(f"/proc/{pid}/smaps_rollup") as f:
        for line in f:
            parts = line.split()
            if len(parts) == 3 and parts[2] == "kB":
                out[parts[0].rstrip(":")] = int(parts[1]) / 1024
    return out


def wait_listening(proc, sock, deadline=600):
    t0 = time.time()
    while not os.path.exists(sock):
        if proc.poll() is not None:
            sys.exit(f"dwell serve exited with {proc.returncode}: {proc.stderr.read()}")
        if time.time() - t0 > deadline:
            sys.exit("dwell serve did not start listening in time")
        time.sleep(0.05)


def table(title, pids):
    print(f"\n{title}")
    print("| process | Rss MiB | Pss MiB | Pss_File MiB | Pss_Anon MiB |")
    print("|---|---:|---:|---:|---:|")
    tot = [0.0] * 4
    for i, pid in enumerate(pids):
        r = rollup(pid)
        row = [r.get("Rss", 0), r.get("Pss", 0), r.get("Pss_File", 0), r.get("Pss_Anon", 0)]
        tot = [a + b for a, b in zip(tot, row)]
        print(f"| server {i + 1} | " + " | ".join(f"{x:,.1f}" for x in row) + " |")
    print("| sum | " + " | ".join(f"{x:,.1f}" for x in tot) + " |")


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    dwell, graphs = sys.argv[1], sys.argv[2:]
    for graph in graphs:
        print(f"\n## {graph} ({os.path.getsize(graph) / 2**20:,.1f} MiB on disk)")
        with tempfile.TemporaryDirectory() as tmp:
            socks = [os.path.join(tmp, f"s{i}.sock") for i in range(2)]
            procs = [subprocess.Popen([dwell, "serve", graph, "--socket", s],
                                      stderr=subprocess.PIPE, text=True) for s in socks]
            try:
                for p, s in zip(procs, socks):
                    wait_listening(p, s)
                pids = [p.pid for p in procs]
                table("after loading", pids)
                for s in socks:
                    subprocess.run([dwell, "run", "bfs", graph, "--sources", "0", "--json",
                                    "--server", f"unix:{s}"], check=True, stdout=subprocess.DEVNULL)
                table("after one bfs each", pids)
            finally:
                for p in procs:
                    p.terminate()
                for p in procs:
                    p.wait(timeout=60)


if __name__ == "__main__":
    main()
