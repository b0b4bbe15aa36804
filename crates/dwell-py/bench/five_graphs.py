"""Every function of dwell's NetworkX backend as a NetworkX user meets it:
``nx.config.backend_priority = ["dwell"]`` (should_run decides per call)
against plain NetworkX (no backend tried), on five real graphs:

  lesmis     social (Les Misérables co-appearances), 77 nodes, named
             vertices (``character-<id>`` strings)
  polblogs   social, 1,490 nodes, directed
  netscience social (co-authorship), 1,589 nodes, 396 components
  road-23rd  road network graph_23rd, 2,212 nodes, high diameter
  wordnet    DAG: WordNet 3.0's hypernym arcs (``@``, ``@i``: synset → its
             more general synset), 82,115 synsets named ``OFFSET-POS``;
             a search from a leaf reaches a dozen nodes, into the root all

Each call's answer under the backend must equal NetworkX's (dicts and their
key order, sets, lists, numbers to 1e-12, the same exception), or the run
stops (both run on copies of the graph: ``G.copy()`` reorders neighbour
rows, and the order of some answers follows them). Times as a user sees them: "cold" is the first call on a fresh copy
of the graph (a conversion included where dwell runs it), "warm" a repeated
call on a graph that has had the benchmark's earlier calls (converted once
anything ran in dwell). NetworkX and the backend alternate call by call;
each figure is the best of ``--reps`` (the machine is shared: the best is
the least disturbed; tiny calls repeated in a loop to last ≥ 2 ms).
Ratio = NetworkX time / backend time: below 0.9 fails. "floor" is the ratio
NetworkX's dispatcher alone allows for a call left to NetworkX: the same
call with a backend in ``backend_priority`` that declines at once (can_run
False), so no should_run could do better.

    python crates/dwell-py/bench/five_graphs.py --data /work/shared/datasets --out five.json

"route" says where the call ran (dwell, networkx, or nx-own: accepted by
should_run and answered by NetworkX's own function with its inner calls
undispatched, dwell.nx._own): the script counts the calls that reach the
backend's functions.
"""

from __future__ import annotations

import argparse
import json
import lzma
import math
import pathlib
import sys
import time

import networkx as nx

import dwell.nx as dnx
from dwell.nx import _own

ROOT = pathlib.Path(__file__).resolve().parents[3]


def read_pairs(path, road=False):
    with lzma.open(path, "rt") as f:
        for line in f:
            w = line.split()
            if not w or w[0] in ("#", "c", "p") or line.startswith("#"):
                continue
            yield (w[1], w[2]) if road else (w[0], w[1])


def header_nodes(path):
    """The node count in the collection's header ("# nodes N edges M ..."):
    isolated nodes are in no edge line."""
    with lzma.open(path, "rt") as f:
        for line in f:
            w = line[1:].split()
            if line.startswith("#") and w[:1] == ["nodes"]:
                return int(w[1])
    return 0


def les_mis(data):
    """graph-tool's lesmis with string node names (``character-<id>``: the
    file carries ids only), so names go through the conversion."""
    G = nx.Graph((int(u), int(v)) for u, v in read_pairs(data / "graphs" / "lesmis.edges.xz"))
    return nx.relabel_nodes(G, {i: f"character-{i}" for i in G})


def edges_graph(data, name, directed):
    path = data / "graphs" / f"{name}.edges.xz"
    G = nx.DiGraph() if directed else nx.Graph()
    G.add_nodes_from(range(header_nodes(path)))
    G.add_edges_from((int(u), int(v)) for u, v in read_pairs(path))
    return G


def road(data):
    return nx.Graph((int(u), int(v)) for u, v in read_pairs(data / "roads" / "graph_23rd.gr.xz", road=True))


def wordnet(path):
    G = nx.DiGraph()
    with lzma.open(path, "rt") as f:
        for line in f:
            u, v, sym = line.split()
            if sym in ("@", "@i"):
                G.add_edge(u, v)
    assert nx.is_directed_acyclic_graph(G), "WordNet's hypernym arcs should form a DAG"
    return G


def graphs(args):
    data = pathlib.Path(args.data)
    yield "lesmis", les_mis(data)
    yield "polblogs", edges_graph(data, "polblogs", True)
    yield "netscience", edges_graph(data, "netscience", False)
    yield "road-23rd", road(data)
    yield "wordnet", wordnet(pathlib.Path(args.wordnet))


