"""When NetworkX picks a backend itself (``nx.config.backend_priority =
["dwell"]``): ``should_run`` sends a call to dwell only where dwell answers
faster than NetworkX's own code, the conversion of ``G`` included when it
is not converted yet. An explicit ``backend="dwell"`` always runs in dwell.

The model (fitted by ``bench/crossover.py`` and checked call by call on five
real graphs by ``bench/five_graphs.py``; figures in docs/BENCHMARKS.md,
"When the backend runs"):

* NetworkX's search costs about 0.1 µs per node and arc it visits; a dwell
  call costs a fixed 0.1-0.3 ms (plan, run, hand back) plus a few ns per
  arc, and converting ``G`` costs about what NetworkX's search of all of
  ``G`` does. So one search (or one linear pass such as the components)
  pays from about 1,000 nodes on a converted graph, and only from about
  50,000 on one not yet converted (G(n, 3n): 0.8x at 10,000, 2.4x at
  100,000; a 20,000-node tree: 0.86x).
* Within those sizes a search's *reach* decides: ``should_run`` first walks
  ``G``'s own rows (as NetworkX's search would) up to 256 nodes (converted)
  or n/8 (not yet) and leaves a search that ends there to NetworkX; after
  16 such searches in a row on a graph not yet converted it stops walking
  (NetworkX's own algorithms search once per node).
* Every-source functions (closeness, eccentricity, all pairs …) do n
  searches in NetworkX and one bit-parallel sweep in dwell: they pay from
  50 nodes on a converted graph and 150 on one not yet converted; below,
  they are accepted and answered by NetworkX's own function with its
  per-node inner calls undispatched (dwell.nx._own). All
  pairs with a small cutoff runs here too although both sides mostly build
  dicts: declined, NetworkX's all pairs calls single_source_shortest_path_length
  once per node, each through the dispatcher and should_run (WordNet,
  cutoff 2: 0.45x NetworkX alone, see BENCHMARKS).
* Functions NetworkX answers after one check (average shortest path length
  and the Wiener index of a disconnected graph, eccentricity from a node
  that does not reach all) stay NetworkX's when that check is quick (a
  first node that reaches at most 256 nodes, not all; cached in G's
  NetworkX cache). Diameter and radius are accepted even then (NetworkX's
  own makes three nested dispatched calls) and raise from that cached
  check. Otherwise they run here and make NetworkX's check first, on the
  NetworkX graph while the conversion is pending (dwell.nx.DwellGraph), so
  an early answer costs no conversion.
* A declined call whose NetworkX code makes one dispatched inner call on
  the same G (_NESTED: descendants_at_distance's bfs_layers, eccentricity's
  search, the connectivity checks) has that inner call declined at once.
* ``has_path``: NetworkX's bidirectional search stops early; left to it.
  Accepting any call costs NetworkX's conversion path (argument binding,
  cache look-up), ~6 µs more than its whole has_path on lesmis.

NetworkX's dispatcher itself costs 1-4 µs a call level as soon as any
backend is in ``backend_priority`` (measured with a backend that declines at
once: has_path makes three levels), so calls that take NetworkX under ~20 µs
cannot stay within 0.9x whatever this module answers; its own share is about
1-2 µs (can_run and should_run), and a walk as long as NetworkX's search
when the reach is small.
"""

from __future__ import annotations

import math
import numbers
import threading
from typing import Any, Optional

import networkx as nx

from . import _own

#: One linear pass (one search, one labelling): pays from _ONE_PASS_NODES
#: nodes on a converted graph, _ONE_PASS_COLD_NODES on one not yet converted.
_ONE_PASS = frozenset({
    "single_source_shortest_path_length", "single_target_shortest_path_length", "bfs_layers",
    "descendants", "ancestors", "descendants_at_distance", "node_connected_component",
    "connected_components", "number_connected_components", "is_connected",
    "weakly_connected_components", "number_weakly_connected_components", "is_weakly_connected",
    "strongly_connected_components", "number_strongly_connected_components", "is_strongly_connected",
    "condensation",
})
_ONE_PASS_NODES = 1_000
_ONE_PASS_COLD_NODES = 50_000
#: Every-source functions: from here (converted / not yet).
_ALL_SOURCES_NODES = 50
_ALL_SOURCES_COLD_NODES = 150

_SMALL_REACH_CONVERTED = 256
#: Searches to depth 1 or 2 stay NetworkX's up to this many arcs scanned,
#: plus one per _SHALLOW_PER_NODE nodes of G (dwell's cost grows with G).
_SHALLOW_ARCS = 1_500
_SHALLOW_PER_NODE = 25
_SMALL_REACH_COLD_SHARE = 8

