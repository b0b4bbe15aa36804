"""Weighted betweenness and edge betweenness from Python against NetworkX
and igraph (issue 32), on the road graphs of the shared dataset folder
(DIMACS-like ``a SRC DST LENGTH`` lines, directed, integer lengths):

  graph_23rd  exact: ``nx.betweenness_centrality(G, weight="weight",
              backend="dwell")`` and ``nx.edge_betweenness_centrality``
              (the conversion of G included: its cache is cleared before
              each run) against NetworkX's own (once) and igraph's
              ``betweenness(weights=)`` / ``edge_betweenness(weights=)``;
  bremen_dist ``--sources`` sources (seeded): dwell's session method
              ``s.betweenness(sources=, weighted=True)`` against igraph's
              ``betweenness(sources=, weights=)`` (the same raw sums over
              those sources) and NetworkX's accumulation over the same
              sources (``--nx-sources`` of them, its time scaled up).
              Bremen's 42 zero-length arcs and its self loops are dropped
              (dwell refuses zero lengths);
  email-Enron ``--sources`` sources (seeded), unweighted edge betweenness:
              ``s.edge_betweenness(sources=)`` against igraph's
              ``edge_betweenness(sources=)`` (undirected).

Each graph is read as NetworkX's ``_weight_function`` sees it: a
repeated arc keeps its smallest length. rustworkx has no weighted
betweenness (0.18: ``betweenness_centrality`` counts arcs), so it is not a
peer here. Medians of ``--runs`` alternating dwell and igraph; the largest
difference from each peer is printed.

    python crates/dwell-py/bench/weighted_bc.py /work/shared/datasets/roads
"""

from __future__ import annotations

import argparse
import lzma
import pathlib
import random
import statistics
import time

import igraph as ig
import networkx as nx
import numpy as np
from networkx.algorithms.centrality.betweenness import _accumulate_basic, _single_source_dijkstra_path_basic

import dwell


def road(path: pathlib.Path, drop_zero: bool):
    """(NetworkX DiGraph, igraph Graph, dwell Graph) of one road file."""
    best = {}
    with lzma.open(path, "rt") as f:
        for line in f:
            if line.startswith("a "):
                _, u, v, w = line.split()
                u, v, w = int(u), int(v), int(w)
                if (drop_zero and w == 0) or u == v:
                    continue
                if best.get((u, v), w + 1) > w:
                    best[(u, v)] = w
    n = max(max(u, v) for u, v in best) + 1
    G = nx.DiGraph()
    G.add_nodes_from(range(n))
    G.add_weighted_edges_from((u, v, w) for (u, v), w in best.items())
    arcs = list(best)
    h = ig.Graph(n=n, edges=arcs, directed=True, edge_attrs={"weight": [best[a] for a in arcs]})
    src = np.array([u for u, _ in arcs], dtype=np.uint64)
    dst = np.array([v for _, v in arcs], dtype=np.uint64)
    g = dwell.Graph.from_edges(src, dst, n, directed=True, weights=np.array([best[a] for a in arcs], float))
    return G, h, g


def timed(f, before=None):
    if before is not None:
        before()
    t = time.perf_counter()
    out = f()
    return time.perf_counter() - t, out


def alternate(runs, sides):
    """``sides``: name → (f, before); each run calls every side in turn,
    the order rotating. Returns name → (median seconds, all, last answer)."""
    times = {k: [] for k in sides}
    last = {}
    names = list(sides)
    for r in range(runs):
        for k in names[r % len(names):] + names[:r % len(names)]:
            t, last[k] = timed(*sides[k])
            times[k].append(t)
    return {k: (statistics.median(v), v, last[k]) for k, v in times.items()}


def row(graph, task, tool, seconds, note=""):
    print(f"{graph:12} {task:10} {tool:44} {seconds:9.3f} s  {note}", flush=True)


def exact(path, runs):
    G, h, _ = road(path, False)
    n, name = len(G), path.name.split(".")[0]
    for task, dw, ig_call, nx_call in [
        ("bc", lambda: nx.betweenness_centrality(G, weight="weight", backend="dwell"),
         lambda: h.betweenness(directed=True, weights="weight"),
         lambda: nx.betweenness_centrality(G, weight="weight")),
        ("edge-bc", lambda: nx.edge_betweenness_centrality(G, weight="weight", backend="dwell"),
         lambda: h.edge_betweenness(directed=True, weights="weight"),
         lambda: nx.edge_betweenness_centrality(G, weight="weight")),
    ]:
        r = alternate(runs, {"dwell": (dw, G.__networkx_cache__.clear), "igraph": (ig_call, None)})
        t_dw, all_dw, got = r["dwell"]
        t_ig, all_ig, want_ig = r["igraph"]
        t_nx, want_nx = timed(nx_call)
        if task == "bc":
            scale = 1 / ((n - 1) * (n - 2))  # NetworkX's directed normalization
            d_ig = max(abs(got[v] - want_ig[v] * scale) for v in range(n))
        else:
            scale = 1 / (n * (n - 1))
            d_ig = max(abs(got[(e.source, e.target)] - x * scale) for e, x in zip(h.es, want_ig))
        d_nx = max(abs(got[k] - want_nx[k]) for k in want_nx)
        runs_dw = ", ".join(f"{x:.3f}" for x in all_dw)
        row(name, task, "dwell (nx backend, conversion)", t_dw, f"runs {runs_dw}")
        row(name, task, "igraph (weights=)", t_ig, f"{t_ig / t_dw:.1f}x; max |diff| {d_ig:.1e} (normalized)")
        row(name, task, "networkx (once)", t_nx, f"{t_nx / t_dw:.0f}x; max |diff| {d_nx:.1e}")


