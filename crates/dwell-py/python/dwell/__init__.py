"""dwell: keep a graph resident and run BFS summaries, reachability, taint,
components, bit-vector dataflow and the GAP kernels (shortest paths,
betweenness, PageRank, triangles) over it, many queries at a time.

>>> import numpy as np, dwell
>>> g = dwell.Graph.from_edges(np.array([0, 1, 2]), np.array([1, 2, 3]), directed=True)
>>> with g.session() as s:
...     s.bfs(0).tolist()
[0, 1, 2, 3]

Graphs come from numpy edge arrays (:meth:`Graph.from_edges`), scipy.sparse
matrices (:meth:`Graph.from_scipy`), NetworkX graphs
(:meth:`Graph.from_networkx`, node objects kept as ``names``) and files
(:func:`load`, every format the ``dwell`` CLI reads). NetworkX users can also
call ``nx.closeness_centrality(G, backend="dwell")`` (see :mod:`dwell.nx`).
"""

from ._api import (
    BFS_SUMMARY,
    Components,
    Dataflow,
    EdgeScores,
    Finding,
    Graph,
    PageRank,
    Reach,
    Session,
    ShortestPaths,
    TaintResult,
    Triangles,
    default_budget,
    load,
)
from ._errors import DwellBudgetError, DwellConvergenceError, DwellError, DwellOSError, DwellTypeError, DwellValueError

__all__ = [
    "BFS_SUMMARY",
    "Components",
    "Dataflow",
    "DwellBudgetError",
    "DwellConvergenceError",
    "DwellError",
    "DwellOSError",
    "DwellTypeError",
    "DwellValueError",
    "EdgeScores",
    "Finding",
    "Graph",
    "PageRank",
    "Reach",
    "Session",
    "ShortestPaths",
    "TaintResult",
    "Triangles",
    "default_budget",
    "load",
]
