#!/usr/bin/env python3
"""python_plies.py — plies a second from Python: random games played with
one ctypes call a ply (legal_moves and play) against the same games in one
call (Game.playouts), on the standard game and on tired-piece (hooks in
Lua).  Run with the package and library found:

    PYTHONPATH=python MUTORERE_LIBRARY=build/libmutorere.so.0 \\
        python3 bench/python_plies.py [games]
"""

import sys
import time

import mutorere


def per_call(game, games, cap):
    """Plies played with a call a ply, and the seconds they took."""
    plies, start = 0, time.perf_counter()
    for k in range(games):
        g = game.copy()
        ply = 0
        while not g.over and ply < cap:
            moves = g.legal_moves()
            g.play(moves[(k * 7 + ply * 13) % len(moves)])
            ply += 1
        plies += ply
    return plies, time.perf_counter() - start


def batched(game, games, cap):
    """Plies played by one call of playouts, and the seconds it took."""
    start = time.perf_counter()
    counts = game.playouts(games, seed=1, max_plies=cap)
    return counts["plies"], time.perf_counter() - start


def main():
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    for name in ("standard", "tired-piece"):
        game = mutorere.Variant(name).game()
        one_plies, one_seconds = per_call(game, games, 200)
        all_plies, all_seconds = batched(game, games, 200)
        one_rate, all_rate = one_plies / one_seconds, all_plies / all_seconds
        print(f"{name:12} a call a ply {one_rate / 1e3:9.1f} k plies/s   "
              f"batched {all_rate / 1e3:9.1f} k plies/s   ({all_rate / one_rate:.0f}x)")


if __name__ == "__main__":
    main()
