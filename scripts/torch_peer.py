#!/usr/bin/env python3
"""The GPU peer a Python user would write: batched BFS as PyTorch sparse CSR x
dense (n x 64) frontier products, one host check per level.

Usage: python3 scripts/torch_peer.py GRAPH [--batch 64] [--runs 10] [--seed 1]
GRAPH: a dwell edge list (`u v`, `#` comments, optional
`# nodes N edges M directed 0|1` header), plain or .xz/.gz. Undirected unless
the header says directed. Sources: `batch` random vertices with out-arcs
(numpy, seeded). Prints one line: graph, nodes, arcs, batch, us per query.
Run by scripts/device-check.sh on the GPU machine; no numbers are claimed here.
"""
import argparse, gzip, lzma, sys, time

import numpy as np
import torch


def read_edges(path):
    """Edge list → (n, arcs). Comment lines come first in the files dwell
    writes; the body is parsed in one C pass (np.fromstring), which keeps
    R-MAT scale 22 (~1 GB of text) to seconds instead of minutes."""
    opener = lzma.open if path.endswith(".xz") else gzip.open if path.endswith(".gz") else open
    with opener(path, "rb") as f:
        data = f.read()
    n, directed, start = None, False, 0
    while data.startswith(b"#", start):
        end = data.find(b"\n", start)
        end = len(data) if end < 0 else end
        w = data[start + 1:end].decode().split()
        if len(w) >= 6 and w[0] == "nodes" and w[4] == "directed":
            n, directed = int(w[1]), w[5] == "1"
        start = end + 1
    body = data[start:]
    if b"#" in body:  # comments further down: take the slow, general path
        lines = [l.split()[:2] for l in body.decode().splitlines() if l.strip() and not l.startswith("#")]
        flat = np.array(lines, dtype=np.int64).reshape(-1)
    else:
        flat = np.fromstring(body, dtype=np.int64, sep=" ")
    e = flat.reshape(-1, 2)
    n = n if n is not None else int(e.max()) + 1
    if not directed:
        e = np.concatenate([e, e[:, ::-1]])
    return n, e


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("graph")
    ap.add_argument("--batch", type=int, default=64)
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    dev = torch.device("cuda")
    n, e = read_edges(a.graph)
    e = np.unique(e, axis=0)
    # next[w] = sum over arcs u->w of frontier[u]: rows of A^T are targets.
    at = torch.sparse_coo_tensor(
        torch.from_numpy(e[:, [1, 0]].T.copy()), torch.ones(len(e)), (n, n)
    ).coalesce().to_sparse_csr().to(dev)
    outdeg = np.bincount(e[:, 0], minlength=n)
    rng = np.random.default_rng(a.seed)
    sources = rng.choice(np.flatnonzero(outdeg > 0), size=a.batch, replace=False)
    src = torch.from_numpy(sources).to(dev)
    lanes = torch.arange(a.batch, device=dev)

    def bfs():
        frontier = torch.zeros((n, a.batch), device=dev)
        frontier[src, lanes] = 1.0
        visited = frontier.bool()
        levels = 0
        while True:
            nxt = torch.sparse.mm(at, frontier) > 0
            nxt &= ~visited
            if not bool(nxt.any()):  # the one host check per level
                return levels, visited
            visited |= nxt
            frontier = nxt.float()
            levels += 1

    bfs()
    torch.cuda.synchronize()
    t = time.perf_counter()
    for _ in range(a.runs):
        levels, visited = bfs()
    torch.cuda.synchronize()
    us = (time.perf_counter() - t) / (a.runs * a.batch) * 1e6
    print(f"torch_peer {a.graph} nodes={n} arcs={len(e)} batch={a.batch} levels={levels} "
          f"reached_total={int(visited.sum())} us_per_query={us:.1f}")


if __name__ == "__main__":
    sys.exit(main())
