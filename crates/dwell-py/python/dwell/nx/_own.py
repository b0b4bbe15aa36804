"""Every-source calls on graphs too small for dwell, answered by NetworkX's
own function with its inner calls undispatched.

NetworkX's every-source functions (all pairs, closeness, harmonic,
eccentricity and what calls it, average shortest path length, the Wiener
index) call a dispatchable single-source search once per node. Declined by
dwell, each of those inner calls pays NetworkX's dispatcher with a backend
in the priority, can_run and should_run again: on lesmis (77 nodes) that
made them 0.8x NetworkX alone. So ``should_run`` accepts such a call
(:func:`mark`), and the backend's function, handed the call, runs NetworkX's
own function on the NetworkX graph with the priority empty for its
duration: the answer is NetworkX's by construction, and the inner calls cost
what they cost without dwell. An explicit ``backend="dwell"`` (and
NetworkX's test mode, which asks no should_run) never marks a call, so
those run dwell's kernels.
"""

from __future__ import annotations

import contextlib
import threading
from typing import Any, Iterator, Optional

import networkx as nx

#: The call ``should_run`` accepted for NetworkX's own function: (name, the
#: NetworkX graph), per thread; taken by the next backend call.
_CALL = threading.local()


def mark(name: str, G: Any) -> bool:
    """Accept ``name`` on ``G`` for NetworkX's own function (``True`` for should_run)."""
    _CALL.call = (name, G)
    return True


def take(name: str, args: tuple) -> Optional[Any]:
    """The NetworkX graph of the marked call, if this backend call
    (``args[0]`` the conversion NetworkX made) is it; clears the mark. A mark
    left by a call whose conversion failed matches no later call (another
    name or graph) or, at worst, answers one with NetworkX's own function."""
    call = getattr(_CALL, "call", None)
    if call is None:
        return None
    _CALL.call = None
    D = args[0] if args else None
    origin = getattr(D, "_origin", None)
    if call[0] != name or not (getattr(D, "_pending", None) is call[1] or (origin is not None and origin() is call[1])):
        return None
    return call[1]


@contextlib.contextmanager
def undispatched() -> Iterator[None]:
    """NetworkX's calls inside the block go to NetworkX alone (priority empty).
    Global for the block, as NetworkX's config is; restored on exit."""
    saved = nx.config.backend_priority.algos
    nx.config.backend_priority.algos = []
    try:
        yield
    finally:
        nx.config.backend_priority.algos = saved


def _all_pairs(G: Any, cutoff: Any = None) -> Iterator:
    """NetworkX's all_pairs_shortest_path_length, line for line, with its
    single-source search undispatched: a generator, so the priority cannot
    be held empty across its yields (the caller's code runs between them)."""
    length = nx.single_source_shortest_path_length.orig_func
    for n in G:
        yield (n, length(G, n, cutoff=cutoff))


def run(name: str, G: Any, args: tuple, kwargs: dict) -> Any:
    """NetworkX's own ``name`` on the NetworkX graph ``G`` (``args`` after G)."""
    if name == "all_pairs_shortest_path_length":
        return _all_pairs(G, *args, **kwargs)
    with undispatched():
        return getattr(nx, name).orig_func(G, *args, **kwargs)
