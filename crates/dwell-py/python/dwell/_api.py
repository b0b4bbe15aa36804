"""The numpy-first API: :class:`Graph`, :class:`Session` and result types."""

from __future__ import annotations

import itertools
import json
import os
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Sequence, Union

import numpy as np

from . import _dwell
from ._checks import _U32_MAX, _array, _flag, _ids, _int
from ._errors import DwellError, DwellTypeError, DwellValueError
from ._gap import EdgeScores, GapAnalyses, PageRank, ShortestPaths, Triangles

#: dtype of BFS summaries: one row per source.
BFS_SUMMARY = np.dtype(
    [("source", np.uint32), ("reached", np.uint64), ("max_level", np.uint32), ("level_sum", np.uint64)]
)
#: dtype of reachability summaries.
REACH_SUMMARY = np.dtype([("source", np.uint32), ("reached", np.uint64)])


def default_budget() -> int:
    """Bytes a session may use when none is named: what this process can
    really use (cgroup v2 limit, rlimits, MemAvailable) less a margin."""
    return _dwell.default_budget()


_U64_MAX = np.iinfo(np.uint64).max


def _is_int(x: Any) -> bool:
    return isinstance(x, (int, np.integer)) and not isinstance(x, bool)


def _arc_ends(values: Any, what: str) -> np.ndarray:
    """Arc ends as uint64: ValueError for other shapes, negative ids and ids
    past 64 bits (numpy holds Python ints that large as objects), TypeError
    for anything but integers."""
    a = _array(values)
    if a.ndim != 1:
        raise DwellValueError(f"{what} must be one-dimensional, got shape {a.shape}.",
                              f"pass {what} as a 1-D array of vertex ids")
    if a.size and a.dtype == object and all(map(_is_int, a.tolist())):
        big = max(a.tolist(), key=abs)
        if big < 0 or big > _U64_MAX:
            raise DwellValueError(f"{what} holds the id {big}, which does not fit 64 bits.",
                                  "pass vertex ids from 0 to 2**64-1 (compact=True renumbers sparse ids)")
        a = a.astype(np.uint64)
    if a.size and (not np.issubdtype(a.dtype, np.integer) or a.dtype == np.bool_):
        raise DwellTypeError(f"{what} must hold integer vertex ids, got dtype {a.dtype}.",
                             f"pass {what} as an int array (compact=True renumbers sparse ids)")
    if a.size and a.min() < 0:
        raise DwellValueError(f"{what} holds the negative id {a.min()}.", "vertex ids start at 0")
    return np.ascontiguousarray(a, dtype=np.uint64)


def _dense_ids(s: np.ndarray, d: np.ndarray) -> None:
    """Refuse ids past dwell's u32 vertex ids, pointing at compact=True
    (a sparse id such as 2**40 would otherwise mean 2**40 vertices)."""
    top = max(int(s.max()) if len(s) else 0, int(d.max()) if len(d) else 0)
    if top > _U32_MAX - 1:
        raise DwellValueError(f"vertex id {top} is past dwell's 32-bit vertex ids (at most {_U32_MAX - 1}).",
                              "pass compact=True to number the ids that occur 0 to n-1 (kept as names)")


