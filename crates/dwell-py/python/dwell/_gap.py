"""The GAP kernels on a session: shortest path lengths (delta-stepping over
the graph's weights), betweenness (Brandes), PageRank and triangles.
:class:`GapAnalyses` is a part of :class:`dwell.Session`; every argument
is checked here, so the native layer only ever sees valid types."""

from __future__ import annotations

import math
import numbers
import random
from dataclasses import dataclass
from typing import Any, Optional

import numpy as np

from . import _dwell
from ._checks import _U32_MAX, _flag, _ids, _int
from ._errors import DwellTypeError, DwellValueError


@dataclass
class ShortestPaths:
    """Shortest path lengths from each source: ``distances`` (sources ×
    nodes, ``inf`` where unreached; one row when one source was given),
    ``parents`` (int64, −1 where unreached, the source its own parent) when
    asked for, ``reached`` per source, the bucket width ``delta`` used, and
    whether the graph's ``weighted`` lengths were used (else 1 per arc)."""

    distances: np.ndarray
    parents: Optional[np.ndarray]
    reached: np.ndarray
    delta: float
    weighted: bool


@dataclass
class EdgeScores:
    """Edge betweenness: edge ``i`` runs from ``sources[i]`` to
    ``targets[i]`` (vertex ids) and scores ``scores[i]``."""

    sources: np.ndarray
    targets: np.ndarray
    scores: np.ndarray


@dataclass
class PageRank:
    """Scores (summing to 1), the rounds run, whether the last one changed
    the scores (L1) by less than ``threshold``, and that change (``error``)."""

    scores: np.ndarray
    iterations: int
    converged: bool
    error: float
    threshold: float


@dataclass
class Triangles:
    """On the undirected view: ``total`` triangles, ``per_vertex`` counts,
    local ``clustering``, ``average_clustering`` and ``transitivity``
    (NetworkX's definitions)."""

    total: int
    per_vertex: np.ndarray
    clustering: np.ndarray
    average_clustering: float
    transitivity: float


def _real(value: Any, what: str, fix: str) -> float:
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise DwellTypeError(f"{what} must be a number, got {type(value).__name__} {value!r}.", fix)
    return float(value)


def _personalization(value: Any, n: int) -> Optional[np.ndarray]:
    """A teleport weight per vertex: an array of n, or ``{id: weight}``
    (vertices not named weigh 0)."""
    if value is None:
        return None
    fix = "pass personalization= as n non-negative weights, or a dict {vertex id: weight} with some weight above 0"
    if isinstance(value, dict):
        p = np.zeros(n)
        ids = _ids(list(value), "personalization", n)
        p[ids] = [_real(w, "a personalization weight", fix) for w in value.values()]
    else:
        p = np.asarray(value)
        if p.dtype.kind not in "iuf" or p.dtype == np.bool_:
            raise DwellTypeError(f"personalization must hold numbers, got dtype {p.dtype}.", fix)
        if p.shape != (n,):
            raise DwellValueError(f"personalization has shape {p.shape}, not ({n},).", fix)
        p = p.astype(np.float64)
    if not np.isfinite(p).all() or (p < 0).any() or p.sum() <= 0:
        raise DwellValueError("personalization holds a negative or non-finite weight, or sums to 0.", fix)
    return np.ascontiguousarray(p)


