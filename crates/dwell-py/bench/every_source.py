"""Every-source functions of the NetworkX backend on a large sparse graph:
time, dwell's memory estimate for the call and the measured peak.

For each function the graph is converted first (one cheap call), then the
process's freed heap is handed back (``malloc_trim``), its peak RSS reset
(``/proc/self/clear_refs``, Linux) and the call runs. "measured" is the
peak RSS during the call less the RSS before it; "plan work" is what dwell
planned for the call's search (frontier, scratch and output bytes: what the
call adds, the graph being resident already); "estimate" adds
HOST_BYTES_PER_SOURCE[function] per vertex (the answer as Rust, numpy and
NetworkX hold it). Harmonic centrality's plan is the BFS summary batch's
of the same sources (the same sweeps; per-level counts instead of
summaries); all pairs (dwell-py's own ordered searches) reports no plan:
measured only.
NetworkX's answer is not computed at this size (hours); tests compare with
it on smaller graphs, and ``--check-nodes N`` does on a G(N, M·N/n) graph.

    python crates/dwell-py/bench/every_source.py --nodes 300000 --edges 450000
"""
import argparse
import ctypes
import math
import os
import resource
import time

import networkx as nx
import numpy as np

import dwell.nx


def rss(field):
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1]) * 1024
    raise RuntimeError(field)


def reset_peak():
    """Hand freed heap back to the system (glibc's malloc_trim: otherwise a
    call reuses what an earlier one freed and its RSS barely rises), then
    reset the peak RSS to the current RSS."""
    ctypes.CDLL("libc.so.6").malloc_trim(0)
    with open("/proc/self/clear_refs", "w") as f:
        f.write("5")


def sparse_graph(n, m, seed, connected=False):
    """G(n, m) built from numpy arrays (NetworkX's gnm is slow at this size);
    ``connected``: plus a path through every node in random order, so that
    the functions NetworkX defines on connected graphs only (eccentricity,
    average shortest path length, a finite Wiener index) run whole."""
    rng = np.random.default_rng(seed)
    u = rng.integers(0, n, size=2 * m)
    v = rng.integers(0, n, size=2 * m)
    keep = u != v
    pairs = np.unique(np.sort(np.stack([u[keep], v[keep]], 1), 1), axis=0)[:m]
    G = nx.Graph()
    G.add_nodes_from(range(n))
    G.add_edges_from(pairs.tolist())
    if connected:
        order = rng.permutation(n).tolist()
        G.add_edges_from(zip(order, order[1:]))
    return G


#: Bytes per source a call over every vertex holds beyond dwell's plan (the
#: plan counts the searches' buffers and 24-byte summaries): the results as
#: Rust holds them (72-byte lanes, two Vecs of them at once where the sweeps'
#: order is undone and where leaves take their neighbour's lane, then 48-byte
#: BFS results) and the four numpy columns and the structured summary
#: (24 + 24): 192 B; closeness adds its float64 temporaries (~48) and
#: NetworkX's dict (list slot and float object 32, dict entry ~35),
#: eccentricity the dict of ints (~67).
RESULT_BYTES = 2 * 72 + 48
#: Harmonic centrality holds, per source, its per-level counts (a Vec: 24 +
#: a heap block of ≥ 32 bytes), the float64 sum (8), the numpy list's float
#: object and slot (24 + 8), dwell.nx's set and list of members (~32 + 8)
#: and uint32 ids (4), and NetworkX's dict (~42, the floats shared): ~182.
HOST_BYTES_PER_SOURCE = {
    "closeness_centrality": RESULT_BYTES + 48 + 32 + 35,
    "eccentricity": RESULT_BYTES + 67,
    "wiener_index": RESULT_BYTES,
    "average_shortest_path_length": RESULT_BYTES,
    "harmonic_centrality": 24 + 32 + 8 + 24 + 8 + 32 + 8 + 4 + 42,
}

FUNCTIONS = {
    "closeness_centrality": nx.closeness_centrality,
    "wiener_index": nx.wiener_index,
    "harmonic_centrality": nx.harmonic_centrality,
    "average_shortest_path_length": nx.average_shortest_path_length,
    "eccentricity": nx.eccentricity,
    "all_pairs_shortest_path_length": lambda G, **k: sum(1 for _ in nx.all_pairs_shortest_path_length(G, **k)),
}


