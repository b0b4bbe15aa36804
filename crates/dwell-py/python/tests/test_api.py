"""dwell's Python API against independent oracles (scipy.sparse.csgraph,
NetworkX, plain Python) on the bundled real graphs."""

import threading
import time

import networkx as nx
import numpy as np
import pytest
import scipy.sparse as sp
from scipy.sparse import csgraph

import dwell
from conftest import path, read_edges


def adjacency(src, dst, n, directed):
    a = sp.csr_matrix((np.ones(len(src)), (src, dst)), shape=(n, n))
    return a if directed else ((a + a.T) > 0).astype(float)


def oracle_levels(a, sources):
    d = csgraph.shortest_path(a, unweighted=True, indices=sources)
    return np.where(np.isinf(d), -1, d).astype(np.int32)


def same_partition(a, b):
    """Two label arrays describe the same partition of the vertices."""
    pairs = set(zip(a.tolist(), b.tolist()))
    return len(pairs) == len(set(a.tolist())) == len(set(b.tolist()))


def test_load_matches_the_file(bundled):
    name, src, dst, n, directed = bundled
    g = dwell.load(path(name))
    assert (g.nodes, g.directed) == (n, directed)
    want = set(zip(src.tolist(), dst.tolist()))
    if not directed:
        want |= {(v, u) for u, v in want}
    s, d = g.edges()
    got = list(zip(s.tolist(), d.tolist()))
    assert len(got) == len(set(got)) == g.arcs  # duplicates merged
    assert set(got) == want


@pytest.mark.parametrize("backend", ["cpu", "cpu-reference"])
def test_bfs_levels_equal_scipy(bundled, backend):
    name, src, dst, n, directed = bundled
    g = dwell.Graph.from_edges(src, dst, n=n, directed=directed)
    sources = np.unique(np.linspace(0, n - 1, 40).astype(np.int64))
    want = oracle_levels(adjacency(src, dst, n, directed), sources)
    with g.session(backend=backend) as s:
        got = s.bfs(sources, levels=True)
        one = s.bfs(int(sources[0]))
        summ = s.bfs(sources)
        back = s.bfs(sources, levels=True, reverse=True)
    assert got.dtype == np.int32 and got.shape == (len(sources), n)
    np.testing.assert_array_equal(got, want)
    np.testing.assert_array_equal(one, want[0])
    assert summ.dtype == dwell.BFS_SUMMARY
    np.testing.assert_array_equal(summ["source"], sources)
    np.testing.assert_array_equal(summ["reached"], (want >= 0).sum(axis=1))
    np.testing.assert_array_equal(summ["max_level"], want.max(axis=1))
    np.testing.assert_array_equal(summ["level_sum"], np.where(want >= 0, want, 0).sum(axis=1))
    rev = oracle_levels(adjacency(src, dst, n, directed).T.tocsr(), sources)
    np.testing.assert_array_equal(back, rev)


def test_components_equal_scipy(bundled):
    name, src, dst, n, directed = bundled
    g = dwell.load(path(name))
    a = adjacency(src, dst, n, directed)
    with g.session() as s:
        w, c = s.wcc(), s.scc()
    kw, lw = csgraph.connected_components(a, directed=True, connection="weak")
    ks, ls = csgraph.connected_components(a, directed=True, connection="strong")
    assert (w.count, c.count) == (kw, ks)
    assert same_partition(w.labels, lw) and same_partition(c.labels, ls)
    assert w.largest == np.bincount(lw).max() and c.largest == np.bincount(ls).max()


def test_sessions_report_plan_counters_and_reuse():
    g = dwell.load(path("karate"))
    with g.session() as s:
        s.bfs([0, 1, 2], repeat=5)
        s.wcc()
        plan, counters, reuse = s.plan, s.counters, s.telemetry
    assert plan["runs"] == 1 and plan["final_only_readback"]
    # One upload for the session's life: the second call reuses the resident graph.
    assert counters["runs"] == 6 and counters["graph_uploads"] == 1
    assert (reuse["cold_uploads"], reuse["warm_reuses"]) == (1, 5)
    assert s.stats["calls"] == 2
    with pytest.raises(dwell.DwellError, match="closed"):
        s.bfs(0)


