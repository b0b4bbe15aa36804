"""The numpy-first API in Python's own terms: names round-trip (named
files, compact=True for sparse integer ids), and bad arguments raise
ValueError / TypeError (dwell's subclasses, with a ``.fix`` naming Python
arguments), never a bare OverflowError or a CLI flag."""

import numpy as np
import pytest

import dwell


def write(tmp_path, text, name="g.edges"):
    p = tmp_path / name
    p.write_text(text)
    return p


def test_a_named_file_keeps_its_names(tmp_path):
    g = dwell.load(write(tmp_path, "libc6 zlib1g\nbash libc6\nbash zlib1g\ncoreutils libc6\n"))
    assert g.names == ["libc6", "zlib1g", "bash", "coreutils"]
    assert g.index("libc6") == 0 and g.index("coreutils") == 3
    with g.session() as s:
        into = s.bfs(g.index("libc6"), reverse=True)
    assert sorted(g.names_of(np.flatnonzero(into >= 0))) == ["bash", "coreutils", "libc6"]
    assert g.names_of(2) == "bash"
    with pytest.raises(ValueError) as e:
        g.index("python3")
    assert "python3" in e.value.message and e.value.fix


def test_sparse_integer_ids_compact_without_phantom_vertices(tmp_path):
    text = "0 1000\n1000 5000000\n5000000 0\n"
    p = write(tmp_path, text)
    assert dwell.load(p, ids="index").nodes == 5_000_001  # as written: phantom isolated vertices
    g = dwell.load(p, compact=True)
    assert g.nodes == 3 and g.names == [0, 1000, 5000000]
    assert dwell.load(p, ids="name").names == [0, 1000, 5000000]
    with g.session() as s:
        lv = s.bfs(g.index(1000))
    assert dict(zip(g.names_of(np.arange(3)), lv.tolist())) == {0: 2, 1000: 0, 5000000: 1}
    h = dwell.Graph.from_edges([5000000, 0, 1000], [0, 1000, 5000000], compact=True)
    assert h.nodes == 3 and h.names == [0, 1000, 5000000]
    assert h.index(1000) == 1 and g.arcs == h.arcs
    with pytest.raises(ValueError, match="compact"):
        dwell.Graph.from_edges([0], [1000], n=2000, compact=True)


def test_named_tsv_and_csv_answer_as_networkx_by_name(tmp_path):
    """Les Misérables as files of names (TSV, and CSV with a header row):
    distances read back through g.names equal NetworkX's."""
    import networkx as nx

    G = nx.les_miserables_graph()
    tsv = write(tmp_path, "".join(f"{u}\t{v}\n" for u, v in G.edges()), "lesmis.tsv")
    csv = write(tmp_path, "from,to\n" + "".join(f"{u},{v}\n" for u, v in G.edges()), "lesmis.csv")
    want = nx.single_source_shortest_path_length(G, "Valjean")
    for p in [tsv, csv]:
        g = dwell.load(p, directed=False)
        assert g.nodes == len(G) and set(g.names) == set(G)
        with g.session() as s:
            lv = s.bfs(g.index("Valjean"))
        assert dict(zip(g.names_of(np.arange(g.nodes)), lv.tolist())) == want
    # columns= picks and orders the fields: parent → child here.
    h = dwell.load(write(tmp_path, "child,parent\nb,a\nc,b\n", "t.csv"), columns="parent,child")
    assert [h.names_of(x) for x in zip(*h.edges())] == [["a", "b"], ["b", "c"]]


def test_compact_keeps_sparse_ids_as_names_everywhere(tmp_path):
    """GO-style sparse integer ids: compact=True gives as many vertices as
    occur, from a file with a header row, scipy, and ids past 32 bits."""
    p = write(tmp_path, "parent,child\n8150,3674\n3674,5575\n8150,5575\n", "go.csv")
    assert dwell.load(p, columns="parent,child").nodes == 8151  # as written: 8,148 phantom vertices
    g = dwell.load(p, columns="parent,child", compact=True)
    assert g.nodes == 3 and g.names == [8150, 3674, 5575]  # a file's names: in order of appearance
    with g.session() as s:
        assert s.bfs(g.index(3674)).tolist() == [-1, 0, 1]
    import scipy.sparse as sp

    m = sp.csr_array((np.ones(2), ([0, 1000], [1000, 50])), shape=(2000, 2000))
    h = dwell.Graph.from_scipy(m, compact=True)
    assert h.nodes == 3 and h.names == [0, 50, 1000] and h.names_of(h.edges()[0]) == [0, 1000]
    big = dwell.Graph.from_edges([2**40, 2**63], [7, 2**40], compact=True)
    assert big.names == [7, 2**40, 2**63] and big.index(2**63) == 2


def test_file_errors_are_value_errors_naming_load_arguments(tmp_path):
    tsv = write(tmp_path, "libc6\tzlib1g\n", "named.tsv")
    edges = write(tmp_path, "libc6 zlib1g\n", "named.edges")
    for p, words in [(tsv, 'columns="'), (edges, 'ids="auto"')]:
        with pytest.raises(ValueError) as e:
            dwell.load(p, ids="index")
        err = e.value
        assert isinstance(err, dwell.DwellError) and words in err.fix, err
        assert "--" not in f"{err.message} {err.fix}", err
    with pytest.raises(ValueError) as e:
        dwell.load(edges, columns="1,2")  # columns are for TSV/CSV
    assert "columns=" in e.value.message and 'format="tsv"' in e.value.fix and "--" not in str(e.value)
    with pytest.raises(ValueError) as e:
        dwell.load(write(tmp_path, "# nodes 4\n0 4\n"))
    assert "4 declared vertices" in e.value.message and "0..4" not in str(e.value)


