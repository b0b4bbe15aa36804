#!/usr/bin/env python3
"""NetworkX's answers for dwell's GAP kernels (pagerank, triangles) on the
bundled real graphs: the values `crates/dwell/tests/gap_real.rs` pins.

Usage: python3 scripts/networkx_gap.py   (needs networkx, numpy and scipy)

Each graph is read from data/graphs/*.edges.xz as dwell reads it: the
`# nodes N ... directed D` header gives the vertex count (isolated vertices
included) and whether arcs are one-way; ids are the file's integers. Prints,
per graph, NetworkX's pagerank (defaults: alpha 0.85, tol 1e-6, max_iter
100) of a few vertices (the two highest, vertex 0 and the lowest), and
triangles, clustering, average_clustering and transitivity on
G.to_undirected().
"""
import json
import lzma
import re
import sys

import networkx as nx

GRAPHS = ["karate", "dolphins", "polblogs"]


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


def main():
    out = {"networkx": nx.__version__}
    for name in GRAPHS:
        g = load(name)
        pr = nx.pagerank(g)
        order = sorted(pr, key=lambda v: (-pr[v], v))
        picks = sorted({order[0], order[1], 0, order[-1]})
        u = g.to_undirected()
        tri = nx.triangles(u)
        cl = nx.clustering(u)
        out[name] = {
            "nodes": g.number_of_nodes(),
            "pagerank": {str(v): pr[v] for v in picks},
            "triangles": sum(tri.values()) // 3,
            "triangles_of_0": tri[0],
            "clustering_of_0": cl[0],
            "average_clustering": nx.average_clustering(u),
            "transitivity": nx.transitivity(u),
        }
    json.dump(out, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main()