def _label_masks(labels: Any) -> tuple:
    """Per-arc labels as ``(uint32 masks, label names)``: int bit masks, or
    names (each distinct name gets the next bit, as in edge-list files)."""
    lab = np.asarray(labels)
    if lab.ndim != 1:
        raise DwellValueError(f"labels must be one-dimensional (one per arc), got shape {lab.shape}.",
                              "pass labels as a 1-D array, one int mask or str name per arc")
    if lab.dtype.kind in "USO" and not all(map(_is_int, lab.tolist())):
        bits: Dict[str, int] = {}
        for name in lab.tolist():
            if not isinstance(name, str):
                raise DwellTypeError(f"labels mixes names and {type(name).__name__} {name!r}.",
                                     "pass all label names (str) or all int bit masks")
            if name not in bits:
                if len(bits) == 32:
                    raise DwellValueError(f"more than 32 distinct edge label names (the 33rd is {name!r}).",
                                          "merge edge kinds, or give labels as numeric bit masks")
                bits[name] = 1 << len(bits)
        return np.fromiter((bits[x] for x in lab.tolist()), dtype=np.uint32, count=lab.size), list(bits)
    if lab.size and (lab.dtype.kind not in "iuO" or lab.dtype == np.bool_):
        raise DwellTypeError(f"labels must be int bit masks or str names, got dtype {lab.dtype}.",
                             "pass int masks (0 to 2**32-1) or label names")
    vals = lab.tolist()
    if vals and (min(vals) < 0 or max(vals) > _U32_MAX):
        raise DwellValueError("labels must be 32-bit masks.", "pass masks from 0 to 2**32-1")
    return np.asarray(vals, dtype=np.uint32).reshape(lab.size), []


def _weights(values: Any, arcs: int) -> np.ndarray:
    """Per-arc weights as float64: one per arc, numbers only (dwell refuses
    negative and non-finite ones, naming the arc)."""
    w = np.asarray(values)
    if w.ndim != 1 or len(w) != arcs:
        raise DwellValueError(f"weights has shape {w.shape} for {arcs} arcs.", "pass one weight per arc (a 1-D array)")
    if w.size and (w.dtype.kind not in "iuf" or w.dtype == np.bool_):
        raise DwellTypeError(f"weights must be numbers, got dtype {w.dtype}.", "pass float weights, one per arc")
    return np.ascontiguousarray(w, dtype=np.float64)


def _nx_weights(adj: Any, names: list, weight: str, multigraph: bool, arcs: int) -> np.ndarray:
    """Each arc's ``weight`` attribute in adjacency order (1 where absent;
    a multigraph's parallel edges: the smallest), as NetworkX's Dijkstra."""
    if multigraph:
        each = (min((d.get(weight, 1) for d in keyed.values()), default=1)
                for v in names for keyed in adj[v].values())
    else:
        each = (d.get(weight, 1) for v in names for d in adj[v].values())
    try:
        return np.fromiter(each, dtype=np.float64, count=arcs)
    except (TypeError, ValueError) as err:
        raise DwellTypeError(f"an edge's {weight!r} attribute is not a number ({err}).",
                             f"give every edge a numeric {weight!r}, or pass weight=None") from None


def _file_names(names: Optional[List[str]]) -> Optional[List[Any]]:
    """A file's vertex tokens; ints when every one is a plain decimal
    integer (a file of sparse numeric ids, compacted), so ``g.index(1000)``
    finds the vertex written ``1000``."""
    if names is None:
        return None
    if all(x.isdigit() and x.isascii() and (x == "0" or x[0] != "0") for x in names):
        return [int(x) for x in names]
    return names


def _bool_matrix(value: Any, name: str) -> np.ndarray:
    """``value`` as a C-contiguous bool array: bools as they are, numbers
    only when every entry is 0 or 1 (a 2 or 0.5 is a mistake, not True)."""
    a = np.asarray(value)
    if a.dtype == bool:
        return np.ascontiguousarray(a)
    if a.dtype.kind not in "iuf":
        raise DwellTypeError(f"{name} must be a bool matrix, got dtype {a.dtype}.",
                             f"pass {name}= as a numpy bool array (nodes × facts)")
    if not np.isin(a, (0, 1)).all():
        bad = a[~np.isin(a, (0, 1))].flat[0].item()
        raise DwellValueError(f"{name} holds {bad}, which is neither 0 nor 1.",
                              f"pass {name}= as a bool matrix, or one of 0s and 1s ({name}.astype(bool) if any nonzero entry means the fact is in the set)")
    return np.ascontiguousarray(a, dtype=bool)


