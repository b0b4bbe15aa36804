#!/usr/bin/env python3
"""The scipy peer of `dwell bench`: the same graph, sources and analysis with
scipy.sparse.csgraph, timed in this process, reported as one JSON line.

Usage (dwell bench calls this; you rarely run it by hand):
    scipy_peer.py DIR ANALYSIS RUNS

DIR holds what `dwell bench` wrote: `offsets.u64` and `targets.u32` (the
forward CSR exactly as dwell normalized it, little-endian) and `sources.u32`.
ANALYSIS is bfs | reach | wcc | scc.

- bfs, reach: `breadth_first_order(A, s, directed=True,
  return_predecessors=False)` once per source (scipy has no batched BFS); the
  checksum is the sum of the reached counts.
- wcc: `connected_components(A, directed=True, connection="weak")`;
  scc: `connected_components(A, directed=True, connection="strong")`;
  the checksum is the number of components.

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
