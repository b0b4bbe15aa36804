"""Searches to depth 1 or 2 (``single_source_shortest_path_length(G, v,
cutoff=1 or 2)``, ``descendants_at_distance``): NetworkX's time against
dwell's on a converted G, by the number of arcs NetworkX's search scans
(``_dispatch._shallow_bound``: the source's row plus its neighbours' rows),
for nodes at the 50th to 100th percentile of degree. The fit behind
``_dispatch._SHALLOW_ARCS`` and ``_SHALLOW_PER_NODE``: NetworkX costs
~0.07-0.15 us an arc, dwell ~40 us plus ~1.5 ns per node and arc of G.

    python crates/dwell-py/bench/shallow_search.py
"""
import pathlib
import statistics
import sys
import time

import networkx as nx

from dwell.nx import _dispatch

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import five_graphs as fg  # noqa: E402 (the benchmark's graphs)


class Paths:
    data = "/work/shared/datasets"
    wordnet = str(fg.ROOT / "data" / "names" / "wordnet-pointers.edges.xz")


def median_us(f, loops):
    runs = []
    for _ in range(5):
        t = time.perf_counter()
        for _ in range(loops):
            f()
        runs.append((time.perf_counter() - t) / loops)
    return statistics.median(runs) * 1e6


def main():
    gs = {k: v for k, v in fg.graphs(Paths) if k in ("netscience", "road-23rd", "polblogs", "wordnet")}
    gs["gnm50k"] = nx.gnm_random_graph(50000, 250000, seed=3)
    for name, G in gs.items():
        nx.number_weakly_connected_components(G, backend="dwell") if G.is_directed() else \
            nx.number_connected_components(G, backend="dwell")  # converts G
        rows = G._succ if G.is_directed() else G._adj
        nodes = sorted(G, key=lambda v: len(rows[v]))
        for v in [nodes[int(q * (len(nodes) - 1))] for q in (0.5, 0.9, 0.99, 0.999, 1.0)]:
            for cutoff in (1, 2):
                arcs = _dispatch._shallow_bound(rows, [v], cutoff)
                reach = len(nx.single_source_shortest_path_length(G, v, cutoff=cutoff, backend="networkx"))
                loops = max(1, int(2000 / (arcs * 0.1 + 5)))
                tn = median_us(lambda: nx.single_source_shortest_path_length(G, v, cutoff=cutoff, backend="networkx"),
                               loops)
                td = median_us(lambda: nx.single_source_shortest_path_length(G, v, cutoff=cutoff, backend="dwell"),
                               loops)
                print(f"{name:10} n={len(G):6} cutoff={cutoff} arcs={arcs:7} reach={reach:6} networkx={tn:9.1f}us "
                      f"dwell={td:9.1f}us networkx/dwell={tn / td:6.2f}", flush=True)


if __name__ == "__main__":
    main()
