"""mutorere — Mū Tōrere and its variants from Python: the C library
libmutorere through ctypes (standard library only).

    import mutorere
    standard = mutorere.Variant("standard")
    game = standard.game()
    game.play("4-c")
    print(game.position, game.moves())
    print(standard.solve().value(game))

mutorere.spiel has an OpenSpiel-style face (load_game, states, actions).
The library is found through MUTORERE_LIBRARY, else beside the installed
package, else by the system's loader."""

from .engine import (Game, Solution, Variant, interrupt_all, path, path_add,
                     variants, version)
from .errors import (Cancelled, Error, IllegalMove, InvalidArgument,
                     LimitError, OutOfMemory, ScriptError)

__all__ = ["Game", "Solution", "Variant", "interrupt_all", "path", "path_add",
           "variants", "version", "Cancelled", "Error", "IllegalMove",
           "InvalidArgument", "LimitError", "OutOfMemory", "ScriptError"]
