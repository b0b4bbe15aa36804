"""Every-source calls on graphs too small for dwell (dwell.nx._own): with
dwell first in ``nx.config.backend_priority`` they are accepted and answered
by NetworkX's own function, its per-node inner calls undispatched, so they
pay the dispatcher once, not once per node. Answers (and exceptions) equal
NetworkX's; the priority is restored; ``backend="dwell"`` still runs dwell."""

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import dwell.nx as dnx
from dwell.nx import _own

CALLS = {
    "all_pairs_shortest_path_length": lambda G: [(v, list(d.items())) for v, d in nx.all_pairs_shortest_path_length(G)],
    "all_pairs_shortest_path_length(cutoff=2)":
        lambda G: [(v, list(d.items())) for v, d in nx.all_pairs_shortest_path_length(G, cutoff=2)],
    "closeness_centrality": lambda G: list(nx.closeness_centrality(G).items()),
    "closeness_centrality(wf_improved=False)": lambda G: list(nx.closeness_centrality(G, wf_improved=False).items()),
    "harmonic_centrality": lambda G: list(nx.harmonic_centrality(G).items()),
    "harmonic_centrality(nbunch)": lambda G: list(nx.harmonic_centrality(G, nbunch=list(G)[:3]).items()),
    "eccentricity": lambda G: list(nx.eccentricity(G).items()),
    "eccentricity(v=list)": lambda G: nx.eccentricity(G, v=list(G)[1:4]),
    "diameter(usebounds=True)": lambda G: nx.diameter(G, usebounds=True),
    "diameter": nx.diameter,
    "radius": nx.radius,
    "average_shortest_path_length": nx.average_shortest_path_length,
    "wiener_index": nx.wiener_index,
}


def outcome(f, G):
    try:
        return "ok", f(G)
    except nx.NetworkXException as err:
        return type(err).__name__, str(err)


@pytest.fixture
def dwell_first():
    saved = list(nx.config.backend_priority.algos)
    nx.config.backend_priority.algos = ["dwell"]
    try:
        yield
    finally:
        nx.config.backend_priority.algos = saved


class Counted:
    """Counts should_run calls by function name while installed."""

    def __init__(self, monkeypatch):
        self.names = []
        real = dnx.BackendInterface.should_run

        def counted(name, args, kwargs):
            self.names.append(name)
            return real(name, args, kwargs)
        monkeypatch.setattr(dnx.BackendInterface, "should_run", staticmethod(counted))


@pytest.mark.parametrize("label", CALLS)
def test_small_graph_asks_once_and_answers_as_networkx(label, dwell_first, monkeypatch):
    G = nx.les_miserables_graph()  # 77 nodes: below dwell's every-source threshold
    with _own.undispatched():
        want = outcome(CALLS[label], G.copy())
    counted = Counted(monkeypatch)
    H = G.copy()
    assert outcome(CALLS[label], H) == want
    # One should_run for the outer call; before, one more per node (77+).
    assert len(counted.names) == 1, counted.names
    assert nx.config.backend_priority.algos == ["dwell"]
    assert dnx._built(H) is None  # NetworkX's own ran: nothing converted


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(directed=st.booleans(), n=st.integers(1, 30),
       edges=st.lists(st.tuples(st.integers(0, 29), st.integers(0, 29)), max_size=80),
       label=st.sampled_from(sorted(CALLS)))
def test_random_small_graphs_answer_as_networkx(directed, n, edges, label, dwell_first):
    G = nx.DiGraph() if directed else nx.Graph()
    G.add_nodes_from(range(n - 1, -1, -1))  # node order unlike neighbour order
    G.add_edges_from((u % n, v % n) for u, v in edges)
    with _own.undispatched():
        want = outcome(CALLS[label], G.copy())
    assert outcome(CALLS[label], G.copy()) == want
    assert nx.config.backend_priority.algos == ["dwell"]


def test_explicit_backend_runs_dwell():
    """No should_run, no mark: dwell's own kernels answer (the graph is built)."""
    G = nx.les_miserables_graph()
    assert nx.closeness_centrality(G, backend="dwell") == pytest.approx(nx.closeness_centrality(G))
    assert dnx._built(G) is not None


def test_a_stale_mark_routes_no_other_call():
    """A mark whose call never reached the backend (its conversion failed)
    answers no call on another graph or of another name."""
    G, H = nx.path_graph(5), nx.cycle_graph(6)
    _own.mark("closeness_centrality", G)
    nx.closeness_centrality(H, backend="dwell")
    assert dnx._built(H) is not None  # dwell ran it, not NetworkX's function on G
    _own.mark("closeness_centrality", G)
    nx.eccentricity(G, backend="dwell")
    assert dnx._built(G) is not None
    assert _own.take("closeness_centrality", (dnx._held(G),)) is None  # taken once, then cleared


def test_priority_restored_after_an_exception(dwell_first):
    G = nx.Graph([(0, 1), (2, 3)])  # disconnected: NetworkX raises
    with pytest.raises(nx.NetworkXError):
        nx.average_shortest_path_length(G)
    assert nx.config.backend_priority.algos == ["dwell"]


