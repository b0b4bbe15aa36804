"""The GAP kernels from Python: the session methods (sssp, betweenness,
edge betweenness, pagerank, triangles) and the NetworkX functions on them, compared with
NetworkX (and igraph where installed) on the bundled real graphs, a real
road graph with its own lengths, and random graphs (hypothesis)."""

import lzma
import math
import pathlib
import random

import networkx as nx
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import dwell
from conftest import read_edges

ROADS = pathlib.Path(__file__).resolve().parents[4] / "data" / "roads"
REAL = ["karate", "lesmis", "football", "dolphins", "polblogs"]


def real_nx(name):
    src, dst, n, directed = read_edges(name)
    G = nx.DiGraph() if directed else nx.Graph()
    G.add_nodes_from(range(n))
    G.add_edges_from(zip(src.tolist(), dst.tolist()))
    return G


def road_nx():
    """graph_23rd: DIMACS-like ``a SRC DST LENGTH`` lines (integer lengths)."""
    G = nx.DiGraph()
    with lzma.open(ROADS / "graph_23rd.gr.xz", "rt") as f:
        for line in f:
            _, u, v, w = line.split()
            u, v, w = int(u), int(v), int(w)
            if not G.has_edge(u, v) or G[u][v]["weight"] > w:
                G.add_edge(u, v, weight=w)
    return G


def close(got, want, tol):
    assert got.keys() == want.keys()
    worst = max((abs(got[v] - want[v]) for v in want), default=0.0)
    assert worst <= tol, worst


@pytest.fixture(params=REAL)
def G(request):
    return real_nx(request.param)


# -- the NetworkX functions --------------------------------------------------


def test_betweenness_equals_networkx(G):
    if len(G) > 1000:
        pytest.skip("NetworkX's own Brandes takes a minute here (the igraph test covers a larger graph)")
    for normalized in (True, False):
        for endpoints in (False, True):
            kw = dict(normalized=normalized, endpoints=endpoints)
            close(nx.betweenness_centrality(G, backend="dwell", **kw), nx.betweenness_centrality(G, **kw), 1e-9)
    kw = dict(k=min(10, len(G)), seed=7)
    close(nx.betweenness_centrality(G, backend="dwell", **kw), nx.betweenness_centrality(G, **kw), 1e-9)


def same_edges(got, want, tol):
    """Edge scores: NetworkX's keys, in its order and orientation."""
    assert list(got) == list(want)
    close(got, want, tol)


def test_edge_betweenness_equals_networkx(G):
    if len(G) > 1000:
        pytest.skip("NetworkX's own Brandes takes a minute here")
    for normalized in (True, False):
        same_edges(nx.edge_betweenness_centrality(G, normalized=normalized, backend="dwell"),
                   nx.edge_betweenness_centrality(G, normalized=normalized), 1e-9)
    kw = dict(k=min(10, len(G)), seed=7)
    same_edges(nx.edge_betweenness_centrality(G, backend="dwell", **kw), nx.edge_betweenness_centrality(G, **kw),
               1e-9)


def test_weighted_betweenness_equals_networkx_on_les_miserables():
    """NetworkX's own weighted, named graph (co-appearance counts as lengths)."""
    G = nx.les_miserables_graph()
    for kw in (dict(), dict(normalized=False), dict(endpoints=True), dict(k=12, seed=3)):
        close(nx.betweenness_centrality(G, weight="weight", backend="dwell", **kw),
              nx.betweenness_centrality(G, weight="weight", **kw), 1e-12)
    for kw in (dict(), dict(normalized=False), dict(k=12, seed=3)):
        same_edges(nx.edge_betweenness_centrality(G, weight="weight", backend="dwell", **kw),
                   nx.edge_betweenness_centrality(G, weight="weight", **kw), 1e-12)
    D = nx.DiGraph(road_nx().subgraph(range(400)))
    same_edges(nx.edge_betweenness_centrality(D, weight="weight", backend="dwell"),
               nx.edge_betweenness_centrality(D, weight="weight"), 1e-12)