def test_integer_files_have_no_names(tmp_path):
    g = dwell.load(write(tmp_path, "0 1\n1 2\n"))
    assert g.names is None and g.names_of([2, 0]) == [2, 0]
    with pytest.raises(ValueError, match="no vertex names"):
        g.index(1)


BAD = [
    # (call on a 4-node graph g / its session s, exception type, words the message or fix must hold)
    (lambda g, s: s.bfs(4), ValueError, "ids 0 to 3"),
    (lambda g, s: s.bfs([[0, 1], [2, 3]]), ValueError, "1-D"),
    (lambda g, s: s.bfs([0.5]), TypeError, "integers"),
    (lambda g, s: s.bfs("a"), TypeError, "integers"),
    (lambda g, s: s.bfs(2**70), ValueError, f"vertex {2**70} is out of range"),
    (lambda g, s: s.bfs([]), ValueError, "sources=[0, 5, 9]"),
    (lambda g, s: s.bfs(0, repeat=2**70), ValueError, "repeat"),
    (lambda g, s: s.bfs(0, repeat=1.5), TypeError, "repeat"),
    (lambda g, s: s.bfs(0, repeat=0), ValueError, "repeat=1"),
    (lambda g, s: s.reach(0, labels=2**40), ValueError, "2**32"),
    (lambda g, s: s.reach(0, sinks=[9]), ValueError, "ids 0 to 3"),
    (lambda g, s: g.session(budget_bytes=-1), ValueError, "budget_bytes"),
    (lambda g, s: g.session(budget_bytes="1G"), TypeError, "budget_bytes"),
    (lambda g, s: g.session(budget_bytes=100).bfs(np.arange(4), levels=True), dwell.DwellError, "budget_bytes="),
    (lambda g, s: dwell.Graph.from_edges([0], [1], n=-1), ValueError, "n="),
    (lambda g, s: dwell.Graph.from_edges([0], [1], n=2.5), TypeError, "n="),
    (lambda g, s: dwell.Graph.from_edges([0, 5], [1, 2], n=4), ValueError, "ids 0 to 3"),
    (lambda g, s: dwell.Graph.from_edges([0.5], [1]), TypeError, "src"),
    (lambda g, s: dwell.Graph.from_edges([[0]], [[1]]), ValueError, "1-D"),
    (lambda g, s: dwell.Graph.from_edges([-1], [1]), ValueError, "negative"),
    (lambda g, s: dwell.Graph.from_edges([0], [1], labels=[1.5]), TypeError, "labels"),
    (lambda g, s: dwell.Graph.from_edges([0], [1], labels=[[1]]), ValueError, "1-D"),
    (lambda g, s: dwell.Graph.from_edges([0], [1], labels=[2**70]), ValueError, "32-bit"),
    (lambda g, s: dwell.Graph.from_edges([2**70], [1]), ValueError, "64 bits"),
    (lambda g, s: dwell.Graph.from_edges([2**40], [1]), ValueError, "compact=True"),
    (lambda g, s: dwell.Graph.from_edges([0], [1], directed="no"), TypeError, "directed=False"),
    (lambda g, s: dwell.Graph.from_scipy(np.eye(2)), TypeError, "scipy.sparse"),
    (lambda g, s: s.reach(0, labels=1.5), TypeError, "labels="),
    (lambda g, s: s.reach(0, labels="call"), ValueError, "unknown edge label"),
    (lambda g, s: dwell.load(None), TypeError, "path"),
    (lambda g, s: dwell.load("/nonexistent/dwell.edges", directed="yes"), TypeError, "directed=True"),
    (lambda g, s: dwell.load("/nonexistent/dwell.edges", format=3), TypeError, 'format="edgelist"'),
    (lambda g, s: dwell.load("/nonexistent/dwell.edges"), OSError, "dwell.edges"),
    (lambda g, s: dwell.load("/nonexistent/dwell.edges", ids="names"), ValueError, 'ids="auto"'),
    (lambda g, s: s.dataflow(np.zeros((3, 2), bool), np.zeros((4, 2), bool)), ValueError, "one row per node"),
    # A 2 or 0.5 in gen/kill is a mistake, not True; strings are not bits.
    (lambda g, s: s.dataflow(np.full((4, 2), 2), np.zeros((4, 2), bool)), ValueError, "gen holds 2"),
    (lambda g, s: s.dataflow(np.zeros((4, 2), bool), np.full((4, 2), 0.5)), ValueError, "kill holds 0.5"),
    (lambda g, s: s.dataflow(np.full((4, 2), "x"), np.zeros((4, 2), bool)), TypeError, "gen="),
]


def test_dataflow_takes_0_1_numbers_as_bits():
    g = dwell.Graph.from_edges([0, 1, 2], [1, 2, 3], n=4)
    gen = np.zeros((4, 2), bool)
    gen[0, 0] = True
    with g.session() as s:
        want = s.dataflow(gen, np.zeros((4, 2), bool))
        got = s.dataflow(gen.astype(np.int8), np.zeros((4, 2)))
    assert np.array_equal(want.output, got.output) and want.output[1, 0]
    assert np.array_equal(want.input, got.input)


@pytest.mark.parametrize("case", range(len(BAD)))
def test_bad_arguments_raise_python_errors_with_python_fixes(case):
    call, kind, words = BAD[case]
    g = dwell.Graph.from_edges([0, 1, 2], [1, 2, 3], n=4)
    with g.session() as s, pytest.raises(kind) as e:
        call(g, s)
    err = e.value
    assert isinstance(err, dwell.DwellError), repr(err)
    assert words in f"{err.message} {err.fix}", repr(err)
    assert err.fix and "--" not in f"{err.message} {err.fix}", err
