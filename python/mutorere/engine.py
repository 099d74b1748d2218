"""engine.py — the C library's objects in Python: variants (built in,
shipped scripts, Lua files, rule fields), games (positions and moves as
text, legal moves, play, undo, copies, records, SVG pictures), solutions
(value and distance), perft, search and random playouts in one call.

The thread rules are the library's (doc/c-api.md): each thread its own
games; solutions may be looked up from many threads at once; the library
lets go of Python's lock while it works."""

import ctypes

from . import _native
from ._native import lib, check, text

SIDES = ("black", "white")
RESULTS = (None, "black", "white", "draw")  # by MUTORERE_ONGOING ...
ALWAYS = 0x7FFFFFFF  # MUTORERE_FLANK_ALWAYS


def version():
    """The version of the library loaded ("0.1.0")."""
    return lib.mutorere_version().decode()


def _texts(function, *arguments):
    """The texts a mutorere_each function tells, as a list."""
    found = []

    def each(_ctx, value):
        found.append(value.decode("utf-8", "replace"))

    callback = _native.EACH(each)
    check(function(*arguments, callback, None))
    return found


def path():
    """The folders of the search path for scripts, in the order looked."""
    return _texts(lib.mutorere_path)


def path_add(folder):
    """Adds a folder before the others of the search path."""
    check(lib.mutorere_path_add(text(str(folder))))


def variants():
    """The names Variant(name) takes: the built-in ones, then the scripts
    on the search path."""
    return _texts(lib.mutorere_variants)


def interrupt_all():
    """Stops every call of the library running now (any thread)."""
    lib.mutorere_interrupt(None)


class _Callbacks:
    """A call's cancel and progress functions as the library calls them;
    an exception they raise stops the call and is raised after it."""

    def __init__(self, cancel=None, progress=None):
        self.error = None
        self.cancel = _native.CANCEL(self._cancel) if cancel else _native.CANCEL()
        self.progress = (_native.PROGRESS(self._progress) if progress
                         else _native.PROGRESS())
        self._user_cancel, self._user_progress = cancel, progress

    def _cancel(self, _ctx):
        if self.error:
            return 1
        try:
            return 1 if self._user_cancel() else 0
        except BaseException as e:  # pylint: disable=broad-except
            self.error = e
            return 1

    def _progress(self, _ctx, phase, done, total):
        if self.error:
            return
        try:
            self._user_progress(phase.decode(), done, total)
        except BaseException as e:  # pylint: disable=broad-except
            self.error = e

    def check(self, status):
        """Raises the callbacks' own exception first, else the call's."""
        if self.error:
            raise self.error
        check(status)


