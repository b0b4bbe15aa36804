"""The NetworkX backend answers exactly as NetworkX 3.6 does where the two
could differ: negative, fractional and special cutoffs and distances, the
exceptions for nodes not in the graph, dict key order, and no cache
warning on repeated calls. Every expectation is NetworkX's own answer
(``backend="networkx"``), compared with ``list(d.items())`` where order matters."""

import math
import warnings
from fractions import Fraction

import networkx as nx
import numpy as np
import pytest

import dwell.nx as dnx


def graphs():
    """Graphs whose neighbour order differs from node order, so key order
    within a BFS level is a real check."""
    path = nx.Graph()
    path.add_edges_from([(2, 3), (2, 1), (3, 4), (1, 0), (4, 5)])
    D = nx.DiGraph()
    D.add_edges_from([(5, 1), (3, 1), (1, 0), (0, 9), (9, 5), (4, 0), (2, 4), (8, 2), (3, 8)])
    named = nx.relabel_nodes(nx.gnm_random_graph(60, 150, seed=7, directed=True),
                             {i: f"n{(i * 37) % 60}" for i in range(60)})
    # Nodes inserted in descending order, edges in random order.
    backwards = nx.Graph()
    backwards.add_nodes_from(range(39, -1, -1))
    backwards.add_edges_from(nx.gnm_random_graph(40, 70, seed=3).edges())
    lesmis = nx.les_miserables_graph()
    return {"path": path, "digraph": D, "named": named, "karate": nx.karate_club_graph(),
            "gnm": nx.gnm_random_graph(200, 500, seed=1), "backwards": backwards, "lesmis": lesmis,
            "lesmis directed": nx.DiGraph(lesmis.edges()), "florentine": nx.florentine_families_graph()}


GRAPHS = graphs()
CUTOFFS = [None, -1, 0, 1, 1.5, 2.0, 2, -0.5, 0.5, True, math.inf, -math.inf, math.nan,
           np.int64(2), np.float32(1.5), Fraction(3, 2), 10**30]


def items(d):
    return list(d.items())


@pytest.mark.parametrize("name", sorted(GRAPHS))
@pytest.mark.parametrize("cutoff", CUTOFFS, ids=repr)
def test_shortest_path_lengths_with_any_cutoff_and_order(name, cutoff):
    G = GRAPHS[name]
    for source in list(G)[:2] + list(G)[-1:]:
        for f in [nx.single_source_shortest_path_length, nx.single_target_shortest_path_length]:
            want = f(G, source, cutoff=cutoff, backend="networkx")
            assert items(f(G, source, cutoff=cutoff, backend="dwell")) == items(want), (f.__name__, source)
    want = [(v, items(d)) for v, d in nx.all_pairs_shortest_path_length(G, cutoff=cutoff, backend="networkx")]
    got = [(v, items(d)) for v, d in nx.all_pairs_shortest_path_length(G, cutoff=cutoff, backend="dwell")]
    assert got == want


@pytest.mark.parametrize("name", sorted(GRAPHS))
def test_descendants_at_any_distance(name):
    G = GRAPHS[name]
    for source in list(G)[:3]:
        for d in [-1, 0, 1, 2, 3, 1.5, 2.0, True, np.int32(1), 10**9, math.inf, math.nan, Fraction(2)]:
            want = nx.descendants_at_distance(G, source, d, backend="networkx")
            assert nx.descendants_at_distance(G, source, d, backend="dwell") == want, (source, d)


def test_the_issue_examples():
    G = nx.path_graph(5)
    assert nx.descendants_at_distance(G, 2, -1, backend="dwell") == set()
    assert nx.single_source_shortest_path_length(G, 2, cutoff=-1, backend="dwell") == {2: 0}
    assert items(nx.single_source_shortest_path_length(G, 2, cutoff=1.5, backend="dwell")) == \
        [(2, 0), (1, 1), (3, 1), (0, 2), (4, 2)]


def raised(call):
    """The exception (type and message), or the answer when there is none."""
    try:
        return call()
    except Exception as e:  # noqa: BLE001 - the exception is the answer compared
        return type(e), str(e)