def same_answer(want, got):
    if isinstance(want, dict):
        return want.keys() == got.keys() and all(
            math.isclose(want[k], got[k], rel_tol=1e-12, abs_tol=0) for k in want)
    if isinstance(want, float) and isinstance(got, float):
        return want == got or math.isclose(want, got, rel_tol=1e-12)
    return want == got


def measure(G, name):
    fn = FUNCTIONS[name]
    D = dwell.nx._held(G)
    calls = D._session.calls if D is not None and D._session is not None else 0
    reset_peak()
    before = rss("VmRSS")
    t = time.perf_counter()
    try:
        out = fn(G, backend="dwell")
        what = "answered"
    except nx.NetworkXError as e:  # eccentricity and the average of a disconnected graph
        out, what = None, f"NetworkXError: {e}"
    took = time.perf_counter() - t
    measured = rss("VmHWM") - before
    D = dwell.nx._held(G)
    # The plan of this call's (last) session call; none if it made none
    # (all pairs: dwell-py's own ordered searches, no session).
    made = D is not None and D._session is not None and D._session.calls > calls
    plan = D._session.plan if made else None
    return out, what, took, measured, plan


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--nodes", type=int, default=300_000)
    ap.add_argument("--edges", type=int, default=450_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--connected", action="store_true", help="add a path through every node (G connected)")
    ap.add_argument("--functions", default="closeness_centrality,wiener_index")
    ap.add_argument("--networkx", action="store_true",
                    help="also time NetworkX's own call on the same graph and compare (small components only)")
    ap.add_argument("--check-nodes", type=int, default=0,
                    help="also compare with NetworkX's own answer on a graph of this many nodes")
    args = ap.parse_args()
    nx.config.cache_converted_graphs = True
    names = args.functions.split(",")
    t = time.perf_counter()
    G = sparse_graph(args.nodes, args.edges, args.seed, args.connected)
    print(f"G({args.nodes}, {G.number_of_edges()}) built in {time.perf_counter() - t:.1f} s; "
          f"largest component {max(map(len, nx.connected_components(G)))} nodes; threads {os.cpu_count()}")
    t = time.perf_counter()
    nx.number_connected_components(G, backend="dwell")  # converts G and opens its session (cached)
    print(f"conversion + one components call: {time.perf_counter() - t:.1f} s")
    print("function,seconds,plan_work_mb,estimate_mb,measured_peak_mb,estimate/measured,result")
    for i, name in enumerate(names):
        if i:
            # A fresh conversion and session for each function: a session keeps
            # its sweeps' scratch between calls, so a second call would allocate
            # less than its plan says (Wiener index after closeness: 4.8 MB of 28.8).
            G.__networkx_cache__.clear()
            nx.number_connected_components(G, backend="dwell")
        out, what, took, measured, plan = measure(G, name)
        work = plan["frontier_bytes"] + plan["scratch_bytes"] + plan["output_buffer_bytes"] if plan else float("nan")
        est = work + HOST_BYTES_PER_SOURCE.get(name, 0) * len(G)
        if isinstance(out, dict):
            what += f" ({len(out)} values)"
        elif out is not None:
            what += f" ({out})"
        print(f"{name},{took:.2f},{work / 2**20:.1f},{est / 2**20:.1f},{measured / 2**20:.1f},"
              f"{est / max(measured, 1):.2f},{what}", flush=True)
        if args.networkx:
            t = time.perf_counter()
            try:
                want = FUNCTIONS[name](G)
            except nx.NetworkXError:
                want = None
            took_nx = time.perf_counter() - t
            print(f"  networkx {took_nx:.2f} s; equal: {same_answer(want, out)}", flush=True)
    print(f"process peak RSS {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")
    if args.check_nodes:
        H = sparse_graph(args.check_nodes, args.edges * args.check_nodes // args.nodes, args.seed)
        for name in names:
            fn = FUNCTIONS[name]
            try:
                want = fn(H)
            except nx.NetworkXError as e:
                want = repr(e)
            try:
                got = fn(H, backend="dwell")
            except nx.NetworkXError as e:
                got = repr(e)
            print(f"check G({args.check_nodes}): {name} equal to NetworkX: {same_answer(want, got)}")


if __name__ == "__main__":
    main()
