"""The GAP kernels as NetworkX functions: ``betweenness_centrality``,
``edge_betweenness_centrality``, ``pagerank``, ``triangles``, ``clustering``, ``average_clustering``,
``transitivity`` and weighted ``single_source_dijkstra_path_length``,
``all_pairs_dijkstra_path_length`` and ``shortest_path_length``.

Each answers as NetworkX does (its scaling, its float operations where
they decide the last bit, its ``0`` ints, its exceptions and key order) or
declines through :func:`why_not` with a reason, and NetworkX runs its own.
Weights are read from the NetworkX graph at each call (NetworkX's own
Dijkstra reads them at each call too), over the topology converted once.
"""

from __future__ import annotations

import itertools
import math
import numbers
import operator
from typing import Any, Dict, Iterator, Optional

import networkx as nx
import numpy as np

from .. import _dwell
from .._api import Graph, _nx_weights
from .._errors import DwellConvergenceError
from . import _arg, _convert, _session  # defined before dwell.nx imports this module

# -- betweenness -------------------------------------------------------------


def _bc_sample(G, k, seed) -> Optional[np.ndarray]:
    """NetworkX's sample of ``k`` sources (``seed.sample(list(G), k)``:
    ``seed`` is already a Random here) as ids; None when exact."""
    if k is None or k == len(G):
        return None
    picked = seed.sample(list(G.nodes), k)
    return np.fromiter((G.index[v] for v in picked), dtype=np.uint32, count=len(picked))


def _bc_session(G, weight):
    """A session on G's topology, or (``weight`` given) on a graph of it
    with ``weight`` as arc lengths, read at each call (see
    :func:`_lengths_graph`)."""
    return _session(G) if weight is None else _lengths_graph(G, weight)[0].session()


def betweenness_centrality(G, k=None, normalized=True, weight=None, endpoints=False, seed=None):
    """Brandes, unweighted or over ``weight`` (Dijkstra with NetworkX's sums
    and ties); ``k`` sources sampled exactly as NetworkX samples them."""
    sample = _bc_sample(G, k, seed)
    if len(G) == 0:
        return {}
    with _bc_session(G, weight) as s:
        scores = s.betweenness(sources=sample, normalized=bool(normalized), endpoints=bool(endpoints),
                               weighted=weight is not None)
    return dict(zip(G.nodes, scores.tolist()))


def edge_betweenness_centrality(G, k=None, normalized=True, weight=None, seed=None):
    """Edge Brandes as :func:`betweenness_centrality`, keyed by
    ``G.edges()`` in NetworkX's order and orientation."""
    sample = _bc_sample(G, k, seed)
    H = _nx_graph(G)
    if len(G) == 0:
        return {}
    with _bc_session(G, weight) as s:
        r = s.edge_betweenness(sources=sample, normalized=bool(normalized), weighted=weight is not None)
    n, index = len(G), G.index
    score = dict(zip((r.sources.astype(np.int64) * n + r.targets).tolist(), r.scores.tolist()))
    if G.is_directed():
        return {(u, v): score[index[u] * n + index[v]] for u, v in H.edges()}
    return {(u, v): score[min(index[u], index[v]) * n + max(index[u], index[v])] for u, v in H.edges()}


# -- PageRank ----------------------------------------------------------------


def pagerank(G, alpha=0.85, personalization=None, max_iter=100, tol=1.0e-6, nstart=None, weight="weight",
             dangling=None):
    """NetworkX's power iteration (its rule: L1 change below ``n·tol``,
    :class:`networkx.PowerIterationFailedConvergence` past ``max_iter``)."""
    n = len(G)
    if n == 0:
        return {}
    p = None
    if personalization is not None:
        p = np.fromiter((personalization.get(v, 0) for v in G.nodes), dtype=np.float64, count=n)
    with _session(G) as s:
        try:
            r = s.pagerank(alpha=float(alpha), personalization=p, tol=float(tol), max_iter=int(max_iter))
        except DwellConvergenceError:
            raise nx.PowerIterationFailedConvergence(max_iter) from None
    return dict(zip(G.nodes, r.scores.tolist()))


# -- triangles and clustering ------------------------------------------------


def _triangles(G):
    with _session(G) as s:
        return s.triangles()


def _members(G, nodes) -> list:
    return list(G.nbunch_iter(nodes))


def triangles(G, nodes=None):
    t = _triangles(G)
    counts = t.per_vertex.tolist()
    if nodes is not None and nodes in G:
        return counts[G.index[nodes]]
    if nodes is None:
        return dict(zip(G.nodes, counts))
    return {v: counts[G.index[v]] for v in _members(G, nodes)}