def test_reach_follows_labels_and_direction():
    # 0 -call-> 1 -flow-> 2 -call-> 3, 4 -flow-> 0
    g = dwell.Graph.from_edges([0, 1, 2, 4], [1, 2, 3, 0], labels=["call", "flow", "call", "flow"])
    assert g.label_names == {"call": 1, "flow": 2}
    with g.session() as s:
        calls = s.reach([0, 1], labels="call", sinks=[1, 3], sets=True)
        every = s.reach(0, sinks=[3, 4])
        back = s.reach(3, direction="backward", labels=["call", "flow"])
    assert calls.summary["reached"].tolist() == [2, 1]
    assert [x.tolist() for x in calls.sinks_reached] == [[1], [1]]  # a source reaches itself
    assert calls.sets.tolist()[0] == [True, True, False, False, False]
    assert every.sinks_reached[0].tolist() == [3]
    assert back.summary["reached"].tolist() == [5]
    with pytest.raises(dwell.DwellError) as e:
        with g.session() as s:
            s.reach(0, labels="isa")
    assert "unknown edge label 'isa'" in e.value.message and e.value.fix


def test_taint_witnesses_are_shortest_sanitized_paths():
    G = nx.karate_club_graph()
    g = dwell.Graph.from_networkx(G)
    sanitizers = [2, 8]
    with g.session() as s:
        res = s.taint([0, 33], sinks=[15, 30, 9], sanitizers=sanitizers)
    H = G.copy()
    H.remove_nodes_from(sanitizers)
    for r in res:
        want = {k for k in (15, 30, 9) if r.source in H and k in H and nx.has_path(H, r.source, k)}
        assert {f.sink for f in r.findings} == want
        for f in r.findings:
            p = f.path.tolist()
            assert p[0] == r.source and p[-1] == f.sink
            assert all(G.has_edge(u, v) for u, v in zip(p, p[1:]))
            assert len(p) - 1 == nx.shortest_path_length(H, r.source, f.sink)


def liveness_oracle(succ, gen, kill):
    n, f = gen.shape
    live_in = np.zeros((n, f), bool)
    while True:
        out = np.zeros((n, f), bool)
        for v in range(n):
            for w in succ[v]:
                out[v] |= live_in[w]
        new_in = gen | (out & ~kill)
        if (new_in == live_in).all():
            return out, new_in
        live_in = new_in


def test_dataflow_backward_union_is_liveness():
    rng = np.random.default_rng(7)
    n, facts = 40, 70
    src = rng.integers(0, n, 90)
    dst = rng.integers(0, n, 90)
    g = dwell.Graph.from_edges(src, dst, n=n, directed=True)
    gen = rng.random((n, facts)) < 0.1
    kill = rng.random((n, facts)) < 0.1
    succ = [[] for _ in range(n)]
    for u, v in set(zip(src.tolist(), dst.tolist())):
        succ[u].append(v)
    out, inp = liveness_oracle(succ, gen, kill)
    with g.session() as s:
        sol = s.dataflow(gen, kill, direction="backward", meet="union")
    np.testing.assert_array_equal(sol.input, out)
    np.testing.assert_array_equal(sol.output, inp)


def test_from_scipy_and_networkx():
    G = nx.les_miserables_graph()
    g = dwell.Graph.from_networkx(G)
    assert g.names == list(G) and g.nodes == len(G) and g.arcs == 2 * G.number_of_edges()
    a = nx.to_scipy_sparse_array(G, format="csr")
    h = dwell.Graph.from_scipy(a, directed=False)
    assert h.layout_hash == g.layout_hash
    with g.session() as s:
        lv = s.bfs(g.index("Valjean"))
    want = nx.single_source_shortest_path_length(G, "Valjean")
    assert {g.names[i]: int(d) for i, d in enumerate(lv)} == want


