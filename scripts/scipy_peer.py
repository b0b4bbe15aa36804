#!/usr/bin/env python3
"""The scipy peer of `dwell bench`: the same graph, sources and analysis with
scipy.sparse.csgraph, timed in this process, reported as one JSON line.

Usage (dwell bench calls this; you rarely run it by hand):
    scipy_peer.py DIR ANALYSIS RUNS

DIR holds what `dwell bench` wrote: `offsets.u64` and `targets.u32` (the
forward CSR exactly as dwell normalized it, little-endian), `sources.u32`,
and `weights.f64` (one per arc) when the graph has weights.
ANALYSIS is bfs | reach | wcc | scc | pagerank | triangles | sssp.

- bfs, reach: `breadth_first_order(A, s, directed=True,
  return_predecessors=False)` once per source (scipy has no batched BFS); the
  checksum is the sum of the reached counts.
- wcc: `connected_components(A, directed=True, connection="weak")`;
  scc: `connected_components(A, directed=True, connection="strong")`;
  the checksum is the number of components.
- pagerank: NetworkX's own scipy power iteration (`_pagerank_scipy`, the
  code `nx.pagerank` runs) at dwell's defaults (alpha 0.85, tol 1e-6,
  max_iter 100, uniform teleport and dangling weights); the scores go to
  `DIR/answer.f64` (little-endian f64 per vertex), which dwell compares with
  its own within 1e-9.
- triangles: the undirected view (A + Aᵀ, no diagonal), each edge directed
  from lower to higher (degree, id) rank, then the masked product
  `sum((U @ U) ∘ U)`: every triangle once; the checksum is the count.
  (The view and the orientation are built once, untimed.)

- sssp: `dijkstra(A, directed=True, indices=sources)`, one call for the
  batch, lengths the weights (1 per arc when there are none); the distances,
  source after source, go to `DIR/answer.f64`, compared with dwell's (inf
  with inf). csgraph keeps explicit zeros of a sparse matrix as edges, so
  weight-0 arcs count.

One untimed warm-up pass, then RUNS timed passes; prints
{"peer": "scipy", "version": ..., "times_s": [...], "queries": Q,
 "checksum": C, "max_rss_kb": K} where K is this process's peak RSS
(getrusage ru_maxrss, which includes the CSR it built).
"""
import json
import os
import resource
import sys
import time

import numpy as np
import scipy
import scipy.sparse as sp
from scipy.sparse.csgraph import breadth_first_order, connected_components


def pagerank_peer(a, n, d, alpha=0.85, max_iter=100, tol=1.0e-6):
    """NetworkX 3's `_pagerank_scipy` on the CSR, unweighted, no
    personalization; writes the scores to DIR/answer.f64."""
    a = sp.csr_array(a, dtype=np.float64)

    def once():
        if n == 0:
            np.zeros(0).astype("<f8").tofile(os.path.join(d, "answer.f64"))
            return 0
        s = np.asarray(a.sum(axis=1)).ravel()
        s[s != 0] = 1.0 / s[s != 0]
        q = sp.dia_array((s.T, 0), shape=a.shape)
        m = q @ a
        x = np.repeat(1.0 / n, n)
        p = np.repeat(1.0 / n, n)
        dangling_weights = p
        is_dangling = np.where(s == 0)[0]
        for _ in range(max_iter):
            xlast = x
            x = alpha * (x @ m + sum(x[is_dangling]) * dangling_weights) + (1 - alpha) * p
            err = np.absolute(x - xlast).sum()
            if err < n * tol:
                x.astype("<f8").tofile(os.path.join(d, "answer.f64"))
                return 0
        raise RuntimeError(f"pagerank did not converge in {max_iter} iterations")

    return once


def sssp_peer(d, offsets, targets, sources, n):
    """Dijkstra from every source in one csgraph call; writes the distances."""
    from scipy.sparse.csgraph import dijkstra

    path = os.path.join(d, "weights.f64")
    if os.path.exists(path):
        w = np.fromfile(path, dtype="<f8")
    else:
        w = np.ones(len(targets), dtype=np.float64)
    a = sp.csr_matrix(
        (w, targets.astype(np.int32), offsets.astype(np.int32)), shape=(n, n)
    )
    srcs = sources.astype(np.int32)

    def once():
        dist = dijkstra(a, directed=True, indices=srcs)
        dist.astype("<f8").tofile(os.path.join(d, "answer.f64"))
        return int(np.isfinite(dist).sum())

    return once


def triangles_peer(a, n):
    """Triangles of the undirected view by a degree-oriented masked product."""
    u = (a + a.T).tocsr()
    u.setdiag(0)
    u.eliminate_zeros()
    u.data[:] = 1
    deg = np.diff(u.indptr)
    rows = np.repeat(np.arange(n), deg)
    cols = u.indices
    higher = (deg[cols] > deg[rows]) | ((deg[cols] == deg[rows]) & (cols > rows))
    ones = np.ones(int(higher.sum()), dtype=np.int64)
    up = sp.csr_matrix((ones, (rows[higher], cols[higher])), shape=(n, n))

    def once():
        return int((up @ up).multiply(up).sum())

    return once


def main():
    d, analysis, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
    offsets = np.fromfile(os.path.join(d, "offsets.u64"), dtype="<u8")
    targets = np.fromfile(os.path.join(d, "targets.u32"), dtype="<u4")
    sources = np.fromfile(os.path.join(d, "sources.u32"), dtype="<u4")
    n = len(offsets) - 1
    # csgraph wants int32 indices; the arcs are already sorted and unique.
    data = np.ones(len(targets), dtype=np.int8)
    a = sp.csr_matrix(
        (data, targets.astype(np.int32), offsets.astype(np.int32)), shape=(n, n)
    )

    if analysis in ("bfs", "reach"):
        srcs = [int(s) for s in sources]

        def once():
            total = 0
            for s in srcs:
                total += len(
                    breadth_first_order(a, s, directed=True, return_predecessors=False)
                )
            return total

        queries = len(srcs)
    elif analysis in ("wcc", "scc"):
        connection = "weak" if analysis == "wcc" else "strong"

        def once():
            count, _ = connected_components(a, directed=True, connection=connection)
            return int(count)

        queries = 1
    elif analysis == "pagerank":
        once = pagerank_peer(a, n, d)
        queries = 1
    elif analysis == "triangles":
        once = triangles_peer(a, n)
        queries = 1
    elif analysis == "sssp":
        once = sssp_peer(d, offsets, targets, sources, n)
        queries = len(sources)
    else:
        print(json.dumps({"peer": "scipy", "error": f"no scipy peer for {analysis}"}))
        return

    checksum = once()  # warm-up
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        c = once()
        times.append(time.perf_counter() - t)
        assert c == checksum
    print(
        json.dumps(
            {
                "peer": "scipy",
                "version": scipy.__version__,
                "times_s": times,
                "queries": queries,
                "checksum": checksum,
                "max_rss_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
            }
        )
    )


if __name__ == "__main__":
    main()