def picks(G):
    """Representative arguments: the hub (largest reach), a node of least
    degree, and on digraphs a node no arc leaves (a sink: a search from it
    reaches only itself) and the node with most arcs in."""
    deg = sorted(G.degree, key=lambda p: (p[1], str(p[0])))
    hub, low = deg[-1][0], deg[0][0]
    far = max(nx.single_source_shortest_path_length(G, hub).items(), key=lambda p: (p[1], str(p[0])))[0]
    near = next(iter(G[hub]))
    p = {"hub": hub, "low": low, "far": far, "near": near}
    if G.is_directed():
        p["leaf"] = min((v for v in G if G.in_degree(v) == 0 and G.out_degree(v) > 0), key=str)
        p["root"] = max(G, key=lambda v: (G.in_degree(v), str(v)))
    return p


def cases(G):
    """(label, function) pairs: every function the backend registers, with
    the arguments that matter for dispatch (reach, cutoffs, near and far)."""
    p, d = picks(G), G.is_directed()
    src = p["leaf"] if d else p["low"]
    top = p["root"] if d else p["hub"]
    c = [
        ("single_source_shortest_path_length(hub)", lambda H: nx.single_source_shortest_path_length(H, p["hub"])),
        ("single_source_shortest_path_length(small)", lambda H: nx.single_source_shortest_path_length(H, src)),
        ("single_source_shortest_path_length(hub, cutoff=2)",
         lambda H: nx.single_source_shortest_path_length(H, p["hub"], cutoff=2)),
        ("single_target_shortest_path_length(top)",
         lambda H: dict(nx.single_target_shortest_path_length(H, top))),
        ("single_target_shortest_path_length(low)",
         lambda H: dict(nx.single_target_shortest_path_length(H, p["low"]))),
        ("all_pairs_shortest_path_length", lambda H: dict(nx.all_pairs_shortest_path_length(H))),
        ("all_pairs_shortest_path_length(cutoff=2)", lambda H: dict(nx.all_pairs_shortest_path_length(H, cutoff=2))),
        ("bfs_layers(hub)", lambda H: list(nx.bfs_layers(H, p["hub"]))),
        ("bfs_layers(small)", lambda H: list(nx.bfs_layers(H, src))),
        ("descendants(hub)", lambda H: nx.descendants(H, p["hub"])),
        ("descendants(small)", lambda H: nx.descendants(H, src)),
        ("descendants_at_distance(hub, 2)", lambda H: nx.descendants_at_distance(H, p["hub"], 2)),
        ("has_path(near)", lambda H: nx.has_path(H, p["hub"], p["near"])),
        ("has_path(far)", lambda H: nx.has_path(H, p["hub"], p["far"])),
        ("has_path(small, top)", lambda H: nx.has_path(H, src, top)),
        ("closeness_centrality", nx.closeness_centrality),
        ("closeness_centrality(u=hub)", lambda H: nx.closeness_centrality(H, u=p["hub"])),
        ("harmonic_centrality", nx.harmonic_centrality),
        ("eccentricity", nx.eccentricity),
        ("eccentricity(v=hub)", lambda H: nx.eccentricity(H, v=p["hub"])),
        ("diameter", nx.diameter),
        ("radius", nx.radius),
        ("average_shortest_path_length", nx.average_shortest_path_length),
        ("wiener_index", nx.wiener_index),
    ]
    if d:
        c += [
            ("ancestors(top)", lambda H: nx.ancestors(H, top)),
            ("ancestors(small)", lambda H: nx.ancestors(H, src)),
            ("weakly_connected_components", lambda H: list(nx.weakly_connected_components(H))),
            ("number_weakly_connected_components", nx.number_weakly_connected_components),
            ("is_weakly_connected", nx.is_weakly_connected),
            ("strongly_connected_components", lambda H: list(nx.strongly_connected_components(H))),
            ("number_strongly_connected_components", nx.number_strongly_connected_components),
            ("is_strongly_connected", nx.is_strongly_connected),
            ("condensation", lambda H: _graph_form(nx.condensation(H))),
        ]
    else:
        c += [
            ("ancestors(hub)", lambda H: nx.ancestors(H, p["hub"])),
            ("connected_components", lambda H: list(nx.connected_components(H))),
            ("number_connected_components", nx.number_connected_components),
            ("is_connected", nx.is_connected),
            ("node_connected_component(low)", lambda H: nx.node_connected_component(H, p["low"])),
        ]
    return c


def _graph_form(C):
    return list(C.nodes(data=True)), list(C.edges), C.graph


def outcome(f, H):
    try:
        return ("ok", f(H))
    except Exception as err:  # the same exception under both is an equal answer
        return ("raised", type(err).__name__, str(err))


