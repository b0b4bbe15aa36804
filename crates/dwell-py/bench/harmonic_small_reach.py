"""Harmonic centrality where searches reach few nodes: a random recursive
tree of n nodes, arcs to parents (each search climbs to the root), as in
test_networkx_backend.py. dwell cold (conversion included) and warm against
NetworkX, twice each.

    python crates/dwell-py/bench/harmonic_small_reach.py 60000
"""
import random, time, sys, networkx as nx, dwell.nx
nx.config.cache_converted_graphs = True
n = int(sys.argv[1])
def make():
    rnd = random.Random(7); G = nx.DiGraph(); G.add_nodes_from(range(n))
    G.add_edges_from((v, rnd.randrange(v)) for v in range(1, n)); return G
for rep in range(2):
    G = make(); t = time.perf_counter(); nx.harmonic_centrality(G, backend="dwell"); cold = time.perf_counter() - t
    t = time.perf_counter(); nx.harmonic_centrality(G, backend="dwell"); warm = time.perf_counter() - t
    t = time.perf_counter(); nx.harmonic_centrality(G); tn = time.perf_counter() - t
    print(f"n={n}: dwell cold {cold:.3f} s (conversion included), warm {warm:.3f} s, NetworkX {tn:.3f} s")