def small_first_component():
    """A 3-node path first, then a 400-node connected graph: NetworkX's
    first check (a search from the first node) fails after 3 nodes."""
    G = nx.path_graph(3)
    G.add_edges_from((u + 3, v + 3) for u, v in nx.connected_watts_strogatz_graph(400, 4, 0.1, seed=2).edges())
    return G


@pytest.mark.parametrize("name", ["average_shortest_path_length", "wiener_index", "eccentricity"])
def test_quick_check_failing_calls_are_left_to_networkx(name, dwell_first):
    G = small_first_component()
    if name == "wiener_index":  # NetworkX answers inf: declined
        assert isinstance(dnx.should_run(name, (G,), {}), str)
    else:  # NetworkX raises: should_run raises the same
        with pytest.raises(nx.NetworkXError):
            dnx.should_run(name, (G,), {})
    # The first node's component is large (> 256 nodes): NetworkX's check is no quicker than dwell's.
    H = nx.Graph(nx.connected_watts_strogatz_graph(400, 4, 0.1, seed=2).edges())
    H.add_edges_from([(400, 401), (401, 402)])
    assert dnx.should_run(name, (H,), {}) is True
    for X in (G, H):
        with _own.undispatched():
            want = outcome(CALLS[name], X.copy())
        assert outcome(CALLS[name], X.copy()) == want


@pytest.mark.parametrize("name", ["diameter", "radius"])
def test_diameter_of_a_small_first_component_raises_without_converting(name, dwell_first):
    G = small_first_component()
    with _own.undispatched():
        want = outcome(CALLS[name], G.copy())
    H = G.copy()
    assert outcome(CALLS[name], H) == want and want[0] == "NetworkXError"
    assert dnx._held(H) is None  # raised by should_run: no conversion, not even a pending one


def test_inner_call_of_a_declined_call_is_declined_at_once(dwell_first, monkeypatch):
    """descendants_at_distance declined (its depth-2 reach is small): the
    bfs_layers NetworkX's own code then calls is declined without a walk,
    and not run whole in dwell on a converted graph."""
    G = nx.connected_watts_strogatz_graph(2000, 4, 0.1, seed=5)
    nx.all_pairs_shortest_path_length(G, backend="dwell")  # converts G
    nx.number_connected_components(G, backend="dwell")
    assert dnx._built(G) is not None
    with _own.undispatched():
        want = nx.descendants_at_distance(G, 0, 2)
    reasons = []
    real = dnx.BackendInterface.should_run

    def recorded(name, args, kwargs):
        reasons.append((name, real(name, args, kwargs)))
        return reasons[-1][1]
    monkeypatch.setattr(dnx.BackendInterface, "should_run", staticmethod(recorded))
    assert nx.descendants_at_distance(G, 0, 2) == want
    assert [n for n, _ in reasons] == ["descendants_at_distance", "bfs_layers"]
    assert all(isinstance(r, str) for _, r in reasons)
    # The mark is used once: bfs_layers asked by the user runs in dwell again.
    reasons.clear()
    list(nx.bfs_layers(G, 0))
    assert reasons == [("bfs_layers", True)]


def test_nested_calls_of_a_declined_inner_call_are_declined_at_once(dwell_first, monkeypatch):
    """The Wiener index of a disconnected graph, declined (NetworkX answers
    inf after its first search): NetworkX's wiener_index calls is_connected,
    which calls connected_components; both are declined by the mark, with
    no walk of the first component. Answer equal to NetworkX's."""
    G = small_first_component()
    G.add_edges_from((u + 403, v + 403) for u, v in nx.path_graph(700).edges())  # 1,103 nodes
    nx.number_connected_components(G, backend="dwell")  # converts G
    reasons = []
    real = dnx.BackendInterface.should_run

    def recorded(name, args, kwargs):
        reasons.append((name, real(name, args, kwargs)))
        return reasons[-1][1]
    monkeypatch.setattr(dnx.BackendInterface, "should_run", staticmethod(recorded))
    assert nx.wiener_index(G) == float("inf")
    assert [n for n, _ in reasons] == ["wiener_index", "is_connected", "connected_components"]
    assert all(r == "NetworkX's own code runs it inside a call dwell declined" for _, r in reasons[1:])
    # The marks are used up: the user's own connected_components is sized again.
    reasons.clear()
    list(nx.connected_components(G))
    assert len(reasons) == 1 and reasons[0][1] != "NetworkX's own code runs it inside a call dwell declined"