def sampled(path, runs, k, k_nx, seed):
    G, h, g = road(path, True)
    n, name = len(G), path.name.split(".")[0]
    srcs = sorted(random.Random(seed).sample(range(n), k))
    big_n = n - 1  # NetworkX's N without endpoints; directed: no halving

    def dw():
        with g.session() as s:
            x = s.betweenness(sources=srcs, normalized=False, weighted=True)
        # Undo NetworkX's sample scaling: N/K off the sources, N/(K-1) on them.
        raw = x / (big_n / k)
        raw[srcs] = x[srcs] / (big_n / (k - 1))
        return raw

    r = alternate(runs, {"dwell": (dw, None),
                         "igraph": (lambda: np.asarray(h.betweenness(directed=True, weights="weight",
                                                                      sources=srcs)), None)})
    t_dw, all_dw, got = r["dwell"]
    t_ig, _, want = r["igraph"]
    d_ig = float(np.abs(got - want).max())
    t0 = time.perf_counter()
    bc = dict.fromkeys(G, 0.0)
    for s in srcs[:k_nx]:
        S, P, sigma, _ = _single_source_dijkstra_path_basic(G, s, "weight")
        bc, _ = _accumulate_basic(bc, S, P, sigma, s)
    t_nx = (time.perf_counter() - t0) * k / k_nx
    with g.session() as s:
        part = s.betweenness(sources=srcs[:k_nx], normalized=False, weighted=True)
    part = part / (big_n / k_nx)
    part[srcs[:k_nx]] *= (k_nx - 1) / k_nx
    d_nx = float(np.abs(part - np.array([bc[v] for v in range(n)])).max())
    runs_dw = ", ".join(f"{x:.3f}" for x in all_dw)
    task = f"bc k={k}"
    row(name, task, "dwell (session, graph resident)", t_dw, f"runs {runs_dw}")
    row(name, task, "igraph (weights=, sources=)", t_ig,
        f"{t_ig / t_dw:.1f}x; max |diff| {d_ig:.1e} on raw sums up to {want.max():.3e}")
    row(name, task, f"networkx ({k_nx} sources, scaled to {k})", t_nx,
        f"{t_nx / t_dw:.0f}x; max |diff| {d_nx:.1e} over those {k_nx}")


def enron_edges(path, runs, k, seed):
    src, dst, n = [], [], 0
    with lzma.open(path, "rt") as f:
        for line in f:
            if line.startswith("# nodes"):
                n = int(line.split()[2])
            elif not line.startswith("#"):
                u, v = line.split()[:2]
                src.append(int(u))
                dst.append(int(v))
    g = dwell.Graph.from_edges(np.array(src, np.uint64), np.array(dst, np.uint64), n, directed=False)
    h = ig.Graph(n=n, edges=list(zip(src, dst)), directed=False).simplify()
    srcs = sorted(random.Random(seed).sample(range(n), k))
    scale = n / (k * 2)  # NetworkX's raw sampled edge scaling, undirected

    def dw():
        with g.session() as s:
            return s.edge_betweenness(sources=srcs, normalized=False)

    r = alternate(runs, {"dwell": (dw, None),
                         "igraph": (lambda: h.edge_betweenness(directed=False, sources=srcs), None)})
    t_dw, all_dw, got = r["dwell"]
    t_ig, _, want = r["igraph"]
    mine = {(u, v): x / scale for u, v, x in zip(got.sources.tolist(), got.targets.tolist(), got.scores.tolist())}
    theirs = {(min(e.source, e.target), max(e.source, e.target)): x for e, x in zip(h.es, want)}
    d = max(abs(mine[e] - theirs[e]) for e in theirs)
    d2 = max(abs(mine[e] - 2 * theirs[e]) for e in theirs)
    runs_dw = ", ".join(f"{x:.3f}" for x in all_dw)
    row("email-Enron", f"ebc k={k}", "dwell (session, graph resident)", t_dw, f"runs {runs_dw}")
    row("email-Enron", f"ebc k={k}", "igraph (sources=)", t_ig,
        f"{t_ig / t_dw:.1f}x; max |diff| {d:.1e} (against 2x igraph's: {d2:.1e}) on sums up to {max(want):.3e}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("roads", type=pathlib.Path, help="the folder with graph_23rd.gr.xz and bremen_dist.gr.xz")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--sources", type=int, default=256, help="Bremen's sample of sources")
    ap.add_argument("--nx-sources", type=int, default=16, help="of those, the ones NetworkX runs")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--enron", type=pathlib.Path, help="email-Enron.edges.xz: also its sampled edge betweenness")
    ap.add_argument("--only-enron", action="store_true", help="skip the road graphs")
    args = ap.parse_args()
    if not args.only_enron:
        exact(args.roads / "graph_23rd.gr.xz", args.runs)
        sampled(args.roads / "bremen_dist.gr.xz", args.runs, args.sources, args.nx_sources, args.seed)
    if args.enron:
        enron_edges(args.enron, args.runs, args.sources, args.seed)


if __name__ == "__main__":
    main()