def equal(a, b):
    if isinstance(a, float) and isinstance(b, float):
        return a == b or (math.isnan(a) and math.isnan(b)) or abs(a - b) <= 1e-12 * max(1.0, abs(a), abs(b))
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(equal(a[k], b[k]) for k in a)
    if isinstance(a, (list, tuple)):
        return len(a) == len(b) and all(equal(x, y) for x, y in zip(a, b))
    return a == b


class Priority:
    """``nx.config.backend_priority.algos`` set for the ``with`` block."""

    def __init__(self, names):
        self.names = names

    def __enter__(self):
        self.saved = nx.config.backend_priority.algos
        nx.config.backend_priority.algos = self.names

    def __exit__(self, *exc):
        nx.config.backend_priority.algos = self.saved


PLAIN, DWELL = Priority([]), Priority(["dwell"])


class Floor(Priority):
    """dwell first in the priority, declining every call at once."""

    def __enter__(self):
        super().__enter__()
        self.can_run = dnx.BackendInterface.can_run
        dnx.BackendInterface.can_run = staticmethod(lambda name, args, kwargs: False)

    def __exit__(self, *exc):
        dnx.BackendInterface.can_run = self.can_run
        super().__exit__(*exc)


FLOOR = Floor(["dwell"])


def once(mode, f, H):
    with mode:
        t = time.perf_counter()
        outcome(f, H)
        return time.perf_counter() - t


def looped(mode, f, H, loops):
    with mode:
        t = time.perf_counter()
        for _ in range(loops):
            outcome(f, H)
        return (time.perf_counter() - t) / loops


CALLS = {"dwell": 0, "nx-own": 0}


def count_calls():
    """Wrap the backend's functions (as NetworkX loads them) to count calls:
    "nx-own" where should_run accepted the call for NetworkX's own function
    (dwell.nx._own), "dwell" otherwise."""
    def counted(name, fn):
        def run(*a, **k):
            call = _own._CALL.call
            CALLS["nx-own" if call is not None and call[0] == name else "dwell"] += 1
            return fn(*a, **k)
        return staticmethod(run)
    for name in dnx._IMPLEMENTED:
        setattr(dnx.BackendInterface, name, counted(name, getattr(dnx.BackendInterface, name)))


def route(f, H):
    """Where the backend sent this call: dwell if any call ran there, else
    nx-own if one was accepted for NetworkX's own function, else networkx."""
    before = dict(CALLS)
    with DWELL:
        outcome(f, H)
    return next((k for k in ("dwell", "nx-own") if CALLS[k] != before[k]), "networkx")


def measure(f, G, warm_G, reps, floor):
    """Best cold and warm seconds of NetworkX and the backend, alternating
    (and of the floor, when asked)."""
    modes = (("nx", PLAIN), ("dw", DWELL)) + ((("fl", FLOOR),) if floor else ())
    cold = {k: [] for k, _ in modes}
    for _ in range(reps):
        for key, mode in modes:
            cold[key].append(once(mode, f, G.copy()))
    first = once(PLAIN, f, warm_G)
    loops = max(1, min(2000, int(0.002 / max(first, 1e-7))))
    warm = {k: [] for k, _ in modes}
    for _ in range(reps):
        for key, mode in modes:
            warm[key].append(looped(mode, f, warm_G, loops))
    return {k: min(v) for k, v in cold.items()}, {k: min(v) for k, v in warm.items()}, loops


def run_graph(name, G, args, rows):
    print(f"# {name}: {G.number_of_nodes()} nodes, {G.number_of_edges()} edges, "
          f"{'directed' if G.is_directed() else 'undirected'}", flush=True)
    warm_G = G.copy()
    for label, f in cases(G):
        if args.only and not any(s in label for s in args.only.split(",")):
            continue
        want = outcome(f, G.copy())  # plain NetworkX (priority empty: the default)
        with DWELL:
            got = outcome(f, G.copy())
        if not equal(want, got):
            sys.exit(f"{name} {label}: the backend's answer differs from NetworkX's:\n"
                     f"  networkx: {str(want)[:300]}\n  backend:  {str(got)[:300]}")
        slow = once(PLAIN, f, G) > args.slow_s
        routes = route(f, G.copy()), route(f, warm_G)
        cold, warm, loops = measure(f, G, warm_G, 1 if slow else args.reps, "dwell" not in routes)
        r = {"graph": name, "call": label, "route_cold": routes[0], "route_warm": routes[1],
             "nx_cold_ms": cold["nx"] * 1e3, "dwell_cold_ms": cold["dw"] * 1e3,
             "nx_warm_ms": warm["nx"] * 1e3, "dwell_warm_ms": warm["dw"] * 1e3, "loops": loops,
             "answer": want[0]}
        r["cold_ratio"] = cold["nx"] / cold["dw"]
        r["warm_ratio"] = warm["nx"] / warm["dw"]
        if "fl" in cold:
            r["floor_cold_ratio"] = cold["nx"] / cold["fl"]
            r["floor_warm_ratio"] = warm["nx"] / warm["fl"]
        rows.append(r)
        flag = "" if min(r["cold_ratio"], r["warm_ratio"]) >= 0.9 else "  SLOWER"
        floor = (f"  floor {r['floor_cold_ratio']:.2f} {r['floor_warm_ratio']:.2f}"
                 if "floor_cold_ratio" in r else "")
        print(f"{name:10} {label:52} {r['route_cold']:8} {r['route_warm']:8} "
              f"{r['nx_cold_ms']:10.3f} {r['dwell_cold_ms']:10.3f} {r['cold_ratio']:7.2f}   "
              f"{r['nx_warm_ms']:10.3f} {r['dwell_warm_ms']:10.3f} {r['warm_ratio']:7.2f}{flag}{floor}", flush=True)