class Graph:
    """A normalized graph (dwell's CSR: duplicate arcs merged, undirected
    edges stored both ways). Immutable; share it between sessions and
    threads. ``names`` maps vertex ids back to the vertices' own names:
    NetworkX node objects (:meth:`from_networkx`), a file's tokens
    (:func:`load` of a named file, or ``compact=True``), the original ids
    (``from_edges(..., compact=True)``); ``None`` for plain indices.
    :meth:`index` and :meth:`names_of` translate both ways."""

    __slots__ = ("_core", "names", "_index", "_adjacency")

    def __init__(self, core: Any, names: Optional[List[Any]] = None) -> None:
        self._core = core
        self.names = names
        self._index: Optional[Dict[Any, int]] = None
        # (offsets, targets) in a NetworkX graph's neighbour order (from_networkx only).
        self._adjacency: Optional[tuple] = None

    # -- construction -----------------------------------------------------
    @classmethod
    def from_edges(
        cls,
        src: Any,
        dst: Any,
        n: Optional[int] = None,
        directed: bool = True,
        labels: Any = None,
        compact: bool = False,
        weights: Any = None,
    ) -> "Graph":
        """Arcs ``src[i] → dst[i]`` (both ways when ``directed=False``).

        ``n`` is the vertex count (default: largest id + 1). With
        ``compact=True`` the ids that occur are renumbered densely in
        ascending order and kept as ``names`` (sparse ids such as 0, 1000,
        5000000 make 3 vertices, not 5,000,001; ``g.index(1000)`` and
        ``g.names_of(ids)`` translate). ``labels`` are per-arc bit masks
        (ints) or names (strings; each distinct name gets the next bit, as
        in edge-list files). ``weights`` are per-arc lengths (finite,
        non-negative floats; duplicate arcs keep the smallest), which
        :meth:`Session.sssp` follows."""
        s, d = _arc_ends(src, "src"), _arc_ends(dst, "dst")
        if len(s) != len(d):
            raise DwellValueError(f"src has {len(s)} entries but dst has {len(d)}.", "pass one dst per src")
        directed = _flag(directed, "directed")
        names: Optional[List[Any]] = None
        if _flag(compact, "compact"):
            if n is not None:
                raise DwellValueError("n= and compact=True together: compact counts the ids that occur.",
                                      "leave n out, or pass compact=False to keep ids as given")
            ids, inverse = np.unique(np.concatenate([s, d]), return_inverse=True)
            names = ids.tolist()
            inverse = inverse.astype(np.uint64)
            s, d, n = inverse[: len(s)], inverse[len(s):], len(ids)
        else:
            _dense_ids(s, d)
            if n is not None:
                n = _int(n, "n", 0, _U32_MAX - 1, "pass n= as the vertex count (at least the largest id + 1)")
                top = max(int(s.max()) if len(s) else -1, int(d.max()) if len(d) else -1)
                if top >= n:
                    raise DwellValueError(f"vertex id {top} is out of range for n={n} (ids 0 to {n - 1}).",
                                          "pass n= above every vertex id, leave n out (the largest id + 1), "
                                          "or pass compact=True to renumber sparse ids")
        masks, label_names = None, []
        if labels is not None:
            masks, label_names = _label_masks(labels)
        w = None if weights is None else _weights(weights, len(s))
        core = _dwell.from_edges(s, d, None if n is None else int(n), bool(directed), masks, label_names, w)
        return cls(core, names)

    @classmethod
    def from_scipy(cls, matrix: Any, directed: bool = True, compact: bool = False) -> "Graph":
        """The pattern of a square ``scipy.sparse`` matrix: an arc ``i → j``
        for every stored nonzero ``A[i, j]`` (explicit zeros are no arcs).
        ``compact=True`` keeps only the rows/columns some arc touches,
        numbered densely, their indices kept as ``names``."""
        if not callable(getattr(matrix, "tocoo", None)):
            raise DwellTypeError(f"matrix must be a scipy.sparse matrix, got {type(matrix).__name__}.",
                                 "pass scipy.sparse.csr_array(a) for a dense array a")
        coo = matrix.tocoo()
        rows, cols = coo.shape
        if rows != cols:
            raise DwellValueError(f"the matrix is {rows}×{cols}, not square.", "pass an adjacency matrix (n×n)")
        keep = coo.data != 0
        n = None if _flag(compact, "compact") else rows
        return cls.from_edges(coo.row[keep], coo.col[keep], n=n, directed=directed, compact=compact)

    @classmethod
    def from_networkx(cls, G: Any, weight: Optional[str] = None) -> "Graph":
        """A NetworkX graph's topology (attributes are not kept; parallel
        edges of a multigraph merge). Vertex ``i`` is ``names[i]``, in
        ``G``'s node order. ``weight="weight"`` keeps that edge attribute as
        arc lengths, as NetworkX's Dijkstra reads it: 1 where an edge lacks
        it, the smallest of a multigraph's parallel edges."""
        if weight is not None and not isinstance(weight, str):
            raise DwellTypeError(f"weight must be an edge attribute name (str), got {type(weight).__name__}.",
                                 'pass weight="weight" (or another attribute name), or leave it out')
        names = list(G)
        index = {v: i for i, v in enumerate(names)}
        # One pass over the adjacency in C (map/chain/fromiter, no Python
        # loop per arc): both directions of an undirected edge, rows in G's
        # own neighbour order, which the NetworkX backend keeps for the
        # answers whose order follows it (bfs_layers, SCC yield order).
        adj = getattr(G, "_adj", None) or G.adj
        rows = list(map(adj.__getitem__, names))
        if type(adj) is not dict:
            # A view's rows (edge_subgraph of a multigraph) may count in len()
            # what they do not yield: take what they yield. (Lists for every
            # row of a plain graph would cost 3-6x: 100k new objects wake the GC.)
            rows = list(map(list, rows))
        deg = np.fromiter(map(len, rows), dtype=np.uint64, count=len(names))
        offsets = np.zeros(len(names) + 1, dtype=np.uint64)
        np.cumsum(deg, out=offsets[1:])
        flat = itertools.chain.from_iterable(rows)
        if names != list(range(len(names))):
            flat = map(index.__getitem__, flat)  # nodes 0..n-1 in order (the common case) are their own ids
        targets = np.fromiter(flat, dtype=np.uint32, count=int(offsets[-1]))
        src = np.repeat(np.arange(len(names), dtype=np.uint64), deg.astype(np.int64))
        w = None if weight is None else _nx_weights(adj, names, weight, G.is_multigraph(), int(offsets[-1]))
        g = cls(_dwell.from_edges(src, targets.astype(np.uint64), len(names), bool(G.is_directed()), None, [], w),
                names)
        g._index = index
        g._adjacency = (offsets, targets)
        return g

    # -- facts -------------------------------------------------------------
    @property
    def nodes(self) -> int:
        return self._core.nodes

    @property
    def arcs(self) -> int:
        """Stored arcs (an undirected edge counts twice)."""
        return self._core.arcs

    @property
    def directed(self) -> bool:
        return self._core.directed

    @property
    def layout_hash(self) -> int:
        return self._core.layout_hash

    @property
    def weighted(self) -> bool:
        """Whether the arcs carry weights (lengths for :meth:`Session.sssp`)."""
        return self._core.has_weights

    def weights(self) -> Optional[np.ndarray]:
        """Per-arc weights in CSR order (as :meth:`edges`), or ``None``."""
        return self._core.arc_weights()

    @property
    def label_names(self) -> Dict[str, int]:
        """Edge label names and their bit masks."""
        return dict(self._core.label_names())

    def csr(self):
        """``(offsets uint64[n+1], targets uint32[arcs])`` of the forward CSR."""
        return self._core.csr()

    def edges(self):
        """``(src, dst)`` arrays of every stored arc, in CSR order."""
        offsets, targets = self._core.csr()
        src = np.repeat(np.arange(self.nodes, dtype=np.uint32), np.diff(offsets).astype(np.int64))
        return src, targets

    def index(self, node: Any) -> int:
        """The vertex id of a named node (graphs from NetworkX, named
        files, ``compact=True``)."""
        if self.names is None:
            raise DwellValueError("this graph has no vertex names.",
                                  "pass ids, or build it with Graph.from_networkx, dwell.load of a named file, "
                                  "or compact=True")
        if self._index is None:
            self._index = {v: i for i, v in enumerate(self.names)}
        try:
            return self._index[node]
        except (KeyError, TypeError):
            raise DwellValueError(f"node {node!r} is not in the graph.", "pass a node of the graph") from None

    def names_of(self, ids: Any) -> Any:
        """Vertex ids back to names: one name for one id, a list for an
        array (ids as given when the graph has no names)."""
        one = np.ndim(ids) == 0
        a = _ids(ids, "vertex", self.nodes)
        if self.names is None:
            out: List[Any] = a.tolist()
        else:
            names = self.names
            out = [names[i] for i in a.tolist()]
        return out[0] if one else out

    def mask(self, labels: Union[None, int, str, Sequence[str]]) -> int:
        """A label mask from ``None`` (every arc), an int mask, ``"call,isa"``
        or a list of names."""
        if labels is None:
            return _U32_MAX
        if isinstance(labels, (int, np.integer)) and not isinstance(labels, bool):
            return _int(labels, "labels", 0, _U32_MAX, "pass a mask from 0 to 2**32-1 (0xffffffff)")
        try:
            names = labels.split(",") if isinstance(labels, str) else list(labels)
        except TypeError:  # a float or other non-iterable
            names = None
        if names is None or not all(isinstance(x, str) for x in names):
            raise DwellTypeError(f"labels must be an int mask or label names, got {type(labels).__name__} {labels!r}.",
                                 'pass labels=0x3, labels="call,isa" or labels=["call", "isa"]')
        known = self.label_names
        mask = 0
        for name in (x.strip() for x in names):
            if name == "all":
                return _U32_MAX
            if name not in known:
                raise DwellValueError(f"unknown edge label {name!r}; this graph has {sorted(known) or 'none'}.",
                                      "use one of those names, or a numeric mask such as 0x3")
            mask |= known[name]
        return mask

    def session(self, backend: str = "cpu", budget_bytes: Optional[int] = None) -> "Session":
        """A session on this graph (use it as a context manager)."""
        return Session(self, backend=backend, budget_bytes=budget_bytes)

    def __repr__(self) -> str:
        kind = "directed" if self.directed else "undirected"
        return f"<dwell.Graph {kind}, {self.nodes} nodes, {self.arcs} arcs>"