class Variant:
    """A variant: Variant("standard"), Variant("tired-piece", arms=10), a
    Lua file Variant("path/to/mine.lua"), or Variant.from_rules(...)."""

    def __init__(self, name="standard", arms=0, _handle=None):
        self._handle = ctypes.c_void_p(_handle)
        if _handle is not None:
            return
        name = str(name)
        if "/" in name or name.endswith(".lua"):
            if arms:
                raise ValueError("arms belongs to a variant by name, not a file")
            check(lib.mutorere_variant_load(text(name), ctypes.byref(self._handle)))
        else:
            check(lib.mutorere_variant_named(text(name), int(arms),
                                             ctypes.byref(self._handle)))

    @classmethod
    def from_rules(cls, name=None, arms=8, flank_plies=ALWAYS,
                   adjacent_enemy=False, misere=False, repetition=3,
                   max_plies=0):
        """A variant on the wheel from rule fields (mutorere_rules)."""
        rules = _native.Rules(int(arms), int(flank_plies), int(adjacent_enemy),
                              int(misere), int(repetition), int(max_plies))
        handle = ctypes.c_void_p()
        check(lib.mutorere_variant_new(text(name) if name is not None else None,
                                       ctypes.byref(rules), ctypes.byref(handle)))
        return cls(_handle=handle.value)

    def __del__(self):
        if getattr(self, "_handle", None):
            lib.mutorere_variant_free(self._handle)
            self._handle = None

    @property
    def name(self):
        """The variant's name."""
        return lib.mutorere_variant_name(self._handle).decode()

    @property
    def rules(self):
        """The rule fields, as a dict (a board of points has none:
        InvalidArgument)."""
        rules = _native.Rules()
        check(lib.mutorere_variant_rules(self._handle, ctypes.byref(rules)))
        return {field: getattr(rules, field) for field, _ in rules._fields_}

    def game(self, position=None):
        """A new game from the start, or from position text."""
        return Game(self, position)

    def solve(self, threads=0, progress=None, cancel=None):
        """Solves the variant: a Solution.  progress(phase, done, total) is
        told how far it has got; cancel() returning true stops it."""
        calls = _Callbacks(cancel, progress)
        handle = ctypes.c_void_p()
        calls.check(lib.mutorere_solve(self._handle, int(threads), calls.cancel,
                                       calls.progress, None, ctypes.byref(handle)))
        return Solution(self, handle.value)

    def interrupt(self):
        """Stops every call running now on this variant or what is made of
        it (from any thread)."""
        lib.mutorere_interrupt(self._handle)

    @property
    def memory(self):
        """The bytes the variant and what is made of it hold now."""
        held = ctypes.c_size_t()
        check(lib.mutorere_variant_memory(self._handle, ctypes.byref(held)))
        return held.value

    def limit_memory(self, limit):
        """Limits those bytes (0: no limit)."""
        check(lib.mutorere_variant_set_memory_limit(self._handle, int(limit)))

    def parse_move(self, move):
        """Move text ("4-c") as the library's move."""
        parsed = _native.Move()
        check(lib.mutorere_move_parse(self._handle, text(move), ctypes.byref(parsed)))
        return parsed

    def move_text(self, move):
        """The library's move as text."""
        buf = ctypes.create_string_buffer(_native.MOVE_MAX)
        check(lib.mutorere_move_text(self._handle, move, buf, len(buf)))
        return buf.value.decode()

    def from_record(self, record):
        """A game of this variant read from record text."""
        handle = ctypes.c_void_p()
        check(lib.mutorere_game_from_record(self._handle, text(record),
                                            ctypes.byref(handle)))
        return Game(self, _handle=handle.value)

    def __repr__(self):
        return f"<mutorere.Variant {self.name}>"


def _sized_text(function, handle):
    """The text a function that writes into (buf, *size) gives."""
    size = ctypes.c_size_t(0)
    function(handle, None, ctypes.byref(size))  # asks the size
    buf = ctypes.create_string_buffer(max(size.value, 1))
    size.value = len(buf)
    check(function(handle, buf, ctypes.byref(size)))
    return buf.value.decode("utf-8")