def test_digraph_connectivity_checks_are_not_quick(dwell_first):
    """A DAG whose first node reaches 3 nodes: NetworkX's eccentricity
    stops there (declined), but its ASPL and Wiener index check strong
    connectivity, which is not bounded by that reach (accepted: dwell's
    check; declined, WordNet's went to dwell's components anyway, 0.16x)."""
    D = nx.DiGraph([(0, 1), (1, 2)])
    D.add_edges_from((i, i // 2 + 3) for i in range(4, 400))
    with pytest.raises(nx.NetworkXError):  # NetworkX's eccentricity raises after 3 nodes
        dnx.should_run("eccentricity", (D,), {})
    for name in ("average_shortest_path_length", "wiener_index"):
        assert dnx.should_run(name, (D,), {}) is True
        with _own.undispatched():
            want = outcome(CALLS[name], D.copy())
        assert outcome(CALLS[name], D.copy()) == want


def test_small_graph_functions_without_per_node_calls_are_declined():
    """PageRank, triangles and the Dijkstra lengths make no dispatched call
    per node: on a small graph they are left to NetworkX, not accepted."""
    G = nx.les_miserables_graph()
    for name, args in (("pagerank", (G,)), ("triangles", (G,)), ("single_source_dijkstra_path_length", (G, "Valjean"))):
        assert isinstance(dnx.should_run(name, args, {}), str), name
    assert set(CALLS_NAMES) <= _own.PER_NODE


CALLS_NAMES = {label.split("(")[0] for label in CALLS}


QUICK_ERRORS = {
    "diameter": nx.diameter, "radius": nx.radius, "eccentricity": nx.eccentricity,
    "average_shortest_path_length": nx.average_shortest_path_length,
    "diameter(usebounds=True)": lambda G: nx.diameter(G, usebounds=True),
    "radius(None, True)": lambda G: nx.radius(G, None, True),
    "eccentricity(v=first)": lambda G: nx.eccentricity(G, v=next(iter(G))),
    "eccentricity(v=last)": lambda G: nx.eccentricity(G, v=list(G)[-1]),
    "eccentricity(v=[last, first])": lambda G: nx.eccentricity(G, v=[list(G)[-1], next(iter(G))]),
}


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(directed=st.booleans(), first=st.integers(1, 6), big=st.sampled_from([0, 30, 300]),
       extra=st.lists(st.tuples(st.integers(0, 400), st.integers(0, 400)), max_size=30),
       label=st.sampled_from(sorted(QUICK_ERRORS)))
def test_errors_raised_by_should_run_are_networkx_own(directed, first, big, extra, label, dwell_first):
    """should_run raises NetworkX's exception itself where NetworkX's first
    search is quick and misses a node (dispatch rule: _dispatch._known_error).
    Graphs: a path of ``first`` nodes first (the first search's reach), then
    a ``big``-node component, then random arcs among those nodes; the outcome
    under the backend (answer or exception, its type and message) equals
    NetworkX's alone, and where should_run raised, G was not converted."""
    G = nx.DiGraph() if directed else nx.Graph()
    nx.add_path(G, range(first))
    nx.add_path(G, range(first, first + big))
    n = len(G)
    G.add_edges_from((u % n, v % n) for u, v in extra)
    with _own.undispatched():
        want = outcome(QUICK_ERRORS[label], G.copy())
    H = G.copy()
    raised, real = [], dnx.BackendInterface.should_run

    def recorded(name, args, kwargs):
        try:
            return real(name, args, kwargs)
        except nx.NetworkXError:
            raised.append(name)
            raise
    dnx.BackendInterface.should_run = staticmethod(recorded)
    try:
        assert outcome(QUICK_ERRORS[label], H) == want
    finally:
        dnx.BackendInterface.should_run = staticmethod(real)
    if raised:
        assert raised == [label.split("(")[0]] and want[0] == "NetworkXError"
        assert dnx._held(H) is None


def test_diameter_usebounds_message_from_dwell():
    """``usebounds=True`` on a graph: NetworkX's bounding algorithm has its
    own message for a disconnected graph; dwell's answer (accepted, or
    ``backend="dwell"``) uses it too."""
    G = nx.path_graph(300)
    G.add_edge(400, 401)
    for f in (nx.diameter, nx.radius):
        with _own.undispatched():
            want = outcome(lambda X: f(X, usebounds=True), G)
        assert want == ("NetworkXError", "Cannot compute metric because graph is not connected.")
        assert outcome(lambda X: f(X, usebounds=True, backend="dwell"), G) == want
        assert outcome(lambda X: f(X, backend="dwell"), G)[1].startswith("Found infinite path length")


def test_pending_connectivity_check_dispatches_nothing(dwell_first, monkeypatch):
    """A digraph's ASPL and Wiener index, accepted with G not yet converted:
    NetworkX's strong-connectivity check runs on the NetworkX graph with its
    component generator undispatched (no inner call reaches dwell, no
    conversion), and the priority is never reassigned (NetworkX's config
    validates each assignment: ~28 us)."""
    D = nx.DiGraph([(0, 1), (1, 2)])
    D.add_edges_from((i, i // 2 + 3) for i in range(4, 400))
    for name, want in (("average_shortest_path_length", "NetworkXError"), ("wiener_index", "ok")):
        counted = Counted(monkeypatch)
        H = D.copy()
        monkeypatch.setattr(_own, "undispatched", None)  # any use would raise TypeError
        assert outcome(getattr(nx, name), H)[0] == want
        monkeypatch.undo()
        assert counted.names == [name]
        assert dnx._built(H) is None
