"""The NetworkX backend through NetworkX's own dispatch (backend="dwell"),
on the bundled real graphs and NetworkX's classic ones."""

import networkx as nx
import numpy as np
import pytest

import dwell
import dwell.nx as dnx
from conftest import read_edges


def bundled_nx(name):
    src, dst, n, directed = read_edges(name)
    G = nx.DiGraph() if directed else nx.Graph()
    G.add_nodes_from(range(n))
    G.add_edges_from(zip(src.tolist(), dst.tolist()))
    return G


GRAPHS = {
    "karate": lambda: bundled_nx("karate"),
    "dolphins": lambda: bundled_nx("dolphins"),
    "celegansneural": lambda: bundled_nx("celegansneural"),
    "polblogs": lambda: bundled_nx("polblogs"),
    "les_miserables": nx.les_miserables_graph,
    "florentine": nx.florentine_families_graph,
}


@pytest.fixture(params=sorted(GRAPHS))
def G(request):
    return GRAPHS[request.param]()


def test_the_backend_is_registered():
    assert "dwell" in nx.utils.backends.backends
    info = nx.utils.backends.backend_info["dwell"]
    assert info["backend_name"] == "dwell"
    assert set(info["functions"]) == set(dnx._IMPLEMENTED)


def test_centralities_equal_networkx(G):
    for name in ("closeness_centrality", "harmonic_centrality"):
        want = getattr(nx, name)(G)
        got = getattr(nx, name)(G, backend="dwell")
        assert got.keys() == want.keys()
        worst = max(abs(got[v] - want[v]) / max(abs(want[v]), 1e-300) for v in want if want[v])
        assert worst <= 1e-12, (name, worst)
    assert nx.closeness_centrality(G, backend="dwell", wf_improved=False) == \
        nx.closeness_centrality(G, wf_improved=False)
    v = next(iter(G))
    assert nx.closeness_centrality(G, u=v, backend="dwell") == nx.closeness_centrality(G, u=v)


def test_distances_and_components_equal_networkx(G):
    v = next(iter(G))
    assert nx.single_source_shortest_path_length(G, v, backend="dwell") == \
        nx.single_source_shortest_path_length(G, v)
    assert dict(nx.all_pairs_shortest_path_length(G, cutoff=3, backend="dwell")) == \
        dict(nx.all_pairs_shortest_path_length(G, cutoff=3))
    assert nx.wiener_index(G, backend="dwell") == nx.wiener_index(G)
    assert list(nx.bfs_layers(G, v, backend="dwell")) == list(nx.bfs_layers(G, v))
    if G.is_directed():
        assert nx.number_strongly_connected_components(G, backend="dwell") == \
            nx.number_strongly_connected_components(G)
        # Same sets in the same order (NetworkX's search order, not dwell's labels).
        assert list(nx.strongly_connected_components(G, backend="dwell")) == \
            list(nx.strongly_connected_components(G))
        C, want = nx.condensation(G, backend="dwell"), nx.condensation(G)
        assert list(C.edges) == list(want.edges) and C.graph == want.graph
        assert nx.ancestors(G, v, backend="dwell") == nx.ancestors(G, v)
    else:
        assert sorted(map(sorted, nx.connected_components(G, backend="dwell"))) == \
            sorted(map(sorted, nx.connected_components(G)))
        if nx.is_connected(G):
            assert nx.eccentricity(G, backend="dwell") == nx.eccentricity(G)
            assert nx.diameter(G, backend="dwell") == nx.diameter(G)
            assert nx.radius(G, backend="dwell") == nx.radius(G)
            assert nx.average_shortest_path_length(G, backend="dwell") == nx.average_shortest_path_length(G)


def test_unsupported_parameters_are_declined():
    G = nx.les_miserables_graph()  # has "weight" edge attributes
    assert "weighted" in dnx.can_run("closeness_centrality", (G,), {"distance": "weight"})
    assert "sources=" in dnx.can_run("harmonic_centrality", (G,), {"sources": [1]})
    assert dnx.can_run("pagerank", (G,), {}) is not True
    with pytest.raises(NotImplementedError):
        nx.closeness_centrality(G, distance="weight", backend="dwell")


def test_conversion_is_cached_and_round_trips():
    G = bundled_nx("karate")
    nx.closeness_centrality(G, backend="dwell")
    held = dnx._held(G)
    assert held is not None and dnx.convert_from_nx(G) is held
    D = dnx._convert(G)
    H = dnx.convert_to_nx(D)
    assert set(H.edges) == set(G.edges) and list(H) == list(G)