def test_pagerank_equals_networkx(G):
    close(nx.pagerank(G, backend="dwell"), nx.pagerank(G), 1e-12)
    nodes = list(G)
    p = {v: i % 3 for i, v in enumerate(nodes)}
    close(nx.pagerank(G, alpha=0.7, personalization=p, backend="dwell"),
          nx.pagerank(G, alpha=0.7, personalization=p), 1e-12)
    with pytest.raises(nx.PowerIterationFailedConvergence):
        nx.pagerank(G, max_iter=2, backend="dwell")


def test_triangles_and_clustering_equal_networkx(G):
    U = G.to_undirected() if G.is_directed() else G
    assert nx.triangles(U, backend="dwell") == nx.triangles(U)
    assert nx.clustering(U, backend="dwell") == nx.clustering(U)
    assert nx.average_clustering(U, backend="dwell") == nx.average_clustering(U)
    assert nx.average_clustering(U, count_zeros=False, backend="dwell") == \
        nx.average_clustering(U, count_zeros=False)
    assert nx.transitivity(U, backend="dwell") == nx.transitivity(U)
    some = list(U)[:5]
    assert nx.triangles(U, some, backend="dwell") == nx.triangles(U, some)
    assert nx.clustering(U, some[0], backend="dwell") == nx.clustering(U, some[0])


def test_weighted_lengths_equal_networkx_on_a_road_graph():
    G = road_nx()
    for s in list(G)[:3]:
        got = nx.single_source_dijkstra_path_length(G, s, backend="dwell")
        want = nx.single_source_dijkstra_path_length(G, s)
        assert got == want
        assert all(type(x) is int for x in got.values())  # integer lengths stay ints, as NetworkX's
        assert list(got.values()) == sorted(got.values())
    s, t = list(G)[0], list(G)[-1]
    assert nx.shortest_path_length(G, s, weight="weight", backend="dwell") == \
        nx.shortest_path_length(G, s, weight="weight")
    assert nx.shortest_path_length(G, target=t, weight="weight", backend="dwell") == \
        nx.shortest_path_length(G, target=t, weight="weight")
    cut = nx.single_source_dijkstra_path_length(G, s, cutoff=30000, backend="dwell")
    assert cut == nx.single_source_dijkstra_path_length(G, s, cutoff=30000)


def test_float_weights_and_all_pairs_equal_networkx():
    G = real_nx("lesmis")
    rng = random.Random(3)
    for u, v in G.edges:
        G[u][v]["w"] = rng.choice([0.1, 0.2, 0.3, 1.7, 2.5])
    assert dict(nx.all_pairs_dijkstra_path_length(G, weight="w", backend="dwell")) == \
        dict(nx.all_pairs_dijkstra_path_length(G, weight="w"))


def test_what_dwell_declines_networkx_answers():
    G = real_nx("karate")
    nx.set_edge_attributes(G, {e: 2.0 for e in list(G.edges)[:3]}, "weight")
    backend = nx.utils.backends.backends["dwell"].load()
    reasons = {
        "weighted pagerank": backend.can_run("pagerank", (G,), {}),
        "callable weight": backend.can_run("betweenness_centrality", (G,), {"weight": lambda u, v, d: 1}),
        "multigraph edges": backend.can_run("edge_betweenness_centrality", (nx.MultiGraph(G),), {}),
        "nstart": backend.can_run("pagerank", (G,), {"weight": None, "nstart": {0: 1}}),
        "directed clustering": backend.can_run("clustering", (nx.DiGraph(G),), {}),
        "k=1": backend.can_run("betweenness_centrality", (G,), {"k": 1}),
    }
    for what, reason in reasons.items():
        assert isinstance(reason, str) and reason, what
    H = real_nx("karate")
    assert backend.can_run("pagerank", (H,), {}) is True
    nx.set_edge_attributes(H, 2.0, "weight")  # through NetworkX: its cache (and dwell's answer) cleared
    assert isinstance(backend.can_run("pagerank", (H,), {}), str)
    assert backend.can_run("betweenness_centrality", (G,), {"weight": "weight"}) is True
    assert backend.can_run("edge_betweenness_centrality", (G,), {"weight": "weight", "k": 1}) is True
    G[0][1]["weight"] = 0
    for name in ("betweenness_centrality", "edge_betweenness_centrality"):
        assert "zero" in backend.can_run(name, (G,), {"weight": "weight"})
    G[0][1]["weight"] = -1
    assert isinstance(backend.can_run("betweenness_centrality", (G,), {"weight": "weight"}), str)
    assert isinstance(backend.can_run("single_source_dijkstra_path_length", (G, 0), {}), str)
    assert backend.can_run("pagerank", (G,), {"weight": None}) is True


