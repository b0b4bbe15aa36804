#!/usr/bin/env python3
"""scipy's shortest path lengths on the bundled road graphs: the values
`crates/dwell/tests/sssp_real.rs` pins (written to
crates/dwell/tests/data/sssp/NAME.tsv).

Usage: python3 scripts/scipy_sssp.py   (needs numpy and scipy; from the
repository root)

Each graph is read from data/roads/NAME.gr.xz as its `a SRC DST WEIGHT` lines
say, independently of dwell: 0-based ids, n = largest id + 1, directed arcs;
a repeated arc keeps its smallest weight (as dwell's normalization does;
scipy would otherwise add duplicates up). Then
`scipy.sparse.csgraph.dijkstra(A, directed=True, indices=SOURCES)` and, per
source, the reached count, the largest finite distance, the sum of the
finite distances and the distances of a few fixed vertices (`inf` when
unreached). The weights are integers, so every figure is exact.
"""
import lzma

import numpy as np
import scipy
import scipy.sparse as sp
from scipy.sparse.csgraph import dijkstra

GRAPHS = {
    "bremen_dist": [0, 100, 2000, 30000, 40460],
    "graph_23rd": [0, 1, 742, 2345],
}
PROBES = {
    "bremen_dist": [1, 539, 12345, 24021, 40000],
    "graph_23rd": [2, 3, 100, 1000, 2000],
}


def load(name):
    with lzma.open(f"data/roads/{name}.gr.xz", "rt") as f:
        rows = [line.split()[1:4] for line in f if line.startswith("a ")]
    a = np.array(rows, dtype=np.int64)
    n = int(a[:, :2].max()) + 1
    # Smallest weight of each distinct arc: sort by (src, dst, weight).
    o = np.lexsort((a[:, 2], a[:, 1], a[:, 0]))
    a = a[o]
    keep = np.ones(len(a), bool)
    keep[1:] = (a[1:, 0] != a[:-1, 0]) | (a[1:, 1] != a[:-1, 1])
    a = a[keep]
    m = sp.csr_matrix(
        (a[:, 2].astype(np.float64), (a[:, 0], a[:, 1])), shape=(n, n)
    )
    return m


def fmt(x):
    return "inf" if np.isinf(x) else repr(float(x))


def main():
    for name, sources in GRAPHS.items():
        m = load(name)
        dist = dijkstra(m, directed=True, indices=sources)
        probes = PROBES[name]
        path = f"crates/dwell/tests/data/sssp/{name}.tsv"
        with open(path, "w") as out:
            out.write(
                f"# scripts/scipy_sssp.py: scipy {scipy.__version__} "
                f"csgraph.dijkstra(directed=True) on data/roads/{name}.gr.xz "
                f"({m.shape[0]} nodes, {m.nnz} distinct arcs, smallest weight kept)\n"
            )
            out.write(
                "# source\treached\tmax_distance\tdistance_sum\t"
                + "\t".join(f"d[{p}]" for p in probes)
                + "\n"
            )
            for s, d in zip(sources, dist):
                fin = d[np.isfinite(d)]
                cols = [s, len(fin), fmt(fin.max()), fmt(fin.sum())]
                cols += [fmt(d[p]) for p in probes]
                out.write("\t".join(str(c) for c in cols) + "\n")
        print(path)


if __name__ == "__main__":
    main()
