"""Property tests (hypothesis): random graphs, dwell against scipy,
NetworkX and its own reference oracle."""

import networkx as nx
import numpy as np
import pytest
import scipy.sparse as sp
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from scipy.sparse import csgraph

import dwell
import dwell.nx as dnx

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def graphs(draw, max_n=30):
    n = draw(st.integers(1, max_n))
    m = draw(st.integers(0, 3 * n))
    src = draw(st.lists(st.integers(0, n - 1), min_size=m, max_size=m))
    dst = draw(st.lists(st.integers(0, n - 1), min_size=m, max_size=m))
    return np.array(src, dtype=np.int64), np.array(dst, dtype=np.int64), n, draw(st.booleans())


def nx_graph(src, dst, n, directed):
    G = nx.DiGraph() if directed else nx.Graph()
    G.add_nodes_from(range(n))
    G.add_edges_from(zip(src.tolist(), dst.tolist()))
    return G


@SETTINGS
@given(graphs())
def test_levels_equal_scipy_and_the_oracle(case):
    src, dst, n, directed = case
    g = dwell.Graph.from_edges(src, dst, n=n, directed=directed)
    a = sp.csr_matrix((np.ones(len(src)), (src, dst)), shape=(n, n))
    d = csgraph.shortest_path(a, directed=directed, unweighted=True)
    want = np.where(np.isinf(d), -1, d).astype(np.int32)
    with g.session() as s, g.session(backend="cpu-reference") as r:
        fast = s.bfs(np.arange(n), levels=True)
        ref = r.bfs(np.arange(n), levels=True)
        np.testing.assert_array_equal(s.bfs(np.arange(n)), r.bfs(np.arange(n)))
        assert (s.wcc().count, s.scc().count) == (r.wcc().count, r.scc().count)
    np.testing.assert_array_equal(fast, want)
    np.testing.assert_array_equal(ref, want)


@SETTINGS
@given(graphs())
def test_nx_backend_equals_networkx(case):
    G = nx_graph(*case)
    D = dnx.convert_from_nx(G)
    for name in ("closeness_centrality", "harmonic_centrality"):
        want, got = getattr(nx, name)(G), getattr(dnx, name)(D)
        assert got.keys() == want.keys()
        for v in want:
            assert got[v] == pytest.approx(want[v], rel=1e-12, abs=1e-12)
    assert dnx.closeness_centrality(D, wf_improved=False) == nx.closeness_centrality(G, wf_improved=False)
    assert dict(dnx.all_pairs_shortest_path_length(D)) == dict(nx.all_pairs_shortest_path_length(G))
    for v in list(G)[:3]:
        assert dnx.single_source_shortest_path_length(D, v, cutoff=2) == \
            nx.single_source_shortest_path_length(G, v, cutoff=2)
        assert dnx.single_target_shortest_path_length(D, v) == nx.single_target_shortest_path_length(G, v)
        assert dnx.descendants_at_distance(D, v, 2) == nx.descendants_at_distance(G, v, 2)
        if G.is_directed():
            assert dnx.descendants(D, v) == nx.descendants(G, v)
            assert dnx.ancestors(D, v) == nx.ancestors(G, v)
        assert dnx.has_path(D, v, 0) == nx.has_path(G, v, 0)
    if G.is_directed():
        canon = lambda cs: sorted(sorted(c) for c in cs)
        assert canon(dnx.strongly_connected_components(D)) == canon(nx.strongly_connected_components(G))
        assert canon(dnx.weakly_connected_components(D)) == canon(nx.weakly_connected_components(G))
        assert dnx.is_strongly_connected(D) == nx.is_strongly_connected(G)
    else:
        canon = lambda cs: sorted(sorted(c) for c in cs)
        assert canon(dnx.connected_components(D)) == canon(nx.connected_components(G))
        assert dnx.number_connected_components(D) == nx.number_connected_components(G)
        assert dnx.node_connected_component(D, 0) == nx.node_connected_component(G, 0)
    assert dnx.wiener_index(D) == nx.wiener_index(G)
    connected = nx.is_strongly_connected(G) if G.is_directed() else nx.is_connected(G)
    if connected:
        assert dnx.eccentricity(D) == nx.eccentricity(G)
        assert (dnx.diameter(D), dnx.radius(D)) == (nx.diameter(G), nx.radius(G))
        assert dnx.average_shortest_path_length(D) == nx.average_shortest_path_length(G)
    else:
        with pytest.raises(nx.NetworkXError):
            dnx.eccentricity(D)


@SETTINGS
@given(graphs(), st.randoms(use_true_random=False))
def test_ordered_answers_equal_networkx_exactly(case, rnd):
    """bfs_layers, strongly_connected_components and condensation list their
    answers in an order that follows G's insertion order: nodes and edges are
    added shuffled (and named) so dwell's sorted rows would give them away."""
    src, dst, n, directed = case
    names = [f"v{i}" for i in range(n)]
    rnd.shuffle(names)
    G = nx.DiGraph() if directed else nx.Graph()
    G.add_nodes_from(rnd.sample(names, n))
    edges = [(names[u], names[v]) for u, v in zip(src.tolist(), dst.tolist())]
    rnd.shuffle(edges)
    G.add_edges_from(edges)
    sources = rnd.sample(names, rnd.randint(1, min(3, n)))
    for s in (sources[0], sources):
        assert list(nx.bfs_layers(G, s, backend="dwell")) == list(nx.bfs_layers(G, s))
    if directed:
        assert (list(nx.strongly_connected_components(G, backend="dwell"))
                == list(nx.strongly_connected_components(G)))
        C, want = nx.condensation(G, backend="dwell"), nx.condensation(G)
        assert list(C.nodes(data=True)) == list(want.nodes(data=True))
        assert list(C.edges) == list(want.edges)
        assert C.graph == want.graph