MISSING = [
    ("closeness_centrality", lambda G, b: nx.closeness_centrality(G, u="missing", backend=b)),
    ("eccentricity", lambda G, b: nx.eccentricity(G, v="missing", backend=b)),
    ("eccentricity list", lambda G, b: nx.eccentricity(G, v=[[1]], backend=b)),
    ("eccentricity int", lambda G, b: nx.eccentricity(G, v=12345, backend=b)),
    ("sssp", lambda G, b: nx.single_source_shortest_path_length(G, "missing", backend=b)),
    ("stsp", lambda G, b: nx.single_target_shortest_path_length(G, "missing", backend=b)),
    ("descendants", lambda G, b: nx.descendants(G, "missing", backend=b)),
    ("ancestors", lambda G, b: nx.ancestors(G, "missing", backend=b)),
    ("descendants_at_distance", lambda G, b: nx.descendants_at_distance(G, "missing", 1, backend=b)),
    ("has_path source", lambda G, b: nx.has_path(G, "missing", next(iter(G)), backend=b)),
    ("has_path target", lambda G, b: nx.has_path(G, next(iter(G)), "missing", backend=b)),
    ("bfs_layers", lambda G, b: list(nx.bfs_layers(G, [next(iter(G)), "missing"], backend=b))),
    ("harmonic nbunch", lambda G, b: nx.harmonic_centrality(G, nbunch=12345, backend=b)),
    ("harmonic unhashable", lambda G, b: nx.harmonic_centrality(G, nbunch=[[1]], backend=b)),
    ("closeness unhashable", lambda G, b: nx.closeness_centrality(G, u=[1], backend=b)),
    ("sssp cutoff", lambda G, b: nx.single_source_shortest_path_length(G, "missing", cutoff=-1, backend=b)),
    ("descendants unhashable", lambda G, b: nx.descendants(G, [1], backend=b)),
    ("ancestors unhashable", lambda G, b: nx.ancestors(G, [1], backend=b)),
    ("descendants_at_distance unhashable", lambda G, b: nx.descendants_at_distance(G, [1], -1, backend=b)),
    # None is no node: NetworkX's has_path then asks for paths from (or to) every node.
    ("has_path None None", lambda G, b: nx.has_path(G, None, None, backend=b)),
    ("has_path None target", lambda G, b: nx.has_path(G, None, next(iter(G)), backend=b)),
    ("has_path source None", lambda G, b: nx.has_path(G, next(iter(G)), None, backend=b)),
    ("has_path None missing", lambda G, b: nx.has_path(G, None, "missing", backend=b)),
    ("has_path missing None", lambda G, b: nx.has_path(G, "missing", None, backend=b)),
    ("has_path unhashable", lambda G, b: nx.has_path(G, [1], next(iter(G)), backend=b)),
]


@pytest.mark.parametrize("what", [m[0] for m in MISSING])
@pytest.mark.parametrize("name", ["path", "digraph", "florentine"])
def test_missing_nodes_raise_what_networkx_raises(what, name):
    G = GRAPHS[name]
    call = dict(MISSING)[what]
    want = raised(lambda: call(G, "networkx"))
    assert raised(lambda: call(G, "dwell")) == want
    if not G.is_directed():
        for node in ["missing", [1]]:
            want = raised(lambda: nx.node_connected_component(G, node, backend="networkx"))
            assert raised(lambda: nx.node_connected_component(G, node, backend="dwell")) == want


@pytest.mark.parametrize("name", sorted(GRAPHS))
def test_harmonic_and_eccentricity_keys_in_networkx_order(name):
    G = GRAPHS[name]
    bunch = list(G)[::-3] + ["not a node"]
    want = nx.harmonic_centrality(G, nbunch=bunch, backend="networkx")
    got = nx.harmonic_centrality(G, nbunch=bunch, backend="dwell")
    assert list(got) == list(want)
    assert all(type(got[v]) is type(want[v]) and abs(got[v] - want[v]) <= 1e-12 * max(1, want[v]) for v in want)
    if nx.is_strongly_connected(G) if G.is_directed() else nx.is_connected(G):
        assert items(nx.eccentricity(G, v=bunch, backend="dwell")) == items(nx.eccentricity(G, v=bunch))