def load(path: Union[str, os.PathLike], directed: Optional[bool] = None, format: Optional[str] = None,
         ids: Optional[str] = None, compact: bool = False, columns: Optional[str] = None,
         weights: Union[None, int, str] = None) -> Graph:
    """Read a graph file: edge list, TSV/CSV, Matrix Market or DIMACS,
    plain, .gz or .xz (detected from the bytes). ``directed`` overrides the
    file.

    ``ids`` is how vertex tokens become ids, as ``dwell --ids``: ``"auto"``
    (default: dense integers are indices, any other file has named
    vertices), ``"index"`` (integers only) or ``"name"`` (every token a
    name). ``compact=True`` is ``ids="name"``: sparse integer ids (0, 1000,
    5000000) make as many vertices as occur, no isolated ones between.
    Named vertices are kept in ``g.names`` (ints when every token is a
    decimal integer): ``g.index(name)`` and ``g.names_of(ids)`` translate.
    ``columns`` picks a TSV/CSV file's fields: ``"src,dst[,label][,weight]"``
    as header names or 1-based positions (``"child,parent"``, ``"2,1"``).
    ``weights`` is an edge list's or TSV/CSV file's weight field (a 1-based
    position or a header name); DIMACS and Matrix Market files carry their
    own."""
    if _flag(compact, "compact"):
        if ids not in (None, "name"):
            raise DwellValueError(f"compact=True and ids={ids!r} together.", 'pass compact=True or ids=..., not both')
        ids = "name"
    _text(ids, "ids", 'pass ids="auto", "index" or "name"')
    _text(format, "format", 'pass format="edgelist", "mtx", "dimacs", "tsv" or "csv", or leave it out')
    _text(columns, "columns", 'pass columns="src,dst" as header names or 1-based positions, e.g. "2,1"')
    if isinstance(weights, int) and not isinstance(weights, bool):
        weights = str(_int(weights, "weights", 1, None, "pass weights= as a 1-based field position or a header name"))
    _text(weights, "weights", 'pass weights= as a 1-based field position (3) or a header name ("weight")')
    if not isinstance(path, (str, os.PathLike)):
        raise DwellTypeError(f"path must be a str or os.PathLike, got {type(path).__name__}.",
                             "pass the file's path, e.g. 'graph.tsv' or pathlib.Path('graph.tsv')")
    core = _dwell.load(os.fspath(path), _flag(directed, "directed", none=True), format, ids, columns, weights)
    return Graph(core, _file_names(core.vertex_names()))