def test_betweenness_of_the_power_grid_equals_igraph():
    igraph = pytest.importorskip("igraph")
    src, dst, n, _ = read_edges("power")
    g = dwell.Graph.from_edges(src, dst, n=n, directed=False)
    with g.session() as s:
        got = s.betweenness(normalized=False)
    h = igraph.Graph(n=n, edges=list(zip(src.tolist(), dst.tolist())), directed=False).simplify()
    want = np.asarray(h.betweenness())
    # Raw sums reach 6e4 here: equal to a few ulps (summation orders differ).
    assert np.abs(got - want).max() <= 1e-12 * want.max()


# -- the session methods -----------------------------------------------------


def test_session_methods_and_their_errors():
    src, dst, w = np.array([0, 1, 0, 2]), np.array([1, 2, 2, 3]), np.array([1.5, 2.0, 4.0, 0.25])
    g = dwell.Graph.from_edges(src, dst, weights=w)
    assert g.weighted and sorted(g.weights().tolist()) == sorted(w.tolist())
    with g.session() as s:
        r = s.sssp(0, parents=True)
        assert r.distances.tolist() == [0.0, 1.5, 3.5, 3.75] and r.parents.tolist() == [0, 0, 1, 2]
        many = s.sssp([0, 3])
        assert many.distances.shape == (2, 4) and math.isinf(many.distances[1, 0])
        assert many.reached.tolist() == [4, 1]
        pr = s.pagerank(stop="gapbs", max_iter=3)
        assert pr.iterations == 3 and abs(pr.scores.sum() - 1) < 1e-12
        with pytest.raises(dwell.DwellConvergenceError) as err:
            s.pagerank(max_iter=1)
        assert "max_iter=" in err.value.fix
        for bad, kind, word in [(dict(alpha=1.5), ValueError, "alpha="), (dict(tol=0), ValueError, "tol="),
                                (dict(personalization=[1, 0]), ValueError, "personalization="),
                                (dict(stop="scipy"), ValueError, "stop=")]:
            with pytest.raises(kind) as err:
                s.pagerank(**bad)
            assert word in err.value.fix, err.value.fix
        with pytest.raises(ValueError) as err:
            s.betweenness(sources=[1])
        assert "endpoints=True" in err.value.fix
        with pytest.raises(TypeError):
            s.betweenness(k=2.5)
        bc = s.betweenness(weighted=True, normalized=False)
        assert bc.tolist() == [0.0, 2.0, 2.0, 0.0]  # 0 → 2 is shorter through 1 (3.5 < 4)
        e = s.edge_betweenness(weighted=True, normalized=False)
        assert list(zip(e.sources.tolist(), e.targets.tolist(), e.scores.tolist())) == \
            [(0, 1, 3.0), (0, 2, 0.0), (1, 2, 4.0), (2, 3, 3.0)]
        t = s.triangles()
        assert t.total == 1 and t.per_vertex.tolist() == [1, 1, 1, 0]
    with dwell.Graph.from_edges(src, dst).session() as s, pytest.raises(ValueError) as err:
        s.betweenness(weighted=True)
    assert "weighted=False" in err.value.fix, err.value.fix
    with pytest.raises(ValueError) as err:
        dwell.Graph.from_edges(src, dst, weights=[1.0, -2.0, 1.0, 1.0])
    assert "Fix:" in str(err.value)
    with pytest.raises(ValueError):
        dwell.Graph.from_edges(src, dst, weights=[1.0])