GRAPHS = ("lesmis", "polblogs", "netscience", "road-23rd", "wordnet")


def markdown(rows):
    """The docs' tables from the JSON rows: per call and graph "cold / warm"
    ratios (NetworkX time over the backend's; **bold** below 0.9; "d" where
    the warm call ran in dwell, "o" where it was accepted and answered by
    NetworkX's own function, inner calls undispatched), then every call below
    0.9 with its floor."""
    calls = list(dict.fromkeys(r["call"] for r in rows))
    at = {(r["graph"], r["call"]): r for r in rows}
    out = ["| call | " + " | ".join(GRAPHS) + " |", "|---|" + "---:|" * len(GRAPHS)]
    fmt = lambda x: f"**{x:.2f}**" if x < 0.9 else f"{x:.2f}"  # noqa: E731
    for call in calls:
        cells = []
        for g in GRAPHS:
            r = at.get((g, call))
            mark = {"dwell": " d", "nx-own": " o"}.get(r["route_warm"], "") if r else ""
            cells.append("" if r is None else f"{fmt(r['cold_ratio'])} / {fmt(r['warm_ratio'])}{mark}")
        out.append(f"| {call} | " + " | ".join(cells) + " |")
    out += ["", "| graph | call | NetworkX cold / warm ms | ratio cold / warm | floor cold / warm |",
            "|---|---|---:|---:|---:|"]
    for r in rows:
        if min(r["cold_ratio"], r["warm_ratio"]) < 0.9:
            floor = (f"{r['floor_cold_ratio']:.2f} / {r['floor_warm_ratio']:.2f}" if "floor_cold_ratio" in r
                     else "(ran in dwell)")
            out.append(f"| {r['graph']} | {r['call']} | {r['nx_cold_ms']:.3f} / {r['nx_warm_ms']:.3f} | "
                       f"{r['cold_ratio']:.2f} / {r['warm_ratio']:.2f} | {floor} |")
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", default="/work/shared/datasets", help="the shared dataset folder (graphs/, roads/)")
    ap.add_argument("--wordnet", default=str(ROOT / "data" / "names" / "wordnet-pointers.edges.xz"))
    ap.add_argument("--graphs", default="", help="comma-separated subset of the five names")
    ap.add_argument("--only", default="", help="comma-separated substrings of call labels to run")
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--slow-s", type=float, default=2.0, help="calls slower than this in NetworkX run once")
    ap.add_argument("--out", help="JSON file for the rows")
    ap.add_argument("--markdown", help="print the docs' tables from this JSON file (no run)")
    args = ap.parse_args()
    if args.markdown:
        print(markdown(json.loads(pathlib.Path(args.markdown).read_text())))
        return
    print(f"{'graph':10} {'call':52} {'cold':8} {'warm':8} {'nx cold':>10} {'dw cold':>10} {'ratio':>7}   "
          f"{'nx warm':>10} {'dw warm':>10} {'ratio':>7}  (ms)")
    count_calls()
    rows = []
    for name, G in graphs(args):
        if args.graphs and name not in args.graphs.split(","):
            continue
        run_graph(name, G, args, rows)
    slower = [r for r in rows if min(r["cold_ratio"], r["warm_ratio"]) < 0.9]
    print(f"# {len(rows)} calls, answers equal; {len(slower)} below 0.9x NetworkX")
    if args.out:
        pathlib.Path(args.out).write_text(json.dumps(rows, indent=1, default=str))


if __name__ == "__main__":
    main()