def _text(value: Any, what: str, fix: str) -> None:
    """A str argument (or None): TypeError otherwise, before the native layer."""
    if value is not None and not isinstance(value, str):
        raise DwellTypeError(f"{what} must be a str, got {type(value).__name__} {value!r}.", fix)


@dataclass
class Reach:
    """Reachability per source: ``summary`` (source, reached),
    ``sinks_reached[i]`` (the query's sinks source i reached, in sink
    order), ``sets`` (bool matrix sources × nodes) when asked for."""

    summary: np.ndarray
    sinks_reached: List[np.ndarray]
    sets: Optional[np.ndarray] = None


@dataclass
class Finding:
    """A sink the source's taint reached, with a shortest witness path
    (source … sink) when witnesses were asked for."""

    sink: int
    path: Optional[np.ndarray] = None


@dataclass
class TaintResult:
    source: int
    tainted: int
    findings: List[Finding] = field(default_factory=list)


@dataclass
class Components:
    """``labels[v]`` names v's component; ``count`` components, the largest
    of ``largest`` vertices."""

    count: int
    largest: int
    labels: np.ndarray


@dataclass
class Dataflow:
    """The fixpoint: ``input`` (facts entering each node in the analysis
    direction) and ``output`` (``gen ∪ (input − kill)``) as bool matrices."""

    input: np.ndarray
    output: np.ndarray
    evaluations: int


