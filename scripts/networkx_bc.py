#!/usr/bin/env python3
"""NetworkX's betweenness centrality on bundled real graphs: the values
`crates/dwell/tests/betweenness.rs` pins (written to
crates/dwell/tests/data/bc/networkx.tsv).

Usage: python3 scripts/networkx_bc.py   (needs networkx; from the repository root)

Graphs are read as scripts/networkx_gap.py reads them (the `# nodes N ...
directed D` header, the file's integer ids). Modes: `exact` (defaults:
normalized, no endpoints), `raw` (normalized=False), `endpoints`
(endpoints=True), and `sample` (normalized, no endpoints, sources 0, 5, 10,
20, 33: NetworkX's own accumulation and `_rescale` over that sample, as
`betweenness_centrality(G, k=5)` would run had its seed drawn them). Each
line: graph, mode, vertex, score (repr), for every vertex of karate and
vertices 0..20 of polblogs.
"""
import lzma
import re

import networkx as nx
from networkx.algorithms.centrality.betweenness import (
    _accumulate_basic,
    _rescale,
    _single_source_shortest_path_basic,
)

SAMPLE = [0, 5, 10, 20, 33]


def load(name):
    with lzma.open(f"data/graphs/{name}.edges.xz", "rt") as f:
        lines = f.read().splitlines()
    header = next(line for line in lines if line.startswith("# nodes"))
    m = re.match(r"# nodes (\d+) edges \d+ directed (\d)", header)
    n, directed = int(m.group(1)), m.group(2) == "1"
    g = nx.DiGraph() if directed else nx.Graph()
    g.add_nodes_from(range(n))
    for line in lines:
        if line and not line.startswith("#"):
            u, v = line.split()[:2]
            g.add_edge(int(u), int(v))
    return g


def sampled(g, nodes):
    bc = dict.fromkeys(g, 0.0)
    for s in nodes:
        S, P, sigma, _ = _single_source_shortest_path_basic(g, s)
        bc, _ = _accumulate_basic(bc, S, P, sigma, s)
    return _rescale(
        bc, len(g), normalized=True, directed=g.is_directed(), endpoints=False,
        sampled_nodes=nodes,
    )


def main():
    out = open("crates/dwell/tests/data/bc/networkx.tsv", "w")
    out.write(f"# scripts/networkx_bc.py: NetworkX {nx.__version__} betweenness_centrality\n")
    out.write("# graph\tmode\tvertex\tscore\n")
    for name, shown in [("karate", None), ("polblogs", range(20))]:
        g = load(name)
        modes = {
            "exact": nx.betweenness_centrality(g),
            "raw": nx.betweenness_centrality(g, normalized=False),
            "endpoints": nx.betweenness_centrality(g, endpoints=True),
            "sample": sampled(g, SAMPLE),
        }
        for mode, bc in modes.items():
            for v in shown or g.nodes():
                out.write(f"{name}\t{mode}\t{v}\t{bc[v]!r}\n")
    out.close()


if __name__ == "__main__":
    main()
