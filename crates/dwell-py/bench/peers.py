"""dwell from Python against NetworkX, igraph and rustworkx, all in one run.

Tasks on each bundled graph (data/graphs):
  closeness   closeness centrality of every vertex (NetworkX's wf_improved
              formula; igraph's normalized closeness is the wf_improved=False
              value, checked against dwell's);
  apsp-stats  all-pairs shortest path length statistics: the mean distance
              over connected ordered pairs and the largest distance, without
              an n² matrix where the tool allows;
  bfs64       BFS levels from the same 64 seeded random sources;
  components  weak (directed graphs) or connected components, and strong
              components on directed graphs.
dwell runs through its direct API and through the NetworkX backend
(``backend="dwell"``; the conversion from the NetworkX graph timed apart).
Every answer is compared with dwell's; a mismatch aborts the run.

    python crates/dwell-py/bench/peers.py --out docs/py-bench.json

Slow peers are skipped above a size (``--nx-max-nodes``) and the JSON says
so; nothing is estimated.
"""

from __future__ import annotations

import argparse
import json
import lzma
import os
import pathlib
import platform
import statistics
import sys
import time

import igraph as ig
import networkx as nx
import numpy as np
import rustworkx as rx

import dwell
import dwell.nx as dnx

ROOT = pathlib.Path(__file__).resolve().parents[3]


def read_edges(name):
    n, directed, src, dst = None, None, [], []
    with lzma.open(ROOT / "data" / "graphs" / f"{name}.edges.xz", "rt") as f:
        for line in f:
            if line.startswith("#"):
                w = line[1:].split()
                if w[:1] == ["nodes"]:
                    n, directed = int(w[1]), w[5] == "1"
                continue
            u, v = line.split()[:2]
            src.append(int(u))
            dst.append(int(v))
    return np.array(src), np.array(dst), n, directed


def timed(f, runs):
    """Median seconds of `runs` calls and the last answer."""
    times, out = [], None
    for _ in range(runs):
        t = time.perf_counter()
        out = f()
        times.append(time.perf_counter() - t)
    return statistics.median(times), out, times


class Bench:
    def __init__(self, runs):
        self.runs = runs
        self.rows = []
        self.commands = []

    def add(self, graph, task, tool, seconds, times=None, note=""):
        self.rows.append({"graph": graph, "task": task, "tool": tool, "seconds": seconds,
                          "times": times or [seconds], "note": note})
        print(f"{graph:16} {task:11} {tool:22} {seconds:10.4f} s {note}", flush=True)

    def skip(self, graph, task, tool, why):
        self.rows.append({"graph": graph, "task": task, "tool": tool, "seconds": None, "note": why})
        print(f"{graph:16} {task:11} {tool:22}    skipped: {why}", flush=True)


def close(a, b, tol, what):
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    worst = float(np.max(np.abs(a - b))) if len(a) else 0.0
    if worst > tol:
        sys.exit(f"{what}: answers differ by {worst}")
    return worst


def run_graph(b, name, args):
    src, dst, n, directed = read_edges(name)
    G = nx.DiGraph() if directed else nx.Graph()
    G.add_nodes_from(range(n))
    G.add_edges_from(zip(src.tolist(), dst.tolist()))
    g = dwell.Graph.from_edges(src, dst, n=n, directed=directed)
    I = ig.Graph(n=n, edges=list(zip(src.tolist(), dst.tolist())), directed=directed)
    I.simplify(multiple=True, loops=False)
    R = rx.PyDiGraph() if directed else rx.PyGraph(multigraph=False)
    R.add_nodes_from(range(n))
    R.extend_from_edge_list(list(zip(src.tolist(), dst.tolist())))
    small = n <= args.nx_max_nodes
    runs = b.runs

    tasks = args.tasks.split(",")
    if "closeness" in tasks:
        closeness(b, name, args, n, directed, G, g, I, R, small, runs)
    if "apsp-stats" in tasks:
        apsp(b, name, args, n, directed, G, g, I, R, small, runs)
    if "bfs64" in tasks:
        bfs64(b, name, n, directed, G, g, I, R, runs)
    if "components" in tasks:
        components(b, name, directed, G, g, I, R, runs)