def test_from_networkx_weights_and_load_weights(tmp_path):
    G = nx.MultiGraph([(0, 1, {"w": 3}), (0, 1, {"w": 2}), (1, 2, {})])
    g = dwell.Graph.from_networkx(G, weight="w")
    with g.session() as s:
        assert s.sssp(0).distances.tolist() == [0.0, 2.0, 3.0]  # the smaller parallel edge; 1 where absent
    f = tmp_path / "w.tsv"
    f.write_text("a\tb\t2.5\nb\tc\t0.5\n")
    g = dwell.load(f, weights=3, directed=True)
    with g.session() as s:
        assert s.sssp(g.index("a")).distances.tolist() == [0.0, 2.5, 3.0]


# -- random graphs -----------------------------------------------------------

edges = st.lists(st.tuples(st.integers(0, 14), st.integers(0, 14)), max_size=60)


def nx_graph(directed, n, arcs):
    G = nx.DiGraph() if directed else nx.Graph()
    G.add_nodes_from(range(n))
    G.add_edges_from(arcs)
    return G


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.booleans(), st.integers(1, 15), edges)
def test_random_graphs_equal_networkx(directed, n, arcs):
    arcs = [(u % n, v % n) for u, v in arcs]
    G = nx_graph(directed, n, arcs)
    close(nx.betweenness_centrality(G, backend="dwell"), nx.betweenness_centrality(G), 1e-12)
    close(nx.betweenness_centrality(G, endpoints=True, normalized=False, backend="dwell"),
          nx.betweenness_centrality(G, endpoints=True, normalized=False), 1e-9)
    close(nx.pagerank(G, backend="dwell"), nx.pagerank(G), 1e-12)
    U = G.to_undirected()
    assert nx.triangles(U, backend="dwell") == nx.triangles(U)
    assert nx.clustering(U, backend="dwell") == nx.clustering(U)
    assert nx.transitivity(U, backend="dwell") == nx.transitivity(U)


@settings(max_examples=60, deadline=None)
@given(st.booleans(), st.integers(1, 15), edges, st.lists(st.sampled_from([0, 1, 2.5, 0.125, 7]), min_size=60,
                                                         max_size=60))
def test_random_weighted_lengths_equal_networkx(directed, n, arcs, weights):
    G = nx_graph(directed, n, [])
    for (u, v), w in zip(arcs, weights):
        G.add_edge(u % n, v % n, weight=w)
    for s in range(min(n, 3)):
        assert nx.single_source_dijkstra_path_length(G, s, backend="dwell") == \
            nx.single_source_dijkstra_path_length(G, s)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.booleans(), st.integers(1, 15), edges, st.lists(st.sampled_from([1, 2.5, 0.125, 7, 0.1, 0.2, 0.3]),
                                                         min_size=60, max_size=60))
def test_random_weighted_betweenness_equals_networkx(directed, n, arcs, weights):
    """Lengths that tie exactly (1 + 1.5 = 2.5) and ones that do not quite
    (0.1 + 0.2 != 0.3): the same ties as NetworkX's float sums."""
    G = nx_graph(directed, n, [])
    for (u, v), w in zip(arcs, weights):
        G.add_edge(u % n, v % n, weight=w)
    close(nx.betweenness_centrality(G, weight="weight", backend="dwell"),
          nx.betweenness_centrality(G, weight="weight"), 1e-12)
    same_edges(nx.edge_betweenness_centrality(G, weight="weight", backend="dwell"),
               nx.edge_betweenness_centrality(G, weight="weight"), 1e-12)
    same_edges(nx.edge_betweenness_centrality(G, backend="dwell"), nx.edge_betweenness_centrality(G), 1e-12)