def _clustering_of(G, t, nodes) -> Dict[Any, Any]:
    """``{node: coefficient}`` with NetworkX's int ``0`` where no triangle."""
    counts, coeff = t.per_vertex.tolist(), t.clustering.tolist()
    if nodes is None:  # every node in G's order: no index lookups (a third of the call on Enron)
        return dict(zip(G.nodes, [c if k else 0 for c, k in zip(coeff, counts)]))
    index = G.index
    return {v: coeff[index[v]] if counts[index[v]] else 0 for v in _members(G, nodes)}


def clustering(G, nodes=None, weight=None):
    t = _triangles(G)
    if nodes is not None and nodes in G:
        i = G.index[nodes]
        return t.clustering[i].item() if t.per_vertex[i] else 0
    return _clustering_of(G, t, nodes)


def average_clustering(G, nodes=None, weight=None, count_zeros=True):
    """NetworkX's ``sum(c) / len(c)`` over the dict's values in its order."""
    c = list(_clustering_of(G, _triangles(G), nodes).values())
    if not count_zeros:
        c = [v for v in c if abs(v) > 0]
    return sum(c) / len(c)


def transitivity(G):
    t = _triangles(G)
    return 0 if t.total == 0 else t.transitivity


# -- weighted shortest path lengths ------------------------------------------


def _lengths_graph(G, weight) -> tuple:
    """(a dwell Graph of G's topology with ``weight`` as arc lengths, whether
    every length is an int): NetworkX's Dijkstra reads ``d.get(weight, 1)``
    (the smallest over parallel edges), so weights are read at each call."""
    origin = G._origin() if G._origin is not None else None
    offsets, targets = G.ordered_adjacency()
    if origin is None:
        raise nx.NetworkXError("dwell: this converted graph keeps no edge weights; pass the NetworkX graph")
    adj = origin._adj
    # weight=None: NetworkX's d.get(None, 1), every length 1 (dwell's unweighted lengths).
    w = _nx_weights(adj, G.nodes, weight, G.is_multigraph(), int(offsets[-1])) if weight is not None else None
    ints = weight is None or _all_int(adj, weight, G.is_multigraph())
    src = np.repeat(np.arange(len(G), dtype=np.uint64), np.diff(offsets).astype(np.int64))
    core = _dwell.from_edges(src, targets.astype(np.uint64), len(G), G.is_directed(), None, [], w)
    return Graph(core, G.nodes), ints


_VALUES = operator.methodcaller("values")


def _attr_values(adj: Any, weight: str, multigraph: bool) -> Iterator:
    dicts = itertools.chain.from_iterable(map(_VALUES, adj.values()))
    if multigraph:
        dicts = itertools.chain.from_iterable(map(_VALUES, dicts))
    return (d.get(weight, 1) for d in dicts)


def _all_int(adj: Any, weight: str, multigraph: bool) -> bool:
    return all(isinstance(x, numbers.Integral) for x in _attr_values(adj, weight, multigraph))


def _distances(G, weight, sources: list, cutoff=None) -> Iterator[Dict[Any, Any]]:
    """One ``{node: length}`` per source, nodes by increasing length (the
    order NetworkX's Dijkstra settles them, up to ties), within ``cutoff``."""
    lengths, ints = _lengths_graph(G, weight)
    nodes = G.nodes
    ids = np.fromiter((G.index[v] for v in sources), dtype=np.uint32, count=len(sources))
    with lengths.session() as s:
        for start in range(0, len(ids), 256):
            block = s.sssp(ids[start:start + 256]).distances
            for source, row in zip(ids[start:start + 256].tolist(), block):
                keep = np.isfinite(row) if cutoff is None else row <= cutoff
                found = np.flatnonzero(keep)
                # By length, the source first (settled before its zero-length arcs' heads), then by id.
                order = found[np.lexsort((found, found != source, row[found]))]
                values = row[order].astype(np.int64).tolist() if ints else row[order].tolist()
                yield dict(zip(map(nodes.__getitem__, order.tolist()), values))


def single_source_dijkstra_path_length(G, source, cutoff=None, weight="weight"):
    hash(source)  # NetworkX puts it in a set first
    if source not in G:
        raise nx.NodeNotFound(f"Node {source} not found in graph")
    return next(_distances(G, weight, [source], cutoff))