def closeness(b, name, args, n, directed, G, g, I, R, small, runs):
    def dwell_close():
        with g.session() as s:
            return s.closeness()

    t, c_dwell, ts = timed(dwell_close, runs)
    b.add(name, "closeness", "dwell", t, ts)

    # Through NetworkX's dispatch on a fresh copy each run (nothing cached):
    # the conversion is inside the call; it is also timed alone.
    copies = [G.copy() for _ in range(runs)]
    t, c_nx_backend, ts = timed(lambda: nx.closeness_centrality(copies.pop(), backend="dwell"), runs)
    b.add(name, "closeness", "dwell via networkx", t, ts, note="conversion included")
    copies = [G.copy() for _ in range(runs)]
    t, _, ts = timed(lambda: dnx.convert_from_nx(copies.pop()), runs)
    b.add(name, "closeness", "dwell conversion", t, ts, note="convert_from_nx alone")
    close([c_nx_backend[v] for v in range(n)], c_dwell, 0.0, "backend vs direct")

    plain = dwell_close_plain(g)
    t, c_ig, ts = timed(lambda: I.closeness(mode="in" if directed else "all", normalized=True), 1)
    c_ig = np.nan_to_num(np.array(c_ig, dtype=float))
    b.add(name, "closeness", "igraph", t, ts, note=f"max |Δ| vs dwell {close(c_ig, plain, 1e-12, 'igraph'):.1e}")
    f = rx.digraph_closeness_centrality if directed else rx.graph_closeness_centrality
    t, c_rx, ts = timed(lambda: f(R, wf_improved=True), 1)
    b.add(name, "closeness", "rustworkx", t, ts,
          note=f"max |Δ| vs dwell {close([c_rx[v] for v in range(n)], c_dwell, 1e-12, 'rustworkx'):.1e}")
    if small:
        t, c_nx, ts = timed(lambda: nx.closeness_centrality(G), 1)
        b.add(name, "closeness", "networkx", t, ts,
              note=f"max |Δ| vs dwell {close([c_nx[v] for v in range(n)], c_dwell, 1e-12, 'networkx'):.1e}")
    else:
        b.skip(name, "closeness", "networkx", f"n > {args.nx_max_nodes}")



def apsp(b, name, args, n, directed, G, g, I, R, small, runs):
    def dwell_apsp():
        with g.session() as s:
            summ = s.bfs(np.arange(n, dtype=np.uint32))
        pairs = int(summ["reached"].sum(dtype=np.uint64)) - n
        return int(summ["level_sum"].sum(dtype=np.uint64)) / pairs, int(summ["max_level"].max())

    t, (mean_d, diam), ts = timed(dwell_apsp, runs)
    b.add(name, "apsp-stats", "dwell", t, ts, note=f"mean {mean_d:.6f}, max {diam}")
    t, ig_mean, ts = timed(lambda: I.average_path_length(directed=directed, unconn=True), 1)
    close([ig_mean], [mean_d], 1e-9, "igraph apsp")
    b.add(name, "apsp-stats", "igraph", t, ts, note="average_path_length (mean only)")
    f = rx.digraph_unweighted_average_shortest_path_length if directed else rx.graph_unweighted_average_shortest_path_length
    if n <= args.slow_max_nodes:
        t, rx_mean, ts = timed(lambda: f(R, disconnected=True), 1)
        close([rx_mean], [mean_d], 1e-9, "rustworkx apsp")
        b.add(name, "apsp-stats", "rustworkx", t, ts, note="mean only (no diameter in rustworkx)")
    else:
        b.skip(name, "apsp-stats", "rustworkx", f"n > --slow-max-nodes {args.slow_max_nodes}")
    if small:
        def nx_apsp():
            tot = cnt = mx = 0
            for _, d in nx.all_pairs_shortest_path_length(G):
                tot += sum(d.values())
                cnt += len(d) - 1
                mx = max(mx, max(d.values()))
            return tot / cnt, mx

        t, got, ts = timed(nx_apsp, 1)
        close(list(got), [mean_d, diam], 1e-9, "networkx apsp")
        b.add(name, "apsp-stats", "networkx", t, ts)
    else:
        b.skip(name, "apsp-stats", "networkx", f"n > {args.nx_max_nodes}")



def bfs64(b, name, n, directed, G, g, I, R, runs):
    sources = np.random.default_rng(1).choice(n, size=min(64, n), replace=False)

    def dwell_bfs():
        with g.session() as s:
            return s.bfs(sources, levels=True)

    t, lv, ts = timed(dwell_bfs, runs)
    b.add(name, "bfs64", "dwell", t, ts)
    t, d_ig, ts = timed(lambda: I.distances(source=sources.tolist(), mode="out"), runs)
    d_ig = np.array(d_ig, dtype=float)
    close(np.where(np.isinf(d_ig), -1, d_ig).ravel(), lv.ravel(), 0, "igraph bfs")
    b.add(name, "bfs64", "igraph", t, ts, note="distances(source=64)")

    def rx_bfs():
        f = rx.digraph_bfs_layers if directed else rx.graph_bfs_layers
        return [f(R, [int(s)]) for s in sources]

    t, layers, ts = timed(rx_bfs, runs)
    for row, ls in zip(lv, layers):
        want = np.full(n, -1)
        for d, layer in enumerate(ls):
            want[list(layer)] = d
        close(want, row, 0, "rustworkx bfs")
    b.add(name, "bfs64", "rustworkx", t, ts, note="bfs_layers per source")
    t, d_nx, ts = timed(lambda: [nx.single_source_shortest_path_length(G, int(s)) for s in sources], runs)
    b.add(name, "bfs64", "networkx", t, ts)



