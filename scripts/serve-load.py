#!/usr/bin/env python3
"""Bounded loopback load test for `dwell serve` (docs/BENCHMARKS.md).

    scripts/serve-load.py --addr 127.0.0.1:PORT --clients 1,4,16 --requests 2000 \
        --rss-pid PID -- bfs data/graphs/email-Enron.edges.xz --sources random:64 --json

For each client count, that many threads (one keep-alive HTTP connection each)
send the same `dwell run` request (the arguments after `--`, as `dwell run
--server` sends them) until REQUESTS answers have come back in total or
--max-seconds pass, then it reports requests/s and latency percentiles, and
with --rss-pid the server's resident set size every --rss-every requests.
Every answer must be HTTP 200 with the same results as the first. Only
loopback addresses (127.0.0.0/8, ::1) are accepted; nothing else is ever sent to.
"""
import argparse
import http.client
import ipaddress
import json
import os
import statistics
import sys
import threading
import time


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return None


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--addr", required=True)
    p.add_argument("--clients", default="1,4,16")
    p.add_argument("--requests", type=int, default=1000, help="answers per client count")
    p.add_argument("--max-seconds", type=float, default=300)
    p.add_argument("--rss-pid", type=int)
    p.add_argument("--rss-every", type=int, default=1000)
    p.add_argument("run_args", nargs="+")
    a = p.parse_args()
    host, port = a.addr.rsplit(":", 1)
    if not ipaddress.ip_address(host.strip("[]")).is_loopback:
        sys.exit(f"{host} is not a loopback address; this load test only talks to 127.0.0.0/8 or ::1")
    graph = a.run_args[1]
    body = json.dumps({"args": a.run_args, "graph": os.path.realpath(graph)}).encode()
    headers = {"Content-Type": "application/json"}
    # The per-user token a TCP `dwell serve` requires (README, security model).
    config = os.environ.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")
    token_file = os.path.join(config, "dwell", "token")
    if os.path.exists(token_file):
        with open(token_file) as f:
            headers["Authorization"] = "Bearer " + f.read().strip()
    report = []
    for clients in [int(c) for c in a.clients.split(",")]:
        lock = threading.Lock()
        lat, rss, errors, first = [], [], [], []
        done = [0]
        stop_at = time.monotonic() + a.max_seconds

        def client():
            conn = http.client.HTTPConnection(host, int(port), timeout=120)
            while True:
                with lock:
                    if done[0] >= a.requests or time.monotonic() > stop_at:
                        return
                    done[0] += 1
                    n = done[0]
                t = time.perf_counter()
                conn.request("POST", "/run", body, headers)
                r = conn.getresponse()
                data = r.read()
                dt = time.perf_counter() - t
                results = json.loads(json.loads(data)["stdout"])["results"] if r.status == 200 else None
                with lock:
                    lat.append(dt)
                    if r.status != 200:
                        errors.append((r.status, data[:200]))
                    elif not first:
                        first.append(results)
                    elif results != first[0]:
                        errors.append(("different answer", n))
                    if a.rss_pid and n % a.rss_every == 0:
                        rss.append((n, rss_kib(a.rss_pid)))

        t0 = time.perf_counter()
        threads = [threading.Thread(target=client) for _ in range(clients)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        wall = time.perf_counter() - t0
        lat.sort()
        row = {
            "clients": clients,
            "requests": len(lat),
            "errors": len(errors),
            "wall_s": round(wall, 2),
            "requests_per_s": round(len(lat) / wall, 1),
            "p50_ms": round(1e3 * statistics.median(lat), 2),
            "p99_ms": round(1e3 * lat[min(len(lat) - 1, int(0.99 * len(lat)))], 2),
            "rss_kib": rss,
        }
        if errors:
            row["first_errors"] = [str(e) for e in errors[:3]]
        report.append(row)
        print(json.dumps(row), flush=True)
    sys.exit(1 if any(r["errors"] for r in report) else 0)


if __name__ == "__main__":
    main()
