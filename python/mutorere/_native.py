"""_native.py — libmutorere through ctypes: the library found, each
function of mutorere.h declared, a failure raised as the exception of its
status with the library's message."""

import ctypes
import os

from . import errors

OK = 0
CENTRE = 64
HAND = 0xFE  # the from point of a drop
PASS = 0xFF  # the from and to points of a pass
MAX_MOVES = 64
POSITION_MAX = 136
MOVE_MAX = 24


def _candidates():
    """Where the library may be: MUTORERE_LIBRARY, then beside this
    package as an install lays it out (_paths.py, written at install), then
    the system's loader."""
    named = os.environ.get("MUTORERE_LIBRARY")
    if named:
        yield named
        return
    try:
        from . import _paths  # pylint: disable=import-outside-toplevel
        here = os.path.dirname(os.path.realpath(__file__))
        yield os.path.normpath(os.path.join(here, _paths.LIBRARY_NEAR,
                                            "libmutorere.so.0"))
    except ImportError:
        pass
    yield "libmutorere.so.0"


def _load():
    tried = []
    for path in _candidates():
        try:
            return ctypes.CDLL(path)
        except OSError as e:
            tried.append(f"{path}: {e}")
    raise ImportError("cannot load libmutorere: " + "; ".join(tried))


lib = _load()


class Move(ctypes.Structure):
    """mutorere_move: a move's points (from HAND for a drop, both PASS for
    a pass) and the pieces it takes (taken: a mask of points; centre: the
    wheel's centre)."""
    _fields_ = [("from_", ctypes.c_uint8), ("to", ctypes.c_uint8),
                ("centre", ctypes.c_uint8), ("spare", ctypes.c_uint8 * 5),
                ("taken", ctypes.c_uint64)]


class Rules(ctypes.Structure):
    """mutorere_rules: a variant's rule fields on the wheel."""
    _fields_ = [("arms", ctypes.c_int), ("flank_plies", ctypes.c_int),
                ("adjacent_enemy", ctypes.c_int), ("misere", ctypes.c_int),
                ("repetition", ctypes.c_int), ("max_plies", ctypes.c_int)]


EACH = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_char_p)
CANCEL = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p)
PROGRESS = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_char_p,
                            ctypes.c_uint64, ctypes.c_uint64)

P = ctypes.c_void_p
PP = ctypes.POINTER(ctypes.c_void_p)
INT = ctypes.c_int
PINT = ctypes.POINTER(ctypes.c_int)
U64 = ctypes.c_uint64
PU64 = ctypes.POINTER(ctypes.c_uint64)
SIZE = ctypes.c_size_t
PSIZE = ctypes.POINTER(ctypes.c_size_t)
STR = ctypes.c_char_p

_SIGNATURES = {
    "mutorere_version": (STR, []),
    "mutorere_last_error": (STR, []),
    "mutorere_strerror": (STR, [INT]),
    "mutorere_path": (INT, [EACH, P]),
    "mutorere_path_add": (INT, [STR]),
    "mutorere_variants": (INT, [EACH, P]),
    "mutorere_rules_standard": (None, [ctypes.POINTER(Rules)]),
    "mutorere_variant_named": (INT, [STR, INT, PP]),
    "mutorere_variant_load": (INT, [STR, PP]),
    "mutorere_variant_new": (INT, [STR, ctypes.POINTER(Rules), PP]),
    "mutorere_variant_rules": (INT, [P, ctypes.POINTER(Rules)]),
    "mutorere_variant_name": (STR, [P]),
    "mutorere_variant_free": (None, [P]),
    "mutorere_variant_set_memory_limit": (INT, [P, SIZE]),
    "mutorere_variant_memory": (INT, [P, PSIZE]),
    "mutorere_game_new": (INT, [P, STR, PP]),
    "mutorere_game_position": (INT, [P, ctypes.c_char_p, SIZE]),
    "mutorere_game_turn": (INT, [P, PINT]),
    "mutorere_game_moves": (INT, [P, ctypes.POINTER(Move), PINT]),
    "mutorere_game_play": (INT, [P, Move]),
    "mutorere_game_undo": (INT, [P]),
    "mutorere_game_result": (INT, [P, PINT]),
    "mutorere_game_free": (None, [P]),
    "mutorere_game_copy": (INT, [P, PP]),
    "mutorere_game_record": (INT, [P, ctypes.c_char_p, PSIZE]),
    "mutorere_game_from_record": (INT, [P, STR, PP]),
    "mutorere_game_svg": (INT, [P, ctypes.c_char_p, PSIZE]),
    "mutorere_move_parse": (INT, [P, STR, ctypes.POINTER(Move)]),
    "mutorere_move_text": (INT, [P, Move, ctypes.c_char_p, SIZE]),
    "mutorere_interrupt": (None, [P]),
    "mutorere_solve": (INT, [P, INT, CANCEL, PROGRESS, P, PP]),
    "mutorere_solution_value": (INT, [P, P, PINT, PINT]),
    "mutorere_value_name": (STR, [INT]),
    "mutorere_solution_free": (None, [P]),
    "mutorere_perft": (INT, [P, INT, CANCEL, P, PU64]),
    "mutorere_search": (INT, [P, INT, ctypes.c_double, CANCEL, P,
                              ctypes.POINTER(Move), PINT]),
    "mutorere_playouts": (INT, [P, INT, U64, INT, CANCEL, P,
                                ctypes.POINTER(U64 * 4), PU64]),
}

for _name, (_result, _arguments) in _SIGNATURES.items():
    _function = getattr(lib, _name)
    _function.restype = _result
    _function.argtypes = _arguments


def last_error():
    """The message of the last failure on this thread."""
    return lib.mutorere_last_error().decode("utf-8", "replace")


def check(status):
    """Raises the exception of a failed call's status, with its message."""
    if status != OK:
        raise errors.of_status(status, last_error())


def text(value):
    """A Python string as the library's text (UTF-8, no zero byte)."""
    if not isinstance(value, str):
        raise TypeError(f"expected a string, got {type(value).__name__}")
    if "\0" in value:
        raise ValueError("a string with a zero byte")
    return value.encode("utf-8")