class GapAnalyses:
    """The GAP kernels of :class:`dwell.Session` (see each method)."""

    def sssp(self, sources: Any, *, parents: bool = False, delta: Optional[float] = None,
             repeat: int = 1) -> ShortestPaths:
        """Shortest path lengths from each source along arcs (both ways on
        an undirected graph): the graph's weights (``from_edges(...,
        weights=)``, ``from_networkx(G, weight=)``, a weighted file), or 1
        per arc on an unweighted graph. Delta-stepping with bucket width
        ``delta`` (default: from the graph). Each length is summed from the
        source outward, as NetworkX's and scipy's Dijkstra sum it."""
        runs = self._check(repeat)
        one = np.ndim(sources) == 0
        ids = _ids(sources, "source", self.graph.nodes)
        if delta is not None:
            delta = _real(delta, "delta", "pass delta= as a positive bucket width, or leave it out")
            if not (math.isfinite(delta) and delta > 0):
                raise DwellValueError(f"delta={delta} is not a positive width.",
                                      "pass delta= above 0, or leave it out (chosen from the graph)")
        dist, tree, reached, width, weighted, report = _dwell.sssp(
            self._core, ids, _flag(parents, "parents"), delta, runs, self.budget_bytes)
        self._done(report)
        if one:
            dist, tree = dist[0], None if tree is None else tree[0]
        return ShortestPaths(dist, tree, reached, width, weighted)

    def _sample(self, k: Any, seed: Any, sources: Any) -> Optional[np.ndarray]:
        """Betweenness' sources: None (every vertex), ``k`` sampled as
        NetworkX samples them, or the given ``sources``."""
        n = self.graph.nodes
        if k is not None and sources is not None:
            raise DwellValueError("k= and sources= together.", "pass k= (a random sample) or sources= (your own)")
        if k is not None:
            k = _int(k, "k", 1, n, f"pass k= from 1 to the node count ({n}), or leave it out (exact)")
            rng = seed if isinstance(seed, random.Random) else random.Random(seed)
            return np.asarray(rng.sample(range(n), k), dtype=np.uint32)
        return None if sources is None else _ids(sources, "source", n)

    def betweenness(self, *, k: Optional[int] = None, seed: Any = None, sources: Any = None,
                    normalized: bool = True, endpoints: bool = False, weighted: bool = False,
                    repeat: int = 1) -> np.ndarray:
        """Betweenness centrality of every vertex (Brandes), as NetworkX's
        ``betweenness_centrality`` scales it. Exact by default; ``k``
        sources sampled as NetworkX samples them (``random.Random(seed)
        .sample`` over the vertices in id order), or the sample ``sources``.
        ``weighted``: shortest by the graph's arc lengths (positive), summed
        and tied as NetworkX's Dijkstra sums and compares them."""
        runs = self._check(repeat)
        sample = self._sample(k, seed, sources)
        scores, report = _dwell.betweenness(self._core, sample, _flag(normalized, "normalized"),
                                            _flag(endpoints, "endpoints"), _flag(weighted, "weighted"),
                                            runs, self.budget_bytes)
        self._done(report)
        return scores

    def edge_betweenness(self, *, k: Optional[int] = None, seed: Any = None, sources: Any = None,
                         normalized: bool = True, weighted: bool = False, repeat: int = 1) -> EdgeScores:
        """Edge betweenness centrality (Brandes), as NetworkX's
        ``edge_betweenness_centrality`` scales it; sources and ``weighted``
        as :meth:`betweenness`. Every arc of a directed graph, each
        undirected edge once (``u <= v``)."""
        runs = self._check(repeat)
        sample = self._sample(k, seed, sources)
        us, vs, scores, report = _dwell.edge_betweenness(
            self._core, sample, _flag(normalized, "normalized"), _flag(weighted, "weighted"), runs,
            self.budget_bytes)
        self._done(report)
        return EdgeScores(us, vs, scores)

    def pagerank(self, *, alpha: float = 0.85, personalization: Any = None, tol: Optional[float] = None,
                 max_iter: Optional[int] = None, stop: str = "networkx", repeat: int = 1) -> PageRank:
        """PageRank by power iteration (arcs unweighted; dangling vertices'
        rank spread as the teleport, as NetworkX does). ``stop="networkx"``:
        L1 change below ``n·tol`` (tol 1e-6, at most 100 rounds; not
        converging raises :class:`dwell.DwellConvergenceError`);
        ``"gapbs"``: below ``tol`` (1e-4, 20 rounds; the cap just stops)."""
        runs = self._check(repeat)
        if stop not in ("networkx", "gapbs"):
            raise DwellValueError(f"unknown stop rule {stop!r}.", 'pass stop="networkx" or stop="gapbs"')
        alpha = _real(alpha, "alpha", "pass alpha= between 0 and 1 (0.85 is usual)")
        if not 0 <= alpha <= 1:
            raise DwellValueError(f"alpha={alpha} is outside [0, 1].", "pass alpha= between 0 and 1 (0.85 is usual)")
        tol = (1e-6 if stop == "networkx" else 1e-4) if tol is None else _real(tol, "tol", "pass a positive tol=")
        if not (math.isfinite(tol) and tol > 0):
            raise DwellValueError(f"tol={tol} is not a positive number.",
                                  "pass a positive tol= (1e-6 for NetworkX's rule, 1e-4 for GAPBS's)")
        cap = (100 if stop == "networkx" else 20) if max_iter is None else max_iter
        cap = _int(cap, "max_iter", 1, _U32_MAX, "pass max_iter=1 or more")
        p = _personalization(personalization, self.graph.nodes)
        scores, rounds, converged, error, threshold, report = _dwell.pagerank(
            self._core, alpha, tol, cap, stop, p, runs, self.budget_bytes)
        self._done(report)
        return PageRank(scores, rounds, converged, error, threshold)

    def triangles(self, *, repeat: int = 1) -> Triangles:
        """Triangles on the undirected view (an arc either way is an edge;
        self loops ignored): per-vertex counts, local clustering, their
        average and the transitivity, as NetworkX defines them."""
        runs = self._check(repeat)
        total, per_vertex, clustering, average, transitivity, report = _dwell.triangles(
            self._core, runs, self.budget_bytes)
        self._done(report)
        return Triangles(total, per_vertex, clustering, average, transitivity)
