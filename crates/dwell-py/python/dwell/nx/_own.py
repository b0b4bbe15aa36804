"""Every-source calls on graphs too small for dwell, answered by NetworkX's
own function with its inner calls undispatched.

NetworkX's every-source functions (all pairs, closeness, harmonic,
eccentricity and what calls it, average shortest path length, the Wiener
index) call a dispatchable single-source search once per node. Declined by
dwell, each of those inner calls pays NetworkX's dispatcher with a backend
in the priority, can_run and should_run again: on lesmis (77 nodes) that
made them 0.8x NetworkX alone. So ``should_run`` accepts such a call
(:func:`mark`), and the backend's function, handed the call, runs NetworkX's
own function on the NetworkX graph with the priority empty for its
duration: the answer is NetworkX's by construction, and the inner calls cost
what they cost without dwell. An explicit ``backend="dwell"`` (and
NetworkX's test mode, which asks no should_run) never marks a call, so
those run dwell's kernels.

The loops below marked "line for line" are NetworkX 3.6's own code (kept
so that answers equal NetworkX's by construction), under NetworkX's
3-clause BSD license: Copyright (C) 2004-2025, NetworkX Developers; the
license's text and conditions are in NETWORKX-LICENSE.txt beside this file.
"""

from __future__ import annotations

import contextlib
import itertools
import threading
from typing import Any, Iterator, Optional

import networkx as nx

#: The call ``should_run`` accepted for NetworkX's own function: (name, the
#: NetworkX graph), per thread; taken by the next backend call.
class _Call(threading.local):
    call: Optional[tuple] = None  # a class default: a missing attribute of a local costs ~1 us


_CALL = _Call()


def mark(name: str, G: Any) -> bool:
    """Accept ``name`` on ``G`` for NetworkX's own function (``True`` for should_run)."""
    _CALL.call = (name, G)
    return True


def take(name: str, args: tuple) -> Optional[Any]:
    """The NetworkX graph of the marked call, if this backend call
    (``args[0]`` the conversion NetworkX made) is it; clears the mark. A mark
    left by a call whose conversion failed matches no later call (another
    name or graph) or, at worst, answers one with NetworkX's own function."""
    call = _CALL.call
    if call is None:
        return None
    _CALL.call = None
    D = args[0] if args else None
    origin = getattr(D, "_origin", None)
    if call[0] != name or not (getattr(D, "_pending", None) is call[1] or (origin is not None and origin() is call[1])):
        return None
    return call[1]


def connected(G: Any) -> bool:
    """NetworkX's is_strongly_connected (digraphs) or is_connected of ``G``,
    False for the null graph: their one line, with the component generator
    undispatched (dispatched, WordNet's DAG was converted for it: 0.2x) and
    no change of NetworkX's priority (``undispatched()`` costs ~28 us: its
    config validates each assignment; polblogs' ASPL cold 0.70x)."""
    components = nx.strongly_connected_components if G.is_directed() else nx.connected_components
    return len(G) > 0 and len(next(components.orig_func(G))) == len(G)


@contextlib.contextmanager
def undispatched() -> Iterator[None]:
    """NetworkX's calls inside the block go to NetworkX alone (priority empty).
    Global for the block, as NetworkX's config is; restored on exit."""
    saved = nx.config.backend_priority.algos
    nx.config.backend_priority.algos = []
    try:
        yield
    finally:
        nx.config.backend_priority.algos = saved


def _all_pairs(G: Any, cutoff: Any = None) -> Iterator:
    """NetworkX's all_pairs_shortest_path_length, line for line, with its
    single-source search undispatched: a generator, so the priority cannot
    be held empty across its yields (the caller's code runs between them)."""
    length = nx.single_source_shortest_path_length.orig_func
    for n in G:
        yield (n, length(G, n, cutoff=cutoff))


# NetworkX 3.6's every-source functions, line for line, for the arguments
# dwell accepts (unweighted; no sp=, e=, sources=, usebounds), with their
# per-node search undispatched. Run under the priority emptied instead, each
# inner call still pays NetworkX's dispatcher with no backend (1-10 us a
# node: closeness and eccentricity on lesmis came out 0.90-0.92x); called
# straight, they are quicker than NetworkX alone. Other NetworkX versions
# take the emptied priority: these are checked against 3.6 only.


def _sssp(G: Any, n: Any) -> dict:
    return nx.single_source_shortest_path_length.orig_func(G, n)


