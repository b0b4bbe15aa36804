#!/usr/bin/env python3
"""NetworkX's weighted betweenness and edge betweenness on bundled real
graphs: the values `crates/dwell/tests/betweenness_weighted.rs` pins
(written to crates/dwell/tests/data/bc/networkx_weighted.tsv).

Usage: python3 scripts/networkx_bc_weighted.py   (needs networkx; from the
repository root)

Graphs, read independently of dwell:
- `road` is data/roads/graph_23rd.gr.xz as its `a SRC DST WEIGHT` lines say:
  0-based ids, nodes 0..largest id, directed arcs, a repeated arc keeping
  its smallest weight (as dwell's normalization does); `road-u` the same
  arcs as an undirected graph, an edge keeping the smaller weight of its
  two directions (NetworkX's `to_undirected` would keep either).
- `karate` and `polblogs` (directed) are data/graphs/NAME.edges.xz, as
  scripts/networkx_bc.py reads them (unweighted: edge modes only).

Modes (vertex scores: `bc-*`, edge scores: `ebc-*`): `bc-exact`
(weight="weight"), `bc-raw` (normalized=False), `bc-endpoints`,
`bc-sample` (sources 0, 5, 10, 20, 33: NetworkX's accumulation and
`_rescale` over that sample, as `k=5` would run had its seed drawn them),
`ebc-exact` (weighted; karate, polblogs: weight=None), `ebc-raw`, `ebc-sample`. Each
line: graph, mode, vertex or `u-v` (an undirected edge as `min-max`),
score (repr); every vertex for `bc-exact`, the vertices and edges whose
(first) vertex is below 300 (polblogs: 40) for the others. The weights are integers, so every distance is exact and
ties are the same in any summation order.
"""
import lzma

import networkx as nx
from networkx.algorithms.centrality.betweenness import (
    _accumulate_basic,
    _accumulate_edges,
    _rescale,
    _single_source_dijkstra_path_basic,
    _single_source_shortest_path_basic,
)
from networkx_bc import load  # scripts/ is this script's folder: its reader of the edge lists

SAMPLE = [0, 5, 10, 20, 33]


def road(directed):
    with lzma.open("data/roads/graph_23rd.gr.xz", "rt") as f:
        arcs = [tuple(map(int, line.split()[1:4])) for line in f if line.startswith("a ")]
    g = nx.DiGraph() if directed else nx.Graph()
    g.add_nodes_from(range(max(max(u, v) for u, v, _ in arcs) + 1))
    for u, v, w in arcs:
        if not g.has_edge(u, v) or g[u][v]["weight"] > w:
            g.add_edge(u, v, weight=w)
    return g


def sampled(g, weight, edges):
    bc = dict.fromkeys(g, 0.0)
    if edges:
        bc.update(dict.fromkeys(g.edges(), 0.0))
    for s in SAMPLE:
        if weight is None:
            S, P, sigma, _ = _single_source_shortest_path_basic(g, s)
        else:
            S, P, sigma, _ = _single_source_dijkstra_path_basic(g, s, weight)
        if edges:
            bc = _accumulate_edges(bc, S, P, sigma, s)
        else:
            bc, _ = _accumulate_basic(bc, S, P, sigma, s)
    if edges:
        for v in g:
            del bc[v]
    return _rescale(
        bc, len(g), normalized=True, directed=g.is_directed(), endpoints=edges,
        sampled_nodes=SAMPLE,
    )


def key(g, e):
    u, v = e
    return f"{u}-{v}" if g.is_directed() else f"{min(u, v)}-{max(u, v)}"


def main():
    out = open("crates/dwell/tests/data/bc/networkx_weighted.tsv", "w")
    out.write(f"# scripts/networkx_bc_weighted.py: NetworkX {nx.__version__} (edge_)betweenness_centrality\n")
    out.write("# graph\tmode\tvertex or edge\tscore\n")
    graphs = [("road", road(True), "weight"), ("road-u", road(False), "weight"), ("karate", load("karate"), None),
              ("polblogs", load("polblogs"), None)]
    for name, g, weight in graphs:
        modes = {}
        if weight is not None:
            modes["bc-exact"] = nx.betweenness_centrality(g, weight=weight)
            if g.is_directed():
                modes["bc-raw"] = nx.betweenness_centrality(g, weight=weight, normalized=False)
                modes["bc-endpoints"] = nx.betweenness_centrality(g, weight=weight, endpoints=True)
                modes["bc-sample"] = sampled(g, weight, False)
        modes["ebc-exact"] = nx.edge_betweenness_centrality(g, weight=weight)
        modes["ebc-raw"] = nx.edge_betweenness_centrality(g, weight=weight, normalized=False)
        modes["ebc-sample"] = sampled(g, weight, True)
        for mode, bc in modes.items():
            for x, score in bc.items():
                first = x if isinstance(x, int) else min(x) if not g.is_directed() else x[0]
                if mode != "bc-exact" and first >= (40 if name == "polblogs" else 300):
                    continue  # a smaller file
                item = key(g, x) if mode.startswith("ebc") else str(x)
                out.write(f"{name}\t{mode}\t{item}\t{score!r}\n")
    out.close()


if __name__ == "__main__":
    main()