class Game:
    """A game of a variant: Game(variant, position=None)."""

    def __init__(self, variant, position=None, _handle=None):
        self.variant = variant
        self._handle = ctypes.c_void_p(_handle)
        if _handle is None:
            check(lib.mutorere_game_new(variant._handle,  # pylint: disable=protected-access
                                        text(position) if position is not None else None,
                                        ctypes.byref(self._handle)))

    def __del__(self):
        if getattr(self, "_handle", None):
            lib.mutorere_game_free(self._handle)
            self._handle = None

    @property
    def position(self):
        """The position as text ("bbbbwwww/. b")."""
        buf = ctypes.create_string_buffer(_native.POSITION_MAX)
        check(lib.mutorere_game_position(self._handle, buf, len(buf)))
        return buf.value.decode()

    @property
    def turn(self):
        """"black" or "white": the side to move."""
        side = ctypes.c_int()
        check(lib.mutorere_game_turn(self._handle, ctypes.byref(side)))
        return SIDES[side.value]

    def legal_moves(self):
        """The legal moves now, as the library's moves (none once over)."""
        moves = (_native.Move * _native.MAX_MOVES)()
        count = ctypes.c_int()
        check(lib.mutorere_game_moves(self._handle, moves, ctypes.byref(count)))
        return list(moves[:count.value])

    def moves(self):
        """The legal moves now, as text."""
        return [self.variant.move_text(m) for m in self.legal_moves()]

    def play(self, move):
        """Plays a move (text, or one of legal_moves()); returns the game.
        IllegalMove says which rule it breaks."""
        if isinstance(move, str):
            move = self.variant.parse_move(move)
        check(lib.mutorere_game_play(self._handle, move))
        return self

    def undo(self):
        """Takes back the last move."""
        check(lib.mutorere_game_undo(self._handle))
        return self

    @property
    def result(self):
        """None while the game goes on, else "black", "white" or "draw"."""
        result = ctypes.c_int()
        check(lib.mutorere_game_result(self._handle, ctypes.byref(result)))
        return RESULTS[result.value]

    @property
    def over(self):
        """True once the game has ended."""
        return self.result is not None

    def copy(self):
        """An independent copy."""
        handle = ctypes.c_void_p()
        check(lib.mutorere_game_copy(self._handle, ctypes.byref(handle)))
        return Game(self.variant, _handle=handle.value)

    def record(self):
        """The game as record text."""
        return _sized_text(lib.mutorere_game_record, self._handle)

    def svg(self):
        """An SVG picture of the position."""
        return _sized_text(lib.mutorere_game_svg, self._handle)

    def _repr_svg_(self):
        return self.svg()

    def perft(self, depth, cancel=None):
        """The number of leaves of the move tree depth plies deep."""
        calls = _Callbacks(cancel)
        count = ctypes.c_uint64()
        calls.check(lib.mutorere_perft(self._handle, int(depth), calls.cancel,
                                       None, ctypes.byref(count)))
        return count.value

    def search(self, depth=8, seconds=0.0, cancel=None):
        """A move by alpha-beta search (text) and its score for the side to
        move; seconds is wall-clock time (0: no limit)."""
        calls = _Callbacks(cancel)
        move, score = _native.Move(), ctypes.c_int()
        calls.check(lib.mutorere_search(self._handle, int(depth), float(seconds),
                                        calls.cancel, None, ctypes.byref(move),
                                        ctypes.byref(score)))
        return self.variant.move_text(move), score.value

    def playouts(self, games, seed=0, max_plies=0, cancel=None):
        """Plays games random games from here in one call (moves drawn by
        splitmix64 from seed); returns a dict of how they ended (black,
        white, draw, capped) and the plies played."""
        calls = _Callbacks(cancel)
        counts, plies = (ctypes.c_uint64 * 4)(), ctypes.c_uint64()
        calls.check(lib.mutorere_playouts(self._handle, int(games),
                                          int(seed) & (2**64 - 1), int(max_plies),
                                          calls.cancel, None, ctypes.byref(counts),
                                          ctypes.byref(plies)))
        return {"capped": counts[0], "black": counts[1], "white": counts[2],
                "draw": counts[3], "plies": plies.value}

    def __str__(self):
        return self.position

    def __repr__(self):
        return f"<mutorere.Game {self.variant.name} {self.position}>"


class Solution:
    """A solved variant: every state's value and distance."""

    def __init__(self, variant, handle):
        self.variant = variant
        self._handle = ctypes.c_void_p(handle)

    def __del__(self):
        if getattr(self, "_handle", None):
            lib.mutorere_solution_free(self._handle)
            self._handle = None

    def value(self, game):
        """("win", "loss" or "draw") for the side to move in game's state,
        and the plies to the end under perfect play (-1 for a draw)."""
        value, distance = ctypes.c_int(), ctypes.c_int()
        check(lib.mutorere_solution_value(self._handle, game._handle,  # pylint: disable=protected-access
                                          ctypes.byref(value), ctypes.byref(distance)))
        return lib.mutorere_value_name(value.value).decode(), distance.value

    def __repr__(self):
        return f"<mutorere.Solution {self.variant.name}>"
