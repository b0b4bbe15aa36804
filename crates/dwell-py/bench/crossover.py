"""When the NetworkX backend pays: NetworkX's own call vs dwell's on a graph
not yet converted (the conversion timed with it) and on one already
converted, for one-search functions and closeness, on G(n, 3n) graphs; then
one search by its reach (``--reach-only``: that part alone). Used for the
thresholds in dwell.nx.should_run (docs/BENCHMARKS.md)."""
import time

import networkx as nx

import dwell.nx  # noqa: F401  (registers the backend)


def best(f, make, reps):
    b = 1e9
    for _ in range(reps):
        H = make()
        a = time.perf_counter()
        f(H)
        b = min(b, time.perf_counter() - a)
    return b


FNS = [
    ("closeness", nx.closeness_centrality),
    ("connected_components", lambda G, **k: list(nx.connected_components(G, **k))),
    ("sssp_length", lambda G, **k: nx.single_source_shortest_path_length(G, 0, **k)),
    ("bfs_layers", lambda G, **k: list(nx.bfs_layers(G, 0, **k))),
]
import sys

print("nodes,function,networkx_ms,dwell_cold_ms,dwell_converted_ms,cold_ratio,converted_ratio")
for n in [] if "--reach-only" in sys.argv else [30, 100, 1000, 10000, 100000]:
    G = nx.gnm_random_graph(n, 3 * n, seed=1)
    for name, fn in FNS:
        if name == "closeness" and n > 1000:
            continue
        tn = best(fn, lambda: G, 3)
        tc = best(lambda H: fn(H, backend="dwell"), G.copy, 3)  # a fresh copy: nothing cached
        fn(G, backend="dwell")
        tw = best(lambda H: fn(H, backend="dwell"), lambda: G, 3)
        print(f"{n},{name},{tn*1e3:.3f},{tc*1e3:.3f},{tw*1e3:.3f},{tn/tc:.2f},{tn/tw:.2f}", flush=True)

# Reach decides one search (dwell.nx._SMALL_REACH_*): on a random recursive
# tree whose arcs point to the parent (a small-reach DAG, as the Gene
# Ontology's is-a arcs), from a leaf a search reaches only its ancestors;
# with the arcs reversed, from the root it reaches everything. "auto" is
# NetworkX with backend_priority = ["dwell"] (should_run decides).
import random


def tree(n, up):
    rnd = random.Random(7)
    G = nx.DiGraph()
    G.add_nodes_from(range(n))
    G.add_edges_from((v, rnd.randrange(v)) if up else (rnd.randrange(v), v) for v in range(1, n))
    return G


def auto(fn):
    def run(H):
        saved = nx.config.backend_priority.algos
        nx.config.backend_priority.algos = ["dwell"]
        try:
            return fn(H)
        finally:
            nx.config.backend_priority.algos = saved
    return run


print("nodes,search,reach,networkx_ms,auto_cold_ms,auto_converted_ms,dwell_converted_ms")
for n in [20_000, 200_000]:
    for up, start in [(True, n - 1), (False, 0)]:
        G = tree(n, up)
        fn = lambda H, **k: nx.single_source_shortest_path_length(H, start, **k)  # noqa: E731
        reach = len(fn(G))
        tn = best(fn, lambda: G, 3)
        ta = best(auto(fn), G.copy, 3)  # a fresh copy: not converted
        nx.number_weakly_connected_components(G, backend="dwell")  # converts G (cached)
        tw = best(auto(fn), lambda: G, 3)
        td = best(lambda H: fn(H, backend="dwell"), lambda: G, 3)
        name = "ancestors-like" if up else "descendants-of-root"
        print(f"{n},{name},{reach},{tn*1e3:.3f},{ta*1e3:.3f},{tw*1e3:.3f},{td*1e3:.3f}", flush=True)
