"""The GAP kernels from Python against igraph and rustworkx (issue 32's
Python targets), on one graph of the shared dataset folder:

  bc          exact betweenness centrality: NetworkX's backend
              (``nx.betweenness_centrality(G, backend="dwell")``, the
              conversion of G included: its cache is cleared before each
              run) against igraph's ``betweenness()`` and rustworkx's
              ``betweenness_centrality`` (in a child process killed past
              ``--rx-cap`` seconds: then only a lower bound is reported);
  pagerank    ``nx.pagerank(G, backend="dwell")`` (NetworkX's rule, tol 1e-6)
              against igraph's ``pagerank()`` (PRPACK);
  clustering  ``nx.clustering(G, backend="dwell")`` and ``nx.triangles``
              against igraph's ``transitivity_local_undirected(mode="zero")``.

dwell's times are given with the conversion (a fresh G) and on the
converted graph (NetworkX's cache, as repeated calls use it). Peers get
their own graph built beforehand, untimed. Answers are compared: the
largest absolute difference is printed (betweenness both normalized and
raw). Medians of ``--runs`` (the slow peers run once: ``--peer-runs``).

    python crates/dwell-py/bench/gap_peers.py /work/shared/datasets/graphs --graph email-Enron
"""

from __future__ import annotations

import argparse
import json
import lzma
import pathlib
import statistics
import subprocess
import sys
import time

import igraph as ig
import networkx as nx
import numpy as np

import dwell  # noqa: F401 (the backend's entry point needs the package importable)


def read_edges(path: pathlib.Path):
    n, directed, src, dst = None, None, [], []
    with lzma.open(path, "rt") as f:
        for line in f:
            if line.startswith("#"):
                w = line[1:].split()
                if w[:1] == ["nodes"]:
                    n, directed = int(w[1]), w[5] == "1"
                continue
            u, v = line.split()[:2]
            src.append(int(u))
            dst.append(int(v))
    return np.array(src), np.array(dst), n, directed


def timed(f, runs, before=None):
    """Median seconds of ``runs`` calls (``before`` untimed before each) and the last answer."""
    times, out = [], None
    for _ in range(runs):
        if before is not None:
            before()
        t = time.perf_counter()
        out = f()
        times.append(time.perf_counter() - t)
    return statistics.median(times), out, times


RX_CHILD = """
import sys, time, lzma, rustworkx as rx
n = int(sys.argv[2]); edges = []
with lzma.open(sys.argv[1], "rt") as f:
    for line in f:
        if not line.startswith("#"):
            u, v = line.split()[:2]; edges.append((int(u), int(v)))
g = rx.PyGraph(multigraph=False); g.add_nodes_from(range(n)); g.extend_from_edge_list(edges)
t = time.perf_counter(); rx.graph_betweenness_centrality(g, normalized=False)
print(time.perf_counter() - t)
"""


def rustworkx_bc(path: pathlib.Path, n: int, cap: float):
    """rustworkx's exact betweenness in a child, killed past ``cap`` s: (seconds, finished)."""
    try:
        out = subprocess.run([sys.executable, "-c", RX_CHILD, str(path), str(n)], capture_output=True,
                             text=True, timeout=cap, check=True)
        return float(out.stdout.strip()), True
    except subprocess.TimeoutExpired:
        return cap, False


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("data", type=pathlib.Path, help="the dataset folder (NAME.edges.xz files)")
    ap.add_argument("--graph", default="email-Enron")
    ap.add_argument("--runs", type=int, default=5, help="runs of dwell and of the fast peers (median)")
    ap.add_argument("--peer-runs", type=int, default=1, help="runs of igraph's betweenness")
    ap.add_argument("--rx-cap", type=float, default=600.0, help="seconds rustworkx's betweenness may run")
    ap.add_argument("--skip-bc", action="store_true", help="leave out betweenness (minutes per run on Enron)")
    ap.add_argument("--out", type=pathlib.Path, help="write the rows as JSON here")
    args = ap.parse_args()
    path = args.data / f"{args.graph}.edges.xz"
    src, dst, n, directed = read_edges(path)
    if directed:
        sys.exit(f"{args.graph} is directed; this benchmark compares undirected betweenness and clustering. "
                 "Fix: pick an undirected graph (email-Enron, cond-mat-2005)")
    G = nx.Graph()
    G.add_nodes_from(range(n))
    G.add_edges_from(zip(src.tolist(), dst.tolist()))
    h = ig.Graph(n=n, edges=list(zip(src.tolist(), dst.tolist())), directed=False).simplify()
    rows = []

    def row(task, tool, seconds, note=""):
        rows.append({"task": task, "tool": tool, "seconds": seconds, "note": note})
        print(f"{args.graph:12} {task:11} {tool:34} {seconds:10.4f} s  {note}", flush=True)

    if not args.skip_bc:
        betweenness(args, G, h, path, n, row)
    pagerank_and_clustering(args, G, h, n, row)
    if args.out:
        args.out.write_text(json.dumps({"graph": args.graph, "nodes": n, "rows": rows}, indent=1))


