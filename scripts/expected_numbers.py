#!/usr/bin/env python3
"""Independent expected numbers for dwell's real-graph tests, computed with scipy.

Usage: python3 scripts/expected_numbers.py   (needs numpy and scipy)
Reads the bundled fixtures in data/, prints the numbers that
crates/dwell-cli/tests/real_graphs.rs asserts. Parsing here is deliberately
plain numpy so it shares nothing with dwell's parsers.
"""
import lzma
import os
import numpy as np
import scipy.sparse as sp
from scipy.sparse.csgraph import shortest_path, connected_components

ROOT = os.path.join(os.path.dirname(__file__), "..", "data")
SOURCES = [0, 5, 9, 1000, 30000]


def read_edges(path):
    directed, n = True, None
    rows = []
    with lzma.open(path, "rt") as f:
        for line in f:
            if line.startswith("#"):
                w = line[1:].split()
                if len(w) >= 6 and w[0] == "nodes":
                    n, directed = int(w[1]), w[5] == "1"
                continue
            if line.startswith("a "):
                line = line[2:]
            p = line.split()
            if p:
                rows.append((int(p[0]), int(p[1])))
    e = np.array(rows, dtype=np.int64)
    if n is None:
        n = int(e.max()) + 1
    return n, directed, e


def matrix(n, directed, e):
    u, v = e[:, 0], e[:, 1]
    if not directed:
        u, v = np.concatenate([u, v]), np.concatenate([v, u])
    a = sp.csr_matrix((np.ones(len(u), dtype=np.int8), (u, v)), shape=(n, n))
    a.sum_duplicates()
    a.data[:] = 1
    return a


for name in ["graphs/email-Enron.edges.xz", "graphs/pgp-strong-2009.edges.xz",
             "roads/bremen_dist.gr.xz", "graphs/karate.edges.xz"]:
    n, directed, e = read_edges(os.path.join(ROOT, name))
    a = matrix(n, directed, e)
    print(f"{name}: nodes={n} arcs={a.nnz} directed={directed}")
    for s in SOURCES:
        if s >= n:
            continue
        d = shortest_path(a, directed=True, unweighted=True, indices=[s])[0]
        fin = d[np.isfinite(d)].astype(np.int64)
        print(f"  bfs source={s} reached={len(fin)} max_level={fin.max()} level_sum={fin.sum()}")
    for conn in ["weak", "strong"]:
        k, lab = connected_components(a, directed=True, connection=conn)
        print(f"  {conn}: components={k} largest={np.bincount(lab).max()}")
