"""Argument checks shared by the numpy API's modules: Python values as the
native layer's arrays and ints, with TypeError/ValueError (as
:class:`DwellError`) instead of wrapping or a bare OverflowError."""

from __future__ import annotations

from typing import Any, Optional

import numpy as np

from ._errors import DwellTypeError, DwellValueError

_U32_MAX = np.iinfo(np.uint32).max


def _int(value: Any, what: str, low: int = 0, high: Optional[int] = None, fix: str = "") -> int:
    """``value`` as a Python int in ``low..=high``: TypeError for what is no
    integer (floats, strings), ValueError outside the range, never a bare
    OverflowError from the native layer."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise DwellTypeError(f"{what} must be an int, got {type(value).__name__} {value!r}.",
                             fix or f"pass an int for {what}")
    v = int(value)
    if v < low or (high is not None and v > high):
        span = f"from {low}" + ("" if high is None else f" to {high}")
        raise DwellValueError(f"{what}={v} is out of range.", fix or f"pass {what} {span}")
    return v


def _array(values: Any) -> np.ndarray:
    """``values`` as an array, Python ints kept exact: numpy makes
    ``[7, 2**63]`` float64 (past int64), so such lists stay objects."""
    a = np.asarray(values)
    if a.dtype.kind == "f" and not isinstance(values, np.ndarray):
        exact = np.asarray(values, dtype=object)
        if exact.shape == a.shape and all(isinstance(x, int) and not isinstance(x, bool) for x in exact.flat):
            return exact
    return a


def _ids(values: Any, what: str, nodes: Optional[int] = None) -> np.ndarray:
    """Vertex ids as a contiguous uint32 array: TypeError for non-integers,
    ValueError for other shapes, negatives and ids the graph does not have
    (``nodes``), instead of wrapping them."""
    a = _array(values)
    if a.ndim == 0:
        a = a.reshape(1)
    if a.ndim != 1:
        raise DwellValueError(f"{what} ids must be one id or a 1-D sequence, got shape {a.shape}.",
                              f"pass an int or a 1-D array of {what} ids")
    if a.size == 0:
        return np.zeros(0, dtype=np.uint32)
    top = _U32_MAX - 1 if nodes is None else nodes - 1
    if a.dtype == object and all(isinstance(x, (int, np.integer)) and not isinstance(x, bool) for x in a.flat):
        vals = [int(x) for x in a.flat]  # Python ints past int64
        lo, hi = min(vals), max(vals)
        if lo >= 0 and hi <= top:
            a = np.array(vals, dtype=np.int64)
    elif not np.issubdtype(a.dtype, np.integer) or a.dtype == np.bool_:
        raise DwellTypeError(f"{what} ids must be integers, got dtype {a.dtype}.",
                             "pass ints (g.index(name) gives a named vertex's id)")
    else:
        lo, hi = int(a.min()), int(a.max())
    if lo < 0 or hi > top:
        bad = lo if lo < 0 else hi
        if nodes is None:
            raise DwellValueError(f"{what} vertex {bad} is not a dwell vertex id.", "pass ids from 0 to nodes-1")
        span = f"ids 0 to {nodes - 1}" if nodes else "no ids: the graph has no vertices"
        raise DwellValueError(f"{what} vertex {bad} is out of range: the graph has {nodes} nodes ({span}).",
                              f"pass {what} {span}")
    return np.ascontiguousarray(a, dtype=np.uint32)


def _flag(value: Any, what: str, none: bool = False) -> Optional[bool]:
    """A bool argument: True/False (``None`` too when ``none``), not a
    truthy string such as "no"."""
    if (value is None and none) or isinstance(value, (bool, np.bool_)):
        return None if value is None else bool(value)
    raise DwellTypeError(f"{what} must be True or False, got {type(value).__name__} {value!r}.",
                         f"pass {what}=True or {what}=False" + (" (or leave it out)" if none else ""))
