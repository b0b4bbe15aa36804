"""dwell's exceptions: the message and its ``Fix:`` hint, kept apart.

Bad argument values raise :class:`DwellValueError` (a ``ValueError``),
wrong argument types :class:`DwellTypeError` (a ``TypeError``), files the
system refuses :class:`DwellOSError` (an ``OSError``), calls over the
memory budget :class:`DwellBudgetError` (a ``MemoryError``); every one is a
:class:`DwellError` with ``.message`` and ``.fix`` (which names Python
arguments, never the CLI's flags).
"""


class DwellError(Exception):
    """A graph, file or query dwell refused.

    ``message`` says what is wrong (naming the file, line or value) and
    ``fix`` what to do about it; ``str(err)`` is both.
    """

    def __init__(self, message: str, fix: str = "") -> None:
        self.message = message
        self.fix = fix
        super().__init__(f"{message} Fix: {fix}" if fix else message)


class DwellValueError(DwellError, ValueError):
    """An argument with a value dwell cannot use (an id out of range, a
    negative count, an unknown name)."""


class DwellTypeError(DwellError, TypeError):
    """An argument of a type dwell cannot use (floats for vertex ids)."""


class DwellOSError(DwellError, OSError):
    """A file the operating system would not open or read."""


class DwellConvergenceError(DwellError):
    """An iteration that did not converge within its cap (PageRank under
    ``stop="networkx"``, where NetworkX raises PowerIterationFailedConvergence)."""


class DwellBudgetError(DwellError, MemoryError):
    """A call that needs more memory than the session's ``budget_bytes``."""


_KINDS = {"value": DwellValueError, "type": DwellTypeError, "os": DwellOSError,
          "not_converged": DwellConvergenceError, "budget": DwellBudgetError}


def make(kind: str, message: str, fix: str = "") -> DwellError:
    """The exception for an error of ``kind`` (from the Rust side)."""
    return _KINDS.get(kind, DwellError)(message, fix)