def all_pairs_dijkstra_path_length(G, cutoff=None, weight="weight"):
    for v, d in zip(G.nodes, _distances(G, weight, list(G.nodes), cutoff)):
        yield v, d


def shortest_path_length(G, source=None, target=None, weight=None, method="dijkstra"):
    """The Dijkstra cases (``why_not`` declines the others)."""
    if source is None:
        if target is None:
            return all_pairs_dijkstra_path_length(G, weight=weight)
        if target not in G:
            raise nx.NodeNotFound(f"Node {target} not found in graph")
        return _to_target(G, target, weight)
    if source not in G:
        raise nx.NodeNotFound(f"Node {source} not found in graph")
    if target is None:
        return single_source_dijkstra_path_length(G, source, weight=weight)
    if source == target:
        return 0
    if target not in G:
        raise nx.NodeNotFound(f"Node {target} not found in graph")
    found = single_source_dijkstra_path_length(G, source, weight=weight)
    if target not in found:
        raise nx.NetworkXNoPath(f"Node {target} not reachable from {source}")
    return found[target]


def _to_target(G, target, weight) -> Dict[Any, Any]:
    """Lengths into ``target``: from it on the reverse graph, as NetworkX."""
    if not G.is_directed():
        return single_source_dijkstra_path_length(G, target, weight=weight)
    origin = G._origin() if G._origin is not None else None
    if origin is None:
        raise nx.NetworkXError("dwell: this converted graph keeps no edge weights; pass the NetworkX graph")
    reverse = origin.reverse(copy=False)  # held here: the conversion refers to it weakly
    return single_source_dijkstra_path_length(_convert(reverse), target, weight=weight)


FUNCTIONS = {
    f.__name__: f
    for f in (betweenness_centrality, edge_betweenness_centrality, pagerank, triangles, clustering, average_clustering, transitivity,
              single_source_dijkstra_path_length, all_pairs_dijkstra_path_length, shortest_path_length)
}


# -- what dwell declines -----------------------------------------------------


def _nx_graph(G: Any) -> Any:
    """The NetworkX graph behind ``G`` (itself, or a conversion's origin)."""
    if hasattr(G, "_origin"):
        return G._origin() if G._origin is not None else None
    return G


def _bad_weight(G: Any, weight: Any) -> Optional[str]:
    """Why G's ``weight`` attributes cannot be dwell's lengths, if they cannot."""
    if callable(weight):
        return "a weight function: NetworkX calls it per edge"
    H = _nx_graph(G)
    if H is None:
        return "a converted graph keeps no edge weights"
    if weight is None:
        return None
    for x in _attr_values(H._adj, weight, H.is_multigraph()):
        if isinstance(x, bool) or not isinstance(x, numbers.Real) or not (math.isfinite(x) and 0 <= x <= 2**53):
            return f"an edge weight {x!r} that is not a number from 0 to 2**53 (NetworkX's own Dijkstra handles it)"
    return None


def _weighted(G: Any, weight: Any) -> bool:
    """Whether some edge of G has ``weight`` other than 1 (PageRank reads it).
    Kept in ``G.__networkx_cache__`` while NetworkX caches conversions (its
    own cached conversions keep edge attributes under the same contract:
    a change made around NetworkX's methods must clear that cache): the scan
    is 70% of a PageRank call on email-Enron."""
    H = _nx_graph(G)
    if weight is None or H is None:
        return weight is not None and H is None
    cache = getattr(H, "__networkx_cache__", None)
    keep = isinstance(cache, dict) and nx.config.cache_converted_graphs and \
        not getattr(nx.utils.backends._dispatchable, "_is_testing", False)
    if keep:
        known = cache.setdefault("dwell_weighted", {})
        if weight not in known:
            known[weight] = _scan_weighted(H, weight)
        return known[weight]
    return _scan_weighted(H, weight)


def _scan_weighted(H: Any, weight: str) -> bool:
    dicts = itertools.chain.from_iterable(map(_VALUES, H._adj.values()))
    if H.is_multigraph():
        return True
    if not any(map(operator.contains, dicts, itertools.repeat(weight))):
        return False
    return any(x != 1 for x in _attr_values(H._adj, weight, False))