def _closeness(G, u=None, distance=None, wf_improved=True):
    if G.is_directed():
        G = G.reverse()
    nodes = G.nodes if u is None else [u]
    closeness_dict = {}
    for n in nodes:
        sp = _sssp(G, n)
        totsp = sum(sp.values())
        len_G = len(G)
        _closeness_centrality = 0.0
        if totsp > 0.0 and len_G > 1:
            _closeness_centrality = (len(sp) - 1.0) / totsp
            if wf_improved:
                s = (len(sp) - 1.0) / (len_G - 1)
                _closeness_centrality *= s
        closeness_dict[n] = _closeness_centrality
    if u is not None:
        return closeness_dict[u]
    return closeness_dict


def _harmonic(G, nbunch=None, distance=None, sources=None):
    nbunch = set(G.nbunch_iter(nbunch) if nbunch is not None else G.nodes)
    sources = set(G.nodes)
    centrality = {u: 0 for u in nbunch}
    transposed = False
    if len(nbunch) < len(sources):
        transposed = True
        nbunch, sources = sources, nbunch
        if nx.is_directed(G):
            G = nx.reverse(G, copy=False)
    for v in sources:
        dist = _sssp(G, v)
        for u, d_uv in dist.items():
            if d_uv != 0 and u in nbunch:
                centrality[v if transposed else u] += 1 / d_uv
    return centrality


def _eccentricity(G, v=None, sp=None, weight=None):
    order = G.order()
    e = {}
    for n in G.nbunch_iter(v):
        length = _sssp(G, n)
        if len(length) != order:
            if G.is_directed():
                msg = "Found infinite path length because the digraph is not strongly connected"
            else:
                msg = "Found infinite path length because the graph is not connected"
            raise nx.NetworkXError(msg)
        e[n] = max(length.values())
    if v in G:
        return e[v]
    return e


def _diameter(G, e=None, usebounds=False, weight=None):
    return max(_eccentricity(G).values())


def _radius(G, e=None, usebounds=False, weight=None):
    return min(_eccentricity(G).values())


def _connected(G) -> bool:
    """NetworkX's is_(strongly_)connected of a graph of nodes, its component search undispatched."""
    components = nx.strongly_connected_components if G.is_directed() else nx.connected_components
    return len(next(components.orig_func(G))) == len(G)


def _average_shortest_path_length(G, weight=None, method=None):
    n = len(G)
    if n == 1:
        return 0
    if G.is_directed() and not _connected(G):
        raise nx.NetworkXError("Graph is not strongly connected.")
    if not G.is_directed() and not _connected(G):
        raise nx.NetworkXError("Graph is not connected.")
    s = sum(length for u in G for length in _sssp(G, u).values())
    return s / (n * (n - 1))


def _wiener_index(G, weight=None):
    if not _connected(G):
        return float("inf")
    total = sum(itertools.chain.from_iterable(_sssp(G, node).values() for node in G))
    return total if G.is_directed() else total / 2


#: The functions should_run accepts for NetworkX's own on small graphs: those
#: whose NetworkX code makes a dispatched search per node.
PER_NODE = frozenset({
    "all_pairs_shortest_path_length", "closeness_centrality", "harmonic_centrality", "eccentricity", "diameter",
    "radius", "average_shortest_path_length", "wiener_index",
})

_LOOPS = {
    "closeness_centrality": _closeness, "harmonic_centrality": _harmonic, "eccentricity": _eccentricity,
    "diameter": _diameter, "radius": _radius, "average_shortest_path_length": _average_shortest_path_length,
    "wiener_index": _wiener_index,
} if nx.__version__.startswith("3.6.") else {}


def run(name: str, G: Any, args: tuple, kwargs: dict) -> Any:
    """NetworkX's own ``name`` on the NetworkX graph ``G`` (``args`` after G)."""
    if name == "all_pairs_shortest_path_length":
        return _all_pairs(G, *args, **kwargs)
    loop = _LOOPS.get(name)
    # diameter(usebounds=True) of a graph takes NetworkX's bounding algorithm.
    if loop is not None and not (name in ("diameter", "radius") and _usebounds(args, kwargs)):
        return loop(G, *args, **kwargs)
    with undispatched():
        return getattr(nx, name).orig_func(G, *args, **kwargs)


def _usebounds(args: tuple, kwargs: dict) -> bool:
    return bool(kwargs.get("usebounds", args[1] if len(args) > 1 else False))