#: Single searches: where their start is among the arguments, which rows of G
#: the search follows, and which argument bounds its depth. ``None`` as the
#: start position: the first node of G (is_connected's search).
_SEARCHES = {
    "single_source_shortest_path_length": (1, "source", "_succ", (2, "cutoff")),
    "single_target_shortest_path_length": (1, "target", "_pred", (2, "cutoff")),
    "descendants": (1, "source", "_succ", None),
    "ancestors": (1, "source", "_pred", None),
    "descendants_at_distance": (1, "source", "_succ", (2, "distance")),
    "node_connected_component": (1, "n", "_adj", None),
    "bfs_layers": (1, "sources", "_succ", None),
    "is_connected": (None, None, "_adj", None),
    # A generator whose callers often take the first component only (NetworkX's
    # is_connected does): the first node's component is what they pay for.
    "connected_components": (None, None, "_adj", None),
    "closeness_centrality": (1, "u", "_pred", None),
    "eccentricity": (1, "v", "_succ", None),
}

#: NetworkX answers these after one check that fails on a disconnected G;
#: declined when that check is quick. Not diameter and radius: NetworkX's
#: diameter calls eccentricity, which calls shortest_path_length, which
#: calls single_source_shortest_path_length, each through the dispatcher
#: (netscience: 0.38x declined, 0.6x accepted).
_CHECK_FIRST = frozenset({"average_shortest_path_length", "wiener_index", "eccentricity"})


def _arg(args: tuple, kwargs: dict, pos: int, name: str, default: Any = None) -> Any:
    if name in kwargs:
        return kwargs[name]
    return args[pos] if len(args) > pos else default


def _depth(cutoff: Any) -> Optional[int]:
    """The last BFS level NetworkX keeps for ``cutoff`` (None: all).
    Its search lists level 0, then expands to level k while ``cutoff > k-1``:
    ``cutoff=-1`` or ``0`` keep the source alone, ``1.5`` and ``2`` keep
    levels up to 2, NaN keeps level 0."""
    if cutoff is None:
        return None
    if isinstance(cutoff, numbers.Integral):
        return max(0, int(cutoff))
    if math.isnan(cutoff):
        return 0
    if math.isinf(cutoff):
        return None if cutoff > 0 else 0
    return max(0, math.ceil(cutoff))