def components(b, name, directed, G, g, I, R, runs):
    def dwell_cc():
        with g.session() as s:
            return (s.wcc().count, s.scc().count) if directed else (s.wcc().count,)

    t, cc, ts = timed(dwell_cc, runs)
    b.add(name, "components", "dwell", t, ts, note=f"counts {cc}")
    modes = ["weak", "strong"] if directed else ["weak"]
    t, got, ts = timed(lambda: tuple(len(I.connected_components(mode=m)) for m in modes), runs)
    assert got == cc, (got, cc)
    b.add(name, "components", "igraph", t, ts)

    def rx_cc():
        if directed:
            return (len(rx.weakly_connected_components(R)), len(rx.strongly_connected_components(R)))
        return (len(rx.connected_components(R)),)

    t, got, ts = timed(rx_cc, runs)
    assert got == cc, (got, cc)
    b.add(name, "components", "rustworkx", t, ts)

    def nx_cc():
        if directed:
            return (nx.number_weakly_connected_components(G), nx.number_strongly_connected_components(G))
        return (nx.number_connected_components(G),)

    t, got, ts = timed(nx_cc, runs)
    assert got == cc, (got, cc)
    b.add(name, "components", "networkx", t, ts)


def dwell_close_plain(g):
    with g.session() as s:
        return s.closeness(wf_improved=False)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--graphs", default="email-Enron,celegansneural,polblogs,power,pgp-strong-2009")
    p.add_argument("--runs", type=int, default=3, help="runs of each fast measurement (median)")
    p.add_argument("--nx-max-nodes", type=int, default=5000)
    p.add_argument("--slow-max-nodes", type=int, default=10**9,
                   help="skip rustworkx's all-pairs mean above this many nodes")
    p.add_argument("--tasks", default="closeness,apsp-stats,bfs64,components")
    p.add_argument("--import-log", help="add the rows an earlier run printed (see import_log)")
    p.add_argument("--append", action="store_true", help="add to the rows already in --out")
    p.add_argument("--out", default=str(ROOT / "docs" / "py-bench.json"))
    args = p.parse_args()
    b = Bench(args.runs)
    if args.append and pathlib.Path(args.out).exists():
        old = json.loads(pathlib.Path(args.out).read_text())
        b.rows = old["rows"]
        b.commands = old["meta"].get("commands") or [old["meta"]["command"]]
    if args.import_log:
        import_log(b, args.import_log)
        write(args, b)
    for name in filter(None, args.graphs.split(",")):
        run_graph(b, name, args)
        write(args, b)  # after every graph, so a long run leaves what it measured


def import_log(b, path):
    """Rows printed by an earlier run of this script (its stdout, saved):
    for a run stopped before it wrote its JSON. The fixed-width columns are
    those Bench.add prints."""
    b.commands.append(f"(rows of {path}, printed by: python crates/dwell-py/bench/peers.py --runs 3)")
    for line in pathlib.Path(path).read_text().splitlines():
        graph, task, tool, rest = line[:16].strip(), line[17:28].strip(), line[29:51].strip(), line[51:].strip()
        if rest.startswith("skipped:"):
            b.rows.append({"graph": graph, "task": task, "tool": tool, "seconds": None,
                           "note": rest[len("skipped:"):].strip(), "from": str(path)})
        else:
            seconds, _, note = rest.partition(" s")
            b.rows.append({"graph": graph, "task": task, "tool": tool, "seconds": float(seconds),
                           "note": note.strip(), "from": str(path)})


def write(args, b):
    meta = {
        "commands": b.commands + ["python " + " ".join([str(pathlib.Path(sys.argv[0]))] + sys.argv[1:])],
        "python": platform.python_version(), "cpus": os.cpu_count(),
        "versions": {"networkx": nx.__version__, "igraph": ig.__version__, "rustworkx": rx.__version__,
                     "numpy": np.__version__},
    }
    pathlib.Path(args.out).write_text(json.dumps({"meta": meta, "rows": b.rows}, indent=1) + "\n")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