def test_automatic_dispatch_picks_dwell_only_where_it_pays():
    """With dwell first in ``backend_priority``, NetworkX asks should_run:
    every-source functions convert G and run here; one search on a small graph
    not yet converted stays in NetworkX (no conversion is cached)."""
    small = nx.gnm_random_graph(200, 600, seed=3)
    big = nx.gnm_random_graph(2000, 6000, seed=3)
    saved = nx.config.backend_priority.algos
    nx.config.backend_priority.algos = ["dwell"]
    try:
        assert nx.number_connected_components(small) == nx.number_connected_components(small, backend="networkx")
        assert dnx._held(small) is None
        assert nx.closeness_centrality(small) == nx.closeness_centrality(small, backend="networkx")
        assert dnx._held(small) is not None
        # Converted now, but one search on 200 nodes is still NetworkX's.
        assert isinstance(dnx.should_run("connected_components", (small,), {}), str)
        nx.closeness_centrality(big)
        assert dnx.should_run("connected_components", (big,), {}) is True
        assert isinstance(dnx.should_run("has_path", (big, 0, 1), {}), str)
        assert isinstance(dnx.should_run("closeness_centrality", (big, 0), {}), str) is False
    finally:
        nx.config.backend_priority.algos = saved


def test_views_convert_by_what_they_iterate():
    """An edge_subgraph of a multigraph is a view whose rows' len() counts
    differently from what they yield; conversion follows the iteration."""
    G = nx.MultiGraph()
    G.add_weighted_edges_from([(0, 1, 5), (0, 1, 10), (1, 2, 4), (1, 2, 8), (2, 3, 5), (3, 4, 3)])
    T = G.edge_subgraph([(0, 1, 0), (1, 2, 1), (3, 4, 0)])
    assert nx.number_connected_components(T, backend="dwell") == nx.number_connected_components(T) == 2
    assert list(nx.bfs_layers(T, 0, backend="dwell")) == list(nx.bfs_layers(T, 0))


def test_one_search_of_small_reach_stays_in_networkx():
    """should_run walks G up to a bound first: a search that ends within it
    (a leaf's ancestors in a tree pointing up) is NetworkX's, converted or
    not; one that reaches more (the root's descendants) runs here. Answers
    equal NetworkX's either way."""
    import random

    rnd = random.Random(7)
    up, down = nx.DiGraph(), nx.DiGraph()
    n = 60_000  # above the 50,000 nodes from which one search may pay its conversion
    for G in (up, down):
        G.add_nodes_from(range(n))
    parents = [None] + [rnd.randrange(v) for v in range(1, n)]
    up.add_edges_from((v, parents[v]) for v in range(1, n))
    down.add_edges_from((parents[v], v) for v in range(1, n))
    leaf = n - 1
    call = ("single_source_shortest_path_length", (up, leaf), {})
    assert isinstance(dnx.should_run(*call), str)                       # cold: at most n/8
    assert dnx.should_run("single_source_shortest_path_length", (down, 0), {}) is True
    assert dnx.should_run("descendants", (down, 0), {}) is True
    assert isinstance(dnx.should_run("ancestors", (down, leaf), {}), str)
    # Harmonic centrality costs dwell the reach (per-level counts, issue 33):
    # dwell's where reaches are small too (60k: 0.21 s cold against 1.17 s).
    assert dnx.should_run("harmonic_centrality", (up,), {}) is True
    assert dnx.should_run("harmonic_centrality", (nx.Graph(down),), {}) is True
    # NetworkX's closeness of one node of a digraph copies G reversed first.
    assert dnx.should_run("closeness_centrality", (up, leaf), {}) is True
    # A depth bound bounds the reach: the root's first level is small.
    assert isinstance(dnx.should_run("single_source_shortest_path_length", (down, 0, 1), {}), str)
    saved = nx.config.backend_priority.algos
    nx.config.backend_priority.algos = ["dwell"]
    try:
        for G, s in ((up, leaf), (down, 0)):
            assert list(nx.single_source_shortest_path_length(G, s).items()) == \
                list(nx.single_source_shortest_path_length(G, s, backend="networkx").items())
        assert dnx._held(up) is None and dnx._held(down) is not None
        nx.number_weakly_connected_components(up, backend="dwell")  # converts up
        assert dnx._held(up) is not None
        assert isinstance(dnx.should_run(*call), str)                   # converted: at most 256
        assert dnx.should_run("descendants", (down, 0), {}) is True        # converted, reach n
        assert isinstance(dnx.should_run("ancestors", (down, leaf), {}), str)
    finally:
        nx.config.backend_priority.algos = saved


