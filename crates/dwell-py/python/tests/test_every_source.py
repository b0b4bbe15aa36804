"""Every-source functions (closeness, Wiener index, average shortest path
length, eccentricity, harmonic, all pairs) need memory linear in n: the
plan of a call over every vertex grows with n, not n², and the answers
equal NetworkX's."""

import math

import networkx as nx
import numpy as np
import pytest

import dwell


def cycle(n):
    return dwell.Graph.from_edges(np.arange(n), (np.arange(n) + 1) % n, directed=False)


def fragmented(n, m, seed):
    """G(n, m) below the giant-component threshold: many small components."""
    rng = np.random.default_rng(seed)
    G = nx.Graph()
    G.add_nodes_from(range(n))
    G.add_edges_from(zip(rng.integers(0, n, m).tolist(), rng.integers(0, n, m).tolist()))
    G.remove_edges_from(nx.selfloop_edges(G))
    return G


def test_closeness_of_every_vertex_plans_linear_memory():
    """Before, every vertex of a 20k cycle was planned at n × n/64 × 24 bytes
    (150 MB); now a few sweeps' buffers: twice the vertices, about twice
    the bytes, and a 32 MB budget is plenty (two 512-lane sweeps plan 384
    bytes a vertex: 15 MB at 40k)."""
    peaks = {}
    for n in (20_000, 40_000):
        g = cycle(n)
        with g.session(budget_bytes=32 << 20) as s:
            c = s.closeness()
            peaks[n] = s.plan["frontier_bytes"] + s.plan["scratch_bytes"] + s.plan["output_bytes"]
        # A cycle of even n: every vertex at total distance n²/4.
        np.testing.assert_allclose(c, (n - 1) / (n * n / 4), rtol=1e-12)
    assert peaks[40_000] <= 2 * peaks[20_000] + (1 << 20), peaks
    assert peaks[20_000] < 20_000 * 20_000 // 64 * 8, peaks


def test_a_budget_below_the_sweeps_is_refused_with_python_arguments():
    g = cycle(20_000)
    with g.session(budget_bytes=1 << 16) as s:
        with pytest.raises(dwell.DwellError) as e:
            s.closeness()
    assert "budget_bytes=" in e.value.fix and "--" not in e.value.fix, e.value.fix


@pytest.mark.parametrize("name", ["closeness_centrality", "harmonic_centrality", "wiener_index",
                                  "average_shortest_path_length", "eccentricity",
                                  "all_pairs_shortest_path_length"])
def test_every_source_functions_equal_networkx_on_a_fragmented_graph(name):
    G = fragmented(6_000, 2_800, seed=3)
    fn = getattr(nx, name)

    def answer(**backend):
        try:
            out = fn(G, **backend)
        except nx.NetworkXError as e:
            return ("raised", str(e))
        return dict(out) if name == "all_pairs_shortest_path_length" else out

    want, got = answer(), answer(backend="dwell")
    if isinstance(want, dict) and name != "all_pairs_shortest_path_length":
        assert list(got) == list(want)
        assert all(math.isclose(got[v], want[v], rel_tol=1e-12) for v in want)
    else:
        assert got == want


def test_every_source_functions_equal_networkx_on_a_connected_graph():
    G = nx.connected_watts_strogatz_graph(3_000, 4, 0.1, seed=5)
    for name in ["closeness_centrality", "harmonic_centrality"]:
        want, got = getattr(nx, name)(G), getattr(nx, name)(G, backend="dwell")
        assert all(math.isclose(got[v], want[v], rel_tol=1e-12) for v in want), name
    for name in ["wiener_index", "average_shortest_path_length", "diameter", "radius"]:
        want, got = getattr(nx, name)(G), getattr(nx, name)(G, backend="dwell")
        assert math.isclose(got, want, rel_tol=1e-12), (name, got, want)
    assert nx.eccentricity(G, backend="dwell") == nx.eccentricity(G)