def _sum(a: Dict[str, int], b: Dict[str, int]) -> Dict[str, int]:
    return {k: a.get(k, 0) + v for k, v in b.items()}


class Session(GapAnalyses):
    """Runs queries over one graph and keeps what they did.

    The graph is made resident by the first call (one upload; a second one
    for the reverse arcs the first time a call searches against them) and
    stays resident until the session closes. Each call is planned from its
    own query and ``repeat`` (peak bytes within ``budget_bytes``, refused
    before it runs if it does not fit), run ``repeat`` times and read back
    once; the GIL is released meanwhile. ``plan`` is the last call's plan;
    ``counters`` and ``telemetry`` add up every call of this session.
    """

    def __init__(self, graph: Graph, backend: str = "cpu", budget_bytes: Optional[int] = None) -> None:
        if backend not in ("cpu", "cuda", "cpu-reference"):
            raise DwellValueError(f"unknown backend {backend!r}.",
                             'use backend="cpu" (parallel), backend="cuda" (device 0) or '
                             'backend="cpu-reference" (the oracle)')
        self.graph = graph
        self.backend = backend
        # The resident dwell sessions (forward, and reverse when asked): the
        # backend opens here (cuda: device 0), the graph uploads on the first call.
        self._core = _dwell.CoreSession(graph._core, backend)
        # The process's default budget, measured once per session (as the CLI does per run).
        self.budget_bytes = (_dwell.default_budget() if budget_bytes is None else
                             _int(budget_bytes, "budget_bytes", 1, 2**64 - 1,
                                  "pass budget_bytes= as a byte count above 0, or leave it out "
                                  "(dwell.default_budget())"))
        self.plan: Optional[Dict[str, Any]] = None
        self.counters: Dict[str, int] = {}
        self.telemetry: Dict[str, int] = {}
        self.calls = 0
        self._open = True

    def __enter__(self) -> "Session":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def close(self) -> None:
        """Release the resident graph (device memory on cuda)."""
        self._open = False
        self._core.close()

    def _done(self, report) -> None:
        _backend, plan, counters, reuse = report
        self.plan = json.loads(plan)
        self.counters = _sum(self.counters, json.loads(counters))
        self.telemetry = _sum(self.telemetry, json.loads(reuse))
        self.calls += 1

    def _check(self, repeat: int) -> int:
        if not self._open:
            raise DwellError("this session is closed.", "open a new one with graph.session()")
        return _int(repeat, "repeat", 1, 2**64 - 1, "pass repeat=1 or more")

    @property
    def stats(self) -> Dict[str, Any]:
        """Plan, counters and reuse telemetry in one dict."""
        return {"backend": self.backend, "calls": self.calls, "plan": self.plan,
                "counters": dict(self.counters), "telemetry": dict(self.telemetry)}

    # -- analyses ------------------------------------------------------------
    def bfs(self, sources: Any, *, levels: Optional[bool] = None, reverse: bool = False, repeat: int = 1):
        """BFS from each source independently.

        One source (an int): its levels, an int32 array (−1 = unreached).
        Many sources: a structured array of summaries (:data:`BFS_SUMMARY`:
        source, reached, max_level, level_sum), or with ``levels=True`` an
        int32 matrix sources × nodes. ``reverse=True`` searches against the
        arcs (distances *to* each source)."""
        runs = self._check(repeat)
        one = np.ndim(sources) == 0
        keep = one if levels is None else bool(levels)
        ids = _ids(sources, "source", self.graph.nodes)
        cols, lv, report = _dwell.bfs(self._core, ids, keep, bool(reverse), runs, self.budget_bytes)
        self._done(report)
        if keep:
            return lv[0] if one else lv
        out = np.empty(len(cols[0]), dtype=BFS_SUMMARY)
        for name, col in zip(BFS_SUMMARY.names, cols):
            out[name] = col
        return out

    def reach(self, sources: Any, *, direction: str = "forward", labels: Any = None, sinks: Any = (),
              sets: bool = False, repeat: int = 1) -> Reach:
        """Vertices reachable from each source along (``direction="forward"``)
        or against (``"backward"``) arcs whose label meets ``labels``."""
        runs = self._check(repeat)
        src, reached, sinks_reached, bitsets, report = _dwell.reach(
            self._core, _ids(sources, "source", self.graph.nodes), direction, self.graph.mask(labels),
            _ids(sinks, "sink", self.graph.nodes),
            bool(sets), runs, self.budget_bytes)
        self._done(report)
        summary = np.empty(len(src), dtype=REACH_SUMMARY)
        summary["source"], summary["reached"] = src, reached
        return Reach(summary, list(sinks_reached), bitsets)

    def taint(self, sources: Any, sinks: Any, *, sanitizers: Any = (), labels: Any = None,
              witnesses: bool = True, repeat: int = 1) -> List[TaintResult]:
        """Taint from each source to the sinks; sanitizer vertices stop it.
        Each finding has a shortest witness path when ``witnesses``."""
        runs = self._check(repeat)
        n = self.graph.nodes
        rows, report = _dwell.taint(self._core, _ids(sources, "source", n), _ids(sinks, "sink", n),
                                    _ids(sanitizers, "sanitizer", n), self.graph.mask(labels), bool(witnesses),
                                    runs, self.budget_bytes)
        self._done(report)
        return [TaintResult(s, t, [Finding(k, None if p is None else np.asarray(p, dtype=np.uint32))
                                   for k, p in f]) for s, t, f in rows]

    def wcc(self, *, repeat: int = 1) -> Components:
        """Weakly connected components (arc directions ignored)."""
        return self._components(False, repeat)

    def scc(self, *, repeat: int = 1) -> Components:
        """Strongly connected components."""
        return self._components(True, repeat)

    def _components(self, strong: bool, repeat: int) -> Components:
        runs = self._check(repeat)
        count, largest, labels, report = _dwell.components(self._core, strong, runs, self.budget_bytes)
        self._done(report)
        return Components(count, largest, labels)

    def dataflow(self, gen: Any, kill: Any, *, direction: str = "forward", meet: str = "union",
                 repeat: int = 1) -> Dataflow:
        """Bit-vector dataflow to its fixpoint; ``gen`` and ``kill`` are
        bool matrices (nodes × facts)."""
        runs = self._check(repeat)
        g = _bool_matrix(gen, "gen")
        k = _bool_matrix(kill, "kill")
        if g.ndim != 2 or k.ndim != 2:
            raise DwellValueError(f"gen and kill must be 2-D (nodes × facts), got {g.shape} and {k.shape}.",
                             "pass bool matrices with one row per node")
        inp, out, evaluations, report = _dwell.dataflow(self._core, g, k, direction, meet, runs,
                                                        self.budget_bytes)
        self._done(report)
        return Dataflow(inp, out, evaluations)

    def closeness(self, sources: Any = None, *, wf_improved: bool = True, repeat: int = 1) -> np.ndarray:
        """Closeness centrality of each source (default: every vertex), as
        NetworkX defines it: ``(r−1)/Σd``, times ``(r−1)/(n−1)`` with
        ``wf_improved``, over the ``r`` vertices at finite distance; on a
        directed graph the distances are incoming (searches against the
        arcs), as in NetworkX. One batch of BFS summaries, bit-parallel;
        the float operations are NetworkX's, in its order."""
        n = self.graph.nodes
        ids = np.arange(n, dtype=np.uint32) if sources is None else _ids(sources, "source", self.graph.nodes)
        if len(ids) == 0:
            return np.zeros(0)
        summ = self.bfs(ids, levels=False, reverse=self.graph.directed, repeat=repeat)
        r = summ["reached"].astype(np.float64)
        tot = summ["level_sum"].astype(np.float64)
        c = np.zeros(len(ids))
        if n > 1:
            ok = tot > 0.0
            c[ok] = (r[ok] - 1.0) / tot[ok]
            if wf_improved:
                c[ok] *= (r[ok] - 1.0) / (n - 1)
        return c

    def harmonic(self, sources: Any, *, reverse: bool = False) -> np.ndarray:
        """Σ 1/d(s, v) over the vertices v ≠ s each source reaches, from the
        searches' per-level counts (no level arrays: memory per source is its
        depth)."""
        self._check(1)
        ids = _ids(sources, "source", self.graph.nodes)
        sums, plan = _dwell.harmonic(self._core, ids, bool(reverse), self.budget_bytes)
        self.plan = json.loads(plan)  # a BFS summary batch's: the same sweeps
        self.calls += 1
        return sums
