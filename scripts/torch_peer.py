#!/usr/bin/env python3
"""The GPU peer a Python user would write: batched BFS as PyTorch sparse CSR x
dense (n x batch) frontier products, one host check per level.

Usage:
  python3 scripts/torch_peer.py GRAPH [--sources 3,9,12 | --batch 64 --seed 1]
                                      [--runs 10] [--answers FILE.json]

GRAPH: a dwell edge list (`u v`, `#` comments, optional
`# nodes N edges M directed 0|1` header), plain or .xz/.gz; undirected unless
the header says directed. The parsed arcs are cached next to the graph as
GRAPH.arcs.npy (binary), so a second run (or a second step of the device
check) does not parse text again.

--sources: the same sources dwell ran (the device check passes dwell's), so
the answers can be compared: --answers writes, per source, `reached`,
`max_level` and `level_sum` in the shape of `dwell run bfs --json`'s
`results`. Prints one line: graph, nodes, arcs, batch, levels, us per query.
Run by scripts/device-check.sh on the GPU machine; no numbers are claimed here.
"""
import argparse, gzip, json, lzma, os, sys, time

try:
    import numpy as np
except ImportError:  # exit 3: "skipped", as without torch
    print("torch_peer SKIPPED: numpy is not installed. Fix: pip install numpy torch", file=sys.stderr)
    sys.exit(3)


def read_edges(path):
    """Edge list -> (n, arcs as an (m, 2) int64 array, both directions when
    undirected). Text is parsed in one C pass (np.fromstring) and cached as
    .npy; dwell's files put every comment first."""
    cache = path + ".arcs.npy"
    if os.path.exists(cache) and os.path.getmtime(cache) >= os.path.getmtime(path):
        e = np.load(cache, mmap_mode="r")
        return int(e[-1, 0]), np.asarray(e[:-1])
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
    if b"#" in body:  # comments further down: the slow, general path
        lines = [l.split()[:2] for l in body.decode().splitlines() if l.strip() and not l.startswith("#")]
        flat = np.array(lines, dtype=np.int64).reshape(-1)
    else:
        flat = np.fromstring(body, dtype=np.int64, sep=" ")
    e = flat.reshape(-1, 2)
    n = n if n is not None else int(e.max()) + 1
    if not directed:
        e = np.concatenate([e, e[:, ::-1]])
    e = np.unique(e, axis=0)
    try:  # the last row carries n
        np.save(cache, np.concatenate([e, np.array([[n, 0]], dtype=np.int64)]))
    except OSError:
        pass
    return n, e


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("graph")
    ap.add_argument("--sources", help="comma-separated source ids (dwell's)")
    ap.add_argument("--batch", type=int, default=64)
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--answers", help="write per-source results (dwell's JSON shape) here")
    a = ap.parse_args()
    try:
        import torch
    except ImportError:
        print("torch_peer SKIPPED: PyTorch is not installed. Fix: pip install torch", file=sys.stderr)
        return 3
    if not torch.cuda.is_available():
        print("torch_peer SKIPPED: torch sees no CUDA device", file=sys.stderr)
        return 3
    dev = torch.device("cuda")
    t0 = time.perf_counter()
    n, e = read_edges(a.graph)
    load_s = time.perf_counter() - t0
    if a.sources:
        sources = np.array([int(s) for s in a.sources.split(",") if s.strip()], dtype=np.int64)
        if len(sources) == 0 or sources.min() < 0 or sources.max() >= n:
            print(f"torch_peer: sources must lie in 0..{n - 1}. Fix: pass dwell's source ids", file=sys.stderr)
            return 2
    else:
        outdeg = np.bincount(e[:, 0], minlength=n)
        rng = np.random.default_rng(a.seed)
        sources = rng.choice(np.flatnonzero(outdeg > 0), size=a.batch, replace=False)
    batch = len(sources)
    # next[w] = sum over arcs u->w of frontier[u]: rows of A^T are targets.
    at = torch.sparse_coo_tensor(
        torch.from_numpy(e[:, [1, 0]].T.copy()), torch.ones(len(e)), (n, n)
    ).coalesce().to_sparse_csr().to(dev)
    src = torch.from_numpy(sources).to(dev)
    lanes = torch.arange(batch, device=dev)

    def bfs():
        frontier = torch.zeros((n, batch), device=dev)
        frontier[src, lanes] = 1.0
        visited = frontier.bool()
        reached = visited.sum(0)
        level_sum = torch.zeros(batch, dtype=torch.int64, device=dev)
        max_level = torch.zeros(batch, dtype=torch.int64, device=dev)
        level = 0
        while True:
            nxt = torch.sparse.mm(at, frontier) > 0
            nxt &= ~visited
            if not bool(nxt.any()):  # the one host check per level
                return level, reached, max_level, level_sum
            level += 1
            cnt = nxt.sum(0)
            reached = reached + cnt
            level_sum += cnt * level
            max_level = torch.where(cnt > 0, torch.full_like(max_level, level), max_level)
            visited |= nxt
            frontier = nxt.float()

    bfs()
    torch.cuda.synchronize()
    t = time.perf_counter()
    for _ in range(a.runs):
        levels, reached, max_level, level_sum = bfs()
    torch.cuda.synchronize()
    us = (time.perf_counter() - t) / (a.runs * batch) * 1e6
    if a.answers:
        rows = [
            {"source": int(s), "reached": int(r), "max_level": int(m), "level_sum": int(l)}
            for s, r, m, l in zip(sources, reached.tolist(), max_level.tolist(), level_sum.tolist())
        ]
        with open(a.answers + ".tmp", "w") as f:
            json.dump(rows, f)
        os.replace(a.answers + ".tmp", a.answers)
    print(f"torch_peer {os.path.basename(a.graph)} nodes={n} arcs={len(e)} batch={batch} levels={levels} "
          f"load_s={load_s:.1f} us_per_query={us:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