def betweenness(args, G, h, path, n, row) -> None:
    fresh = G.__networkx_cache__.clear
    pairs = (n - 1) * (n - 2) / 2
    t, bc, _ = timed(lambda: nx.betweenness_centrality(G, backend="dwell"), args.runs, fresh)
    row("bc", "dwell (nx backend, conversion)", t)
    t_conv = t
    t, _, _ = timed(lambda: nx.betweenness_centrality(G, backend="dwell"), args.runs)
    row("bc", "dwell (nx backend, converted)", t)
    raw = nx.betweenness_centrality(G, normalized=False, backend="dwell")
    t_ig, want, _ = timed(h.betweenness, args.peer_runs)
    want = np.asarray(want)
    got = np.array([bc[v] for v in range(n)])
    diff_norm = float(np.abs(got - want / pairs).max())
    diff_raw = float(np.abs(np.array([raw[v] for v in range(n)]) - want).max())
    row("bc", "igraph betweenness()", t_ig,
        f"{t_ig / t_conv:.1f}x; max |diff| normalized {diff_norm:.2e}, raw {diff_raw:.2e} (max raw {want.max():.3e})")
    t_rx, done = rustworkx_bc(path, n, args.rx_cap)
    bound = "" if done else "killed at the cap: ratio at least "
    row("bc", "rustworkx graph_betweenness_centrality", t_rx,
        f"{bound}{t_rx / t_conv:.1f}x" + ("" if done else f" (cap {args.rx_cap:.0f} s)"))


def pagerank_and_clustering(args, G, h, n, row) -> None:
    fresh = G.__networkx_cache__.clear
    # -- pagerank --
    t, pr, _ = timed(lambda: nx.pagerank(G, backend="dwell"), args.runs, fresh)
    row("pagerank", "dwell (nx backend, conversion)", t)
    t_dw, _, _ = timed(lambda: nx.pagerank(G, backend="dwell"), args.runs)
    row("pagerank", "dwell (nx backend, converted)", t_dw)
    t_ig, want, _ = timed(h.pagerank, args.runs)
    diff = float(np.abs(np.array([pr[v] for v in range(n)]) - np.asarray(want)).max())
    row("pagerank", "igraph pagerank() (PRPACK)", t_ig,
        f"{t_ig / t:.2f}x with conversion, {t_ig / t_dw:.2f}x converted; max |diff| {diff:.2e} (tol 1e-6 rule)")
    # NetworkX's rule stops at an L1 change below n·tol (0.037 on Enron): converged further, the answers meet.
    t_tight, tight, _ = timed(lambda: nx.pagerank(G, tol=1e-12, max_iter=1000, backend="dwell"), args.runs)
    diff = float(np.abs(np.array([tight[v] for v in range(n)]) - np.asarray(want)).max())
    row("pagerank", "dwell tol=1e-12 (converted)", t_tight, f"{t_ig / t_tight:.2f}x; max |diff| {diff:.2e}")

    # -- triangles / clustering --
    t, cl, _ = timed(lambda: nx.clustering(G, backend="dwell"), args.runs, fresh)
    row("clustering", "dwell (nx backend, conversion)", t)
    t_dw, _, _ = timed(lambda: nx.clustering(G, backend="dwell"), args.runs)
    row("clustering", "dwell (nx backend, converted)", t_dw)
    t_tri, _, _ = timed(lambda: nx.triangles(G, backend="dwell"), args.runs)
    row("triangles", "dwell (nx backend, converted)", t_tri)
    t_ig, want, _ = timed(lambda: h.transitivity_local_undirected(mode="zero"), args.runs)
    diff = float(np.abs(np.array([cl[v] for v in range(n)]) - np.asarray(want)).max())
    row("clustering", "igraph transitivity_local_undirected", t_ig,
        f"{t_ig / t:.2f}x with conversion, {t_ig / t_dw:.2f}x converted; max |diff| {diff:.2e}")


if __name__ == "__main__":
    main()