def test_shallow_searches_are_sized_by_the_arcs_networkx_scans():
    """To depth 1 or 2, should_run compares the arcs NetworkX's search scans
    (no walk) with dwell's cost, which grows with G: on a converted 50,000-node
    graph a depth-2 search reaching 321 nodes over 340 arcs stays NetworkX's
    (dwell: ~0.5 ms whatever the reach); one over 3,720 arcs in a 3,661-node
    graph runs in dwell. Answers equal NetworkX's either way."""
    big = nx.path_graph(50_000)
    big.add_edges_from((50_000, 50_001 + i) for i in range(20))
    big.add_edges_from((50_001 + i, 60_000 + 15 * i + j) for i in range(20) for j in range(15))
    stars = nx.Graph((0, i) for i in range(1, 61))
    stars.add_edges_from((i, 100 + 60 * i + j) for i in range(1, 61) for j in range(60))
    saved = nx.config.backend_priority.algos
    try:
        for G, hub, declined in ((big, 50_000, True), (stars, 0, False)):
            nx.number_connected_components(G, backend="dwell")  # converts G
            assert len(nx.single_source_shortest_path_length(G, hub, cutoff=2, backend="networkx")) > 256
            for name, args in (("single_source_shortest_path_length", (G, hub, 2)),
                               ("descendants_at_distance", (G, hub, 2))):
                assert isinstance(dnx.should_run(name, args, {}), str) is declined, name
            nx.config.backend_priority.algos = ["dwell"]
            assert list(nx.single_source_shortest_path_length(G, hub, cutoff=2).items()) == \
                list(nx.single_source_shortest_path_length(G, hub, cutoff=2, backend="networkx").items())
            assert nx.descendants_at_distance(G, hub, 2) == nx.descendants_at_distance(G, hub, 2, backend="networkx")
            nx.config.backend_priority.algos = saved
    finally:
        nx.config.backend_priority.algos = saved


def test_dispatch_decisions_that_need_no_clock():
    """What should_run decides without timing anything, on a real graph
    (polblogs, 1,490 nodes, directed, not strongly connected): a shallow
    search from a node of few arcs is NetworkX's (bounded from row lengths,
    no walk), a check-first function on a disconnected graph answers from
    NetworkX's own first check without building dwell's CSR, and a call over
    dwell's budget falls back to NetworkX with dwell first in the priority."""
    G = bundled_nx("polblogs")
    low = min(G, key=lambda v: (G.out_degree(v) + sum(G.out_degree(w) for w in G[v]), v))
    nx.number_weakly_connected_components(G, backend="dwell")  # converted, built
    assert dnx._built(G) is not None
    assert isinstance(dnx.should_run("single_source_shortest_path_length", (G, low, 2), {}), str)
    assert isinstance(dnx.should_run("has_path", (G, low, 0), {}), str)
    assert dnx.should_run("closeness_centrality", (G,), {}) is True
    H = G.copy()
    saved = nx.config.backend_priority.algos
    nx.config.backend_priority.algos = ["dwell"]
    try:
        for f in (nx.average_shortest_path_length, nx.diameter):
            with pytest.raises(nx.NetworkXError) as got:
                f(H)
            with pytest.raises(nx.NetworkXError) as want:
                f(H, backend="networkx")
            assert str(got.value) == str(want.value)
        assert nx.wiener_index(H) == float("inf")
        held = dnx._held(H)
        assert held is not None and held._pending is not None  # dwell answered, never converted
        nx.config.backends.dwell.budget_bytes = 1000
        try:
            K = nx.Graph(nx.gnm_random_graph(3000, 9000, seed=1))
            assert nx.closeness_centrality(K) == nx.closeness_centrality(K, backend="networkx")
            with pytest.raises(NotImplementedError) as err:
                nx.closeness_centrality(K, backend="dwell")
            assert isinstance(err.value.__cause__, dnx.BudgetError)
            assert "nx.config.backends.dwell.budget_bytes" in err.value.__cause__.fix
            assert "--" not in err.value.__cause__.fix
        finally:
            nx.config.backends.dwell.budget_bytes = None
    finally:
        nx.config.backend_priority.algos = saved