def reach_within(G: Any, name: str, args: tuple, kwargs: dict, limit: int) -> bool:
    """Whether the search ``name`` would reach at most ``limit`` nodes of the
    NetworkX graph ``G``: a plain BFS over G's own rows, stopped at
    ``limit + 1`` nodes or the call's depth; to depth 1 or 2, whether it
    scans few enough arcs (no walk). False when unsure (a start that is not
    a node, an unusual depth: dwell's own checks answer those)."""
    pos, key, rows_name, depth_arg = _SEARCHES[name]
    rows = getattr(G, rows_name, None) if G.is_directed() else getattr(G, "_adj", None)
    if rows is None:
        return False
    start = next(iter(rows), None) if pos is None else _arg(args, kwargs, pos, key)
    try:
        if start in rows:
            first = [start]
        elif name == "bfs_layers":
            first = list(start)
            if not first or any(v not in rows for v in first):
                return False
        else:
            return False
    except TypeError:  # unhashable or not iterable: dwell's checks raise as NetworkX does
        return False
    depth = None
    if depth_arg is not None:
        bound = _arg(args, kwargs, *depth_arg)
        if type(bound) is int:  # the usual case, without the ABC checks (~0.6 us)
            depth = max(0, bound)
        elif bound is not None:
            if not isinstance(bound, numbers.Real):
                return False
            depth = _depth(bound)
    if depth is not None and depth <= 2:
        # The bound is the arcs NetworkX's search scans (~0.07-0.15 us each);
        # dwell's bounded search costs ~40 us plus ~1.5 ns per node and arc of
        # G whatever its reach (bench/shallow_search.py): compared by that
        # measure, with no walk (a walk cost netscience's cutoff-2 search
        # from its hub 0.73x; a 50k-node G(n, 5n) search of reach 287 went to
        # dwell at 0.09x).
        return _shallow_bound(rows, first, depth) <= max(limit, _SHALLOW_ARCS + len(G) // _SHALLOW_PER_NODE)
    # Level by level with set operations (C loops): a few times quicker than
    # NetworkX's own search, which follows when the reach is small.
    seen, level, d = set(first), set(first), 0
    while level and (depth is None or d < depth):
        level = set().union(*map(rows.__getitem__, level))
        level -= seen
        seen |= level
        if len(seen) > limit:
            return False
        d += 1
    return True


def _reach(rows: Any, start: Any) -> int:
    """How many nodes a plain BFS over ``rows`` from ``start`` reaches."""
    seen, level = {start}, [start]
    while level:
        nxt = []
        for u in level:
            for w in rows[u]:
                if w not in seen:
                    seen.add(w)
                    nxt.append(w)
        level = nxt
    return len(seen)


def reaches_all(G: Any, start: Any) -> bool:
    """Whether NetworkX's search from ``start`` (along arcs) reaches every node."""
    return _reach(G._succ if G.is_directed() else G._adj, start) == len(G)


def _shallow_bound(rows: Any, first: list, depth: int) -> int:
    """An upper bound of what a search to ``depth`` ≤ 2 reaches, from row
    lengths alone (C-speed, no search): NetworkX's own algorithms call
    single_source_shortest_path_length with cutoff 1 or 2 once per node, and
    a walk per call would double their time."""
    if depth == 0:
        return len(first)
    if len(first) == 1:  # one source (most calls): no list of its row
        row = rows[first[0]]
        return 1 + len(row) + (sum(map(len, map(rows.__getitem__, row))) if depth == 2 else 0)
    near = [w for v in first for w in rows[v]]
    if depth == 1:
        return len(first) + len(near)
    return len(first) + len(near) + sum(map(len, map(rows.__getitem__, near)))


def _quick_check_fails(G: Any, name: str, args: tuple, kwargs: dict) -> bool:
    """Whether NetworkX's first check of a _CHECK_FIRST function fails
    quickly: its first search (from the first node, along arcs; not
    is_strongly_connected, the check of a digraph's ASPL and Wiener index)
    reaches at most _SMALL_REACH_CONVERTED nodes and not all of G. Accepted, such a
    call pays NetworkX's conversion path (~15 us: argument binding, cache)
    for an answer NetworkX gives in 10-20 us (netscience, 396 components:
    eccentricity 0.45x, the Wiener index 0.3x)."""
    if len(G) < 2:
        return False
    if G.is_directed() and name != "eccentricity":
        # is_strongly_connected, NetworkX's check, is not bounded by the first
        # node's reach (it sets up every node first, then its inner
        # strongly_connected_components goes to dwell on a large G: WordNet
        # 0.16x declined, against dwell's own check on the pending graph).
        return False
    rows = G._succ if G.is_directed() else G._adj
    if name == "eccentricity":
        v = _arg(args, kwargs, 1, "v")
        try:
            start = v if v is not None and v in rows else next(iter(v), None) if v is not None else next(iter(rows))
        except TypeError:
            return False
    else:
        start = next(iter(rows))
    try:
        if start not in rows:
            return False
    except TypeError:
        return False
    return first_reach_small(G, start)


#: Functions whose NetworkX code raises NetworkXError at its first search
#: when that search misses a node (diameter and radius through eccentricity;
#: undirected ASPL through is_connected).
_RAISES_FIRST = frozenset({"eccentricity", "diameter", "radius", "average_shortest_path_length"})
_ECC_MESSAGE = ("Found infinite path length because the digraph is not strongly connected",
                "Found infinite path length because the graph is not connected")


def _known_error(G: Any, name: str, args: tuple, kwargs: dict) -> Optional[Exception]:
    """The NetworkXError NetworkX's own ``name`` raises on ``G`` when its
    first search (from the node it starts at, along arcs) is quick and
    misses a node: first_reach_small, cached in G's NetworkX cache. Else None.

    should_run raises it itself (NetworkX's dispatcher passes any exception
    but NotImplementedError on to the caller): the same exception and
    message as NetworkX's, without NetworkX's nested dispatched calls
    (diameter -> eccentricity -> shortest_path_length ->
    single_source_shortest_path_length, each paying the dispatcher) or
    NetworkX's conversion path, which cost more than the answer (netscience
    and WordNet: 0.6-0.7x declined or accepted; see BENCHMARKS). Only the
    arguments dwell accepts reach here (can_run: no ``e=``, ``sp=``,
    weights, other ``method=``; not the null graph)."""
    if len(G) < 2:
        return None
    rows = G._succ if G.is_directed() else G._adj
    if name == "average_shortest_path_length":
        # A digraph's check is is_strongly_connected, not bounded by one reach.
        if G.is_directed():
            return None
        start = next(iter(rows))
    elif name == "eccentricity":
        v = _arg(args, kwargs, 1, "v")
        try:
            # A node: NetworkX searches from it; None: from the first node. A
            # container's members are searched in its order: left to _decide.
            start = next(iter(rows)) if v is None else v if v in rows else None
        except TypeError:
            return None
        if start is None:
            return None
    else:  # diameter, radius: eccentricity over every node, unless the bounding algorithm runs
        if _arg(args, kwargs, 2, "usebounds", False) is True and not G.is_directed():
            return None
        start = next(iter(rows))
    if not first_reach_small(G, start):
        return None
    if name == "average_shortest_path_length":
        return nx.NetworkXError("Graph is not connected.")
    return nx.NetworkXError(_ECC_MESSAGE[not G.is_directed()])


def first_reach_small(G: Any, start: Any) -> bool:
    """Whether a search from the node ``start`` of the NetworkX graph ``G``
    reaches at most _SMALL_REACH_CONVERTED nodes and not all of G."""
    rows = G._succ if G.is_directed() else G._adj
    if not rows[start]:
        return len(G) > 1
    # Kept in G's NetworkX cache (cleared when G changes): repeated calls, and
    # diameter's answer after should_run asked (dwell.nx._first_search_reaches_all).
    cache = getattr(G, "__networkx_cache__", None)
    key = ("dwell", "first reach small", start)
    if isinstance(cache, dict) and key in cache:
        return cache[key]
    small = _small_reach(rows, start, len(G))
    if isinstance(cache, dict):
        cache[key] = small
    return small


def _small_reach(rows: Any, start: Any, n: int) -> bool:
    """Whether a search from ``start`` reaches at most _SMALL_REACH_CONVERTED nodes, and fewer than n."""
    seen, level = {start}, {start}
    while level:  # level by level with set operations (C loops), as reach_within
        level = set().union(*map(rows.__getitem__, level))
        level -= seen
        seen |= level
        if len(seen) > _SMALL_REACH_CONVERTED:
            return False
    return len(seen) < n


_FEW_NODES = f"one search on fewer than {_ONE_PASS_NODES} nodes: NetworkX's own is quicker"


def _one_search(G: Any, name: str, args: tuple, kwargs: dict, converted: bool):
    n = len(G)
    least = _ONE_PASS_NODES if converted else _ONE_PASS_COLD_NODES
    state = "converted" if converted else "not yet converted"
    if n < least:
        return f"one search on fewer than {least} nodes ({state}): NetworkX's own is quicker"
    # Listing every component of a large graph is dwell's even when the first is small.
    if name in _SEARCHES and not (name == "connected_components" and n >= _ONE_PASS_COLD_NODES):
        limit = _SMALL_REACH_CONVERTED if converted else max(_SMALL_REACH_CONVERTED, n // _SMALL_REACH_COLD_SHARE)
        if not converted and _small_so_far(G, name, None):
            return f"the last {_SMALL_STREAK} searches on G (not yet converted) reached at most {limit} nodes"
        small = reach_within(G, name, args, kwargs, limit)
        if not converted:
            _small_so_far(G, name, small)
        if small:
            return f"the search reaches at most {limit} nodes (G {state}): NetworkX's own is quicker"
    return True


def _every_source(G: Any, name: str, args: tuple, kwargs: dict, converted: bool):
    n = len(G)
    least = _ALL_SOURCES_NODES if converted else _ALL_SOURCES_COLD_NODES
    if name in _CHECK_FIRST and _quick_check_fails(G, name, args, kwargs):
        return f"NetworkX's first search reaches at most {_SMALL_REACH_CONVERTED} nodes, not all: it answers at once"
    if n < least and name in _own.PER_NODE:
        # NetworkX's own is quicker than dwell here, but declined its per-node
        # inner calls would each pay the dispatcher and should_run: accepted,
        # and answered by NetworkX's own function undispatched (_own).
        return _own.mark(name, G)
    if n < least:
        # Others (PageRank, triangles, ...) make no per-node dispatched call:
        # accepted, a small one would pay the conversion path (~15 us) for nothing.
        return f"fewer than {least} nodes: NetworkX's own is quicker than {'dwell' if converted else 'converting'}"
    return True


#: After this many searches in a row on a graph not yet converted that all
#: stayed small, the next go to NetworkX without a walk each.
_SMALL_STREAK = 16


def _small_so_far(G: Any, name: str, small: Optional[bool]) -> bool:
    """Whether the last _SMALL_STREAK searches along the rows ``name``
    follows stayed small (``small=None``: ask), or record one more outcome.
    Kept in G's NetworkX cache (cleared when G changes). NetworkX's own
    algorithms call single-source searches once per node (harmonic
    centrality on WordNet: a walk each made it 0.54x); a large search sent
    to NetworkX by this costs about what converting G would have."""
    cache = getattr(G, "__networkx_cache__", None)
    if not isinstance(cache, dict):
        return False
    key = ("dwell", "small searches", _SEARCHES[name][2] if G.is_directed() else "_adj")
    if small is None:
        return cache.get(key, 0) >= _SMALL_STREAK
    cache[key] = cache.get(key, 0) + 1 if small else 0
    return small


#: Declined outer call -> the dispatchable call NetworkX's own code then
#: makes on the same G (undirected, directed), which only reads a prefix of
#: (or repeats) the search should_run just sized: declined at once, with no
#: second walk and, for descendants_at_distance, no whole search in dwell
#: for the few layers NetworkX reads (road graph, converted: 0.06x).
_NESTED = {
    "descendants_at_distance": ("bfs_layers", "bfs_layers"),
    "eccentricity": ("single_source_shortest_path_length", "single_source_shortest_path_length"),
    "average_shortest_path_length": ("is_connected", None),
    "wiener_index": ("is_connected", None),
    "is_connected": ("connected_components", None),
}
#: (inner name, G) left by the last declined _NESTED call, per thread;
#: cleared by the next should_run whatever it asks. If NetworkX raised
#: before its inner call, the user's next such call on G goes to NetworkX
#: once: the same answer, at worst slower once.
class _Declined(threading.local):
    inner: Optional[tuple] = None  # a class default: a missing attribute of a local costs ~1 us


_DECLINED = _Declined()


def should_run(name: str, args: tuple, kwargs: dict, held: Any):
    """The decision (``True`` or the reason NetworkX should run it);
    ``held(G)`` tells whether G is converted already. Raises NetworkX's own
    exception where the answer is that exception and a cached check shows
    it (:func:`_known_error`)."""
    G = args[0] if args else kwargs.get("G")
    inner = _DECLINED.inner
    if inner is not None:
        _DECLINED.inner = None
        if inner[0] == name and inner[1] is G:
            # Declined in turn, its own nested call is too (the Wiener index ->
            # is_connected -> connected_components: a walk of the first
            # component otherwise, netscience 0.43x).
            nested = _NESTED.get(name)
            if nested is not None and nested[G.is_directed()] is not None:
                _DECLINED.inner = (nested[G.is_directed()], G)
            return "NetworkX's own code runs it inside a call dwell declined"
    if name in _RAISES_FIRST and G is not None and hasattr(G, "_adj"):
        err = _known_error(G, name, args, kwargs)
        if err is not None:
            raise err
    decision = _decide(name, G, args, kwargs, held)
    if decision is not True and name in _NESTED and G is not None and hasattr(G, "_adj"):
        inner = _NESTED[name][G.is_directed()]
        if inner is not None:
            _DECLINED.inner = (inner, G)
    return decision


def _decide(name: str, G: Any, args: tuple, kwargs: dict, held: Any):
    if name == "has_path":
        return "NetworkX's bidirectional search stops early; dwell searches the whole reach"
    if G is None or not hasattr(G, "_adj"):
        return True
    if name in _ONE_PASS and len(G) < _ONE_PASS_NODES:
        # NetworkX's own whatever the state; asked before the cache look-up
        # (NetworkX answers these in 10-50 us, where every us shows).
        return _FEW_NODES
    converted = held(G) is not None
    if name in _ONE_PASS:
        return _one_search(G, name, args, kwargs, converted)
    if name in ("closeness_centrality", "eccentricity"):
        v = _arg(args, kwargs, 1, "u" if name == "closeness_centrality" else "v")
        try:
            one = v is not None and v in G
        except TypeError:
            one = False
        if one and name == "closeness_centrality" and G.is_directed():
            # NetworkX copies all of G reversed first (polblogs: 53 ms for one
            # node), more than a conversion costs: dwell's from 1,000 nodes.
            n = len(G)
            return True if n >= _ONE_PASS_NODES else f"one search on fewer than {_ONE_PASS_NODES} nodes"
        if one:
            return _one_search(G, name, args, kwargs, converted)
    return _every_source(G, name, args, kwargs, converted)