def test_repeated_calls_are_silent_and_reuse_the_conversion():
    """NetworkX warns each time it hands out a cached conversion; dwell
    holds its own (dropped when G changes), so repeated calls print nothing
    and convert once."""
    G = nx.karate_club_graph()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        first = [nx.closeness_centrality(G, backend="dwell") for _ in range(3)]
        nx.single_source_shortest_path_length(G, 0, backend="dwell")
        nx.harmonic_centrality(G, backend="dwell")
    assert [str(w.message)[:80] for w in caught] == []
    assert first[0] == first[1] == first[2] == nx.closeness_centrality(G)
    held = dnx._held(G)
    assert held is not None
    assert dnx.convert_from_nx(G) is held
    nx.closeness_centrality(G, backend="dwell")
    assert dnx._held(G) is held  # reused
    G.add_edge(0, 99)  # NetworkX clears the cache: the conversion goes
    assert dnx._held(G) is None
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert nx.closeness_centrality(G, backend="dwell") == nx.closeness_centrality(G)
    assert caught == [] and dnx._held(G) is not held and len(dnx._held(G)) == 35


def test_caching_off_converts_every_time():
    G = nx.karate_club_graph()
    saved = nx.config.cache_converted_graphs
    nx.config.cache_converted_graphs = False
    try:
        nx.closeness_centrality(G, backend="dwell")
        assert dnx._held(G) is None
    finally:
        nx.config.cache_converted_graphs = saved


def test_single_target_order_when_pred_rows_differ_from_node_order():
    D = nx.DiGraph()
    D.add_edges_from([(3, 0), (1, 0), (2, 0), (4, 3), (4, 1)])
    want = nx.single_target_shortest_path_length(D, 0, backend="networkx")
    assert items(nx.single_target_shortest_path_length(D, 0, backend="dwell")) == items(want)


@pytest.fixture
def dwell_first():
    """dwell switched on globally, as a user would: ``nx.config.backend_priority``."""
    saved = list(nx.config.backend_priority.algos)
    nx.config.backend_priority.algos = ["dwell"]
    try:
        yield
    finally:
        nx.config.backend_priority.algos = saved


def test_switched_on_globally_answers_as_networkx_silently(dwell_first):
    """No backend= anywhere: dwell runs what it should (les miserables has
    77 nodes: too few to pay a conversion, enough for the every-source
    functions once converted), answers as NetworkX, raises NetworkX's
    exceptions and prints no cache note on repeats."""
    G = nx.les_miserables_graph()
    # NetworkX's own function (converting costs more): nothing built
    assert nx.closeness_centrality(G) and dnx._built(G) is None
    nx.number_connected_components(G, backend="dwell")  # converted (and cached) now
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        got = [(nx.closeness_centrality(G), nx.eccentricity(G),
                [(v, items(d)) for v, d in nx.all_pairs_shortest_path_length(G, cutoff=1.5)])
               for _ in range(3)]
        with pytest.raises(nx.NodeNotFound):
            nx.closeness_centrality(G, u="Javert's cat")
    assert [str(w.message)[:80] for w in caught] == []
    assert dnx._held(G) is not None  # dwell ran
    want = (nx.closeness_centrality(G, backend="networkx"), nx.eccentricity(G, backend="networkx"),
            [(v, items(d)) for v, d in nx.all_pairs_shortest_path_length(G, cutoff=1.5, backend="networkx")])
    assert got == [want] * 3


def test_strong_connectivity_with_and_without_a_sink():
    """A vertex with no arc out answers False with no search; a cycle, a
    cycle with a self-loop, a single vertex and a two-way pair answer as
    NetworkX does too."""
    cases = {
        "sink": [(0, 1), (1, 2), (2, 0), (2, 3)],
        "cycle": [(0, 1), (1, 2), (2, 0)],
        "self-loop tail": [(0, 1), (1, 0), (2, 2), (1, 2)],
        "pair": [(0, 1), (1, 0)],
        "source": [(3, 0), (0, 1), (1, 0)],
    }
    for label, arcs in cases.items():
        G = nx.DiGraph(arcs)
        want = nx.is_strongly_connected(G, backend="networkx")
        assert dnx.is_strongly_connected(dnx.convert_from_nx(G)) == want, label
    one = nx.DiGraph()
    one.add_node("a")
    assert dnx.is_strongly_connected(dnx.convert_from_nx(one)) is True
    for name, G in GRAPHS.items():
        if G.is_directed():
            want = nx.is_strongly_connected(G, backend="networkx")
            assert dnx.is_strongly_connected(dnx.convert_from_nx(G)) == want, name