def _pagerank_why_not(G, args, kwargs) -> Optional[str]:
    alpha = _arg(args, kwargs, 1, "alpha", 0.85)
    personalization = _arg(args, kwargs, 2, "personalization")
    max_iter, tol = _arg(args, kwargs, 3, "max_iter", 100), _arg(args, kwargs, 4, "tol", 1.0e-6)
    if _arg(args, kwargs, 5, "nstart") is not None:
        return "nstart=: dwell starts from 1/n"
    if _arg(args, kwargs, 7, "dangling") is not None:
        return "dangling=: dwell spreads dangling rank as the teleport (NetworkX's default)"
    if G.is_multigraph():
        return "a multigraph: NetworkX sums parallel edges' weights"
    if _weighted(G, _arg(args, kwargs, 6, "weight", "weight")):
        return "edge weights: dwell's PageRank is unweighted"
    ok_num = all(isinstance(x, numbers.Real) and not isinstance(x, bool) for x in (alpha, tol))
    if not ok_num or not 0 <= alpha <= 1 or not (math.isfinite(tol) and tol > 0):
        return "alpha outside [0, 1] or tol not positive: NetworkX's own arithmetic"
    if not isinstance(max_iter, numbers.Integral) or isinstance(max_iter, bool) or not 1 <= max_iter < 2**32:
        return "max_iter below 1 (or not an int): NetworkX's own answer"
    if personalization is not None:
        try:
            vals = [personalization.get(v, 0) for v in G]
        except AttributeError:
            return "personalization is not a dict"
        if not all(isinstance(x, numbers.Real) and math.isfinite(x) and x >= 0 for x in vals) or sum(vals) <= 0:
            return "personalization with negative, non-finite or no positive weight: NetworkX's own answer"
    return None


def _bc_why_not(name, G, args, kwargs) -> Optional[str]:
    edges = name == "edge_betweenness_centrality"
    k, weight = _arg(args, kwargs, 1, "k"), _arg(args, kwargs, 3, "weight")
    if edges and G.is_multigraph():
        return "a multigraph: NetworkX keys each parallel edge"
    if edges and _nx_graph(G) is None:
        return "a converted graph keeps no edge order"
    if weight is not None:
        bad = _bad_weight(G, weight)
        if bad is not None:
            return bad
        H = _nx_graph(G)
        if any(x == 0 for x in _attr_values(H._adj, weight, H.is_multigraph())):
            return "a zero edge weight: shortest paths tie around cycles (NetworkX's answer follows its heap order)"
    endpoints = not edges and bool(_arg(args, kwargs, 4, "endpoints", False))
    if k is not None:
        n = len(G)
        if not isinstance(k, numbers.Integral) or isinstance(k, bool) or not 1 <= k <= n:
            return "k outside 1..n (or not an int): NetworkX's own error"
        if k == 1 and not edges and not endpoints and n > 2:
            return "k=1 without endpoints: NetworkX answers NaN for the source"
    return None


def _cluster_why_not(name, G, args, kwargs) -> Optional[str]:
    if name in ("clustering", "average_clustering") and _arg(args, kwargs, 2, "weight") is not None:
        return "weight=: dwell's clustering is unweighted"
    if G.is_directed():
        return "a directed graph: NetworkX counts directed triangles"
    if G.is_multigraph():
        return "a multigraph: NetworkX refuses it"
    if name == "average_clustering" and len(G) == 0:
        return "the null graph: NetworkX's own ZeroDivisionError"
    return None


def _sp_why_not(name, G, args, kwargs) -> Optional[str]:
    if name == "shortest_path_length":
        weight, method = _arg(args, kwargs, 3, "weight"), _arg(args, kwargs, 4, "method", "dijkstra")
        if weight is None or method != "dijkstra":
            return "unweighted or not Dijkstra: NetworkX's own (its BFS functions dispatch to dwell)"
    else:
        pos = 3 if name == "single_source_dijkstra_path_length" else 2
        weight = _arg(args, kwargs, pos, "weight", "weight")
        cutoff = _arg(args, kwargs, pos - 1, "cutoff")
        if cutoff is not None and not isinstance(cutoff, numbers.Real):
            return "cutoff is not a real number: NetworkX's own comparisons"
    return _bad_weight(G, weight)


def why_not(name: str, args: tuple, kwargs: dict) -> Optional[str]:
    """Why dwell declines this call of one of :data:`FUNCTIONS`, or None."""
    G = args[0] if args else kwargs.get("G")
    if G is None:
        return None
    if name in ("betweenness_centrality", "edge_betweenness_centrality"):
        return _bc_why_not(name, G, args, kwargs)
    if name == "pagerank":
        return _pagerank_why_not(G, args, kwargs)
    if name in ("triangles", "clustering", "average_clustering", "transitivity"):
        return _cluster_why_not(name, G, args, kwargs)
    return _sp_why_not(name, G, args, kwargs)
