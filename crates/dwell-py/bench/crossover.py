"""When the NetworkX backend pays: NetworkX's own call vs dwell's on a graph
not yet converted (the conversion timed with it) and on one already
converted, for one-search functions and closeness, on G(n, 3n) graphs.
Used for the thresholds in dwell.nx.should_run (docs/BENCHMARKS.md)."""
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
print("nodes,function,networkx_ms,dwell_cold_ms,dwell_converted_ms,cold_ratio,converted_ratio")
for n in [30, 100, 1000, 10000, 100000]:
    G = nx.gnm_random_graph(n, 3 * n, seed=1)
    for name, fn in FNS:
        if name == "closeness" and n > 1000:
            continue
        tn = best(fn, lambda: G, 3)
        tc = best(lambda H: fn(H, backend="dwell"), G.copy, 3)  # a fresh copy: nothing cached
        fn(G, backend="dwell")
        tw = best(lambda H: fn(H, backend="dwell"), lambda: G, 3)
        print(f"{n},{name},{tn*1e3:.3f},{tc*1e3:.3f},{tw*1e3:.3f},{tn/tc:.2f},{tn/tw:.2f}", flush=True)
