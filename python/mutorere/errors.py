"""errors.py — the library's failures as Python exceptions: one class a
status code of mutorere.h, each carrying the library's message (what went
wrong and where) and the code."""


class Error(Exception):
    """A call of the library failed; status is its MUTORERE_E* code."""

    status = None

    def __init__(self, message, status=None):
        super().__init__(message)
        if status is not None:
            self.status = status


class InvalidArgument(Error, ValueError):
    """MUTORERE_EINVAL: a bad argument (text that does not parse, an
    unknown name, a number out of range, a game of another variant)."""
    status = -1


class IllegalMove(Error, ValueError):
    """MUTORERE_EILLEGAL: a move the rules forbid now, or a game over."""
    status = -2


class ScriptError(Error):
    """MUTORERE_ESCRIPT: a variant file or a rule hook written in Lua
    failed."""
    status = -3


class LimitError(Error):
    """MUTORERE_ELIMIT: beyond the engine's limits (a table too large, the
    variant's memory limit)."""
    status = -4


class OutOfMemory(Error, MemoryError):
    """MUTORERE_ENOMEM."""
    status = -5


class Cancelled(Error):
    """MUTORERE_ECANCELLED: stopped by a cancel callback or an interrupt."""
    status = -6


_BY_STATUS = {c.status: c for c in (InvalidArgument, IllegalMove, ScriptError,
                                    LimitError, OutOfMemory, Cancelled)}


def of_status(status, message):
    """The exception for a status code and message."""
    return _BY_STATUS.get(status, Error)(message, status)