def test_errors_carry_message_and_fix(tmp_path):
    with pytest.raises(dwell.DwellError) as e:
        dwell.load(tmp_path / "missing.edges")
    assert "missing.edges" in e.value.message and "check the path" in e.value.fix
    bad = tmp_path / "bad.edges"
    bad.write_text("0 1\n1\n")  # one field: `1 x` is a named edge now (--ids auto)
    with pytest.raises(dwell.DwellError) as e:
        dwell.load(bad)
    assert "bad.edges:2" in e.value.message and e.value.fix
    g = dwell.load(path("karate"))
    with pytest.raises(dwell.DwellError) as e, g.session() as s:
        s.bfs(34)
    assert "(ids 0 to 33)" in e.value.message and e.value.fix == "pass source ids 0 to 33"
    with pytest.raises(dwell.DwellError, match="vertex -1 is out of range"):
        g.session().bfs(-1)
    with pytest.raises(dwell.DwellError, match="unknown backend"):
        g.session(backend="gpu")
    with pytest.raises(dwell.DwellError) as e:
        dwell.Graph.from_edges([0, 1], [1])
    assert e.value.fix == "pass one dst per src"
    with pytest.raises(dwell.DwellError) as e:
        with g.session(budget_bytes=1000) as s:
            s.bfs(np.arange(34))
    assert "budget" in str(e.value).lower() and e.value.fix


def test_the_gil_is_released_during_a_run():
    g = dwell.load(path("email-Enron"))
    stamps, span = [], {}

    def work():
        # Grow the run until it lasts long enough to observe: a fixed source
        # count finished in 41 ms on an idle CI machine.
        with g.session() as s:
            k = 3000
            while True:
                sources = np.arange(k) % g.nodes
                span["start"] = time.perf_counter()
                s.bfs(sources)
                span["end"] = time.perf_counter()
                if span["end"] - span["start"] > 0.2 or k > 64 * g.nodes:
                    break
                k *= 4

    t = threading.Thread(target=work)
    t.start()
    while t.is_alive():
        stamps.append(time.perf_counter())
        time.sleep(0.001)
    t.join()
    inside = [x for x in stamps if span["start"] + 0.01 < x < span["end"] - 0.01]
    assert span["end"] - span["start"] > 0.05
    assert len(inside) >= 5, "the main thread did not run while dwell worked: the GIL was held"


@pytest.mark.parametrize("name", ["karate", "dolphins", "celegansneural", "polblogs"])
def test_closeness_equals_networkx(name):
    src, dst, n, directed = read_edges(name)
    G = nx.DiGraph() if directed else nx.Graph()
    G.add_nodes_from(range(n))
    G.add_edges_from(zip(src.tolist(), dst.tolist()))
    g = dwell.Graph.from_edges(src, dst, n=n, directed=directed)
    with g.session() as s:
        got = s.closeness()
        plain = s.closeness(wf_improved=False)
        some = s.closeness([3, 1])
    want = nx.closeness_centrality(G)
    worst = max(abs(got[v] - want[v]) for v in range(n))
    assert worst <= 1e-12 * max(want.values())
    want_plain = nx.closeness_centrality(G, wf_improved=False)
    assert np.allclose(plain, [want_plain[v] for v in range(n)], rtol=1e-12, atol=0)
    np.testing.assert_array_equal(some, got[[3, 1]])


def test_the_cuda_backend_answers_as_cpu_or_says_how_to_get_a_device():
    g = dwell.load(path("karate"))
    try:
        with g.session(backend="cuda") as s:
            got = s.bfs(np.arange(34), levels=True)
    except dwell.DwellError as e:  # no driver or no device here (CI has none)
        assert e.fix and "cuda" in str(e).lower(), str(e)
        if "not in this build" in e.message:  # the default wheel: CPU only
            assert "--features python,cuda" in e.fix and "backend=\"cpu\"" in e.fix, e.fix
        return
    with g.session(backend="cpu") as s:
        assert np.array_equal(got, s.bfs(np.arange(34), levels=True))
