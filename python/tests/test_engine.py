"""test_engine.py — the Python package over the C library: games, errors
as exceptions with the library's messages, the published figures of the
standard game, the batched playouts against a loop of single calls with
the same generator written here, records, pictures, threads, interrupts,
the memory limit and the search path."""

import os
import tempfile
import threading
import time
import unittest

import mutorere


def splitmix64(state):
    """The generator of mutorere_playouts (doc/c-api.md): (number, state)."""
    state = (state + 0x9E3779B97F4A7C15) % 2**64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) % 2**64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) % 2**64
    return z ^ (z >> 31), state


def playouts_by_hand(game, games, seed, max_plies):
    """mutorere_playouts written again with one call a ply."""
    counts = {"capped": 0, "black": 0, "white": 0, "draw": 0, "plies": 0}
    for _ in range(games):
        g = game.copy()
        ply = 0
        while not g.over and (max_plies == 0 or ply < max_plies):
            moves = g.legal_moves()
            number, seed = splitmix64(seed)
            g.play(moves[number % len(moves)])
            ply += 1
        counts[g.result or "capped"] += 1
        counts["plies"] += ply
    return counts


class Basics(unittest.TestCase):
    def test_play_and_undo(self):
        g = mutorere.Variant("standard").game()
        self.assertEqual(g.position, "bbbbwwww/. b")
        self.assertEqual(g.moves(), ["1-c", "4-c"])
        self.assertEqual(g.play("4-c").position, "bbb.wwww/b w 1")
        self.assertEqual(g.turn, "white")
        self.assertEqual(g.moves(), ["5-4"])
        g.undo()
        self.assertEqual(g.position, "bbbbwwww/. b")
        self.assertIsNone(g.result)

    def test_errors_carry_the_message(self):
        g = mutorere.Variant("standard").game()
        with self.assertRaises(mutorere.IllegalMove) as caught:
            g.play("3-2")
        self.assertIn("illegal move 3-2", str(caught.exception))
        self.assertEqual(caught.exception.status, -2)
        self.assertEqual(g.position, "bbbbwwww/. b")  # nothing changed
        with self.assertRaises(mutorere.InvalidArgument) as caught:
            mutorere.Variant("standard").game("bbbbwwwww/. b")
        self.assertIn("9 arms", str(caught.exception))
        with self.assertRaises(mutorere.InvalidArgument) as caught:
            mutorere.Variant("no-such-variant")
        self.assertIn("unknown variant 'no-such-variant'", str(caught.exception))
        with self.assertRaises(ValueError):  # InvalidArgument is one too
            g.play("x-y")
        with self.assertRaises(mutorere.InvalidArgument):
            g.undo()
        self.assertTrue(issubclass(mutorere.OutOfMemory, MemoryError))

    def test_perft_figures(self):
        g = mutorere.Variant("standard").game()
        self.assertEqual([g.perft(d) for d in range(1, 11)],
                         [2, 2, 2, 6, 8, 12, 28, 34, 52, 128])

    def test_a_ply_cap_ends_the_game(self):
        v = mutorere.Variant.from_rules("capped", arms=8, max_plies=4)
        g = v.game()
        for _ in range(4):
            g.play(g.moves()[0])
        self.assertEqual(g.result, "draw")
        self.assertEqual(g.moves(), [])
        self.assertEqual(v.rules["max_plies"], 4)

    def test_search_finds_the_win(self):
        g = mutorere.Variant("standard").game("bbbbwww./w w")
        move, score = g.search(4)
        self.assertEqual(g.play(move).result, "white")
        self.assertGreater(score, 29000)


class Solutions(unittest.TestCase):
    def test_published_figures(self):
        """1,180 states reachable from the start: 208 won, 128 lost, 844
        drawn for the side to move; the start drawn."""
        v = mutorere.Variant("standard")
        s = v.solve()
        seen, counts = set(), {"win": 0, "loss": 0, "draw": 0}
        todo = [v.game()]
        while todo:
            g = todo.pop()
            state = " ".join(g.position.split()[:2])  # the ply is not read
            if state in seen:
                continue
            seen.add(state)
            value, distance = s.value(g)
            counts[value] += 1
            self.assertEqual(distance == -1, value == "draw")
            for m in g.legal_moves():
                todo.append(g.copy().play(m))
        self.assertEqual(len(seen), 1180)
        self.assertEqual(counts, {"win": 208, "loss": 128, "draw": 844})
        self.assertEqual(s.value(v.game()), ("draw", -1))

    def test_values_are_consistent(self):
        """A win has a move to a loss in one less ply; a loss only moves
        to wins (for the opponent)."""
        v = mutorere.Variant("misere", 10)
        s = v.solve()
        g = v.game()
        for _ in range(30):
            if g.over:
                break
            value, distance = s.value(g)
            children = [s.value(g.copy().play(m)) for m in g.legal_moves()]
            if value == "win":
                self.assertIn(("loss", distance - 1), children)
            if value == "loss":
                self.assertTrue(all(c[0] == "win" for c in children))
            g.play(g.legal_moves()[len(g.moves()) // 2])

    def test_progress_and_cancel(self):
        reports = []
        mutorere.Variant("standard", 16).solve(
            progress=lambda phase, done, total: reports.append((phase, done, total)))
        self.assertGreater(len(reports), 2)
        with self.assertRaises(mutorere.Cancelled):
            mutorere.Variant("standard", 18).solve(threads=1, cancel=lambda: True)

        def broken():
            raise KeyError("mine")
        with self.assertRaises(KeyError):  # the callback's own error
            mutorere.Variant("standard").game().perft(30, cancel=broken)


class Batched(unittest.TestCase):
    def test_playouts_as_single_calls(self):
        for name, start in (("standard", None), ("tired-piece", None),
                            ("pong-hau-ki", None), ("misere", "bbb.wwww/b w 1")):
            g = mutorere.Variant(name).game(start)
            for seed in (0, 1, 2**63 + 5):
                want = playouts_by_hand(g, 12, seed, 60)
                self.assertEqual(g.playouts(12, seed=seed, max_plies=60), want,
                                 f"{name}, seed {seed}")
        self.assertEqual(g.position, "bbb.wwww/b w 1")  # left as it was

    def test_playouts_refuse(self):
        g = mutorere.Variant("standard").game()
        with self.assertRaises(mutorere.InvalidArgument):
            g.playouts(-1)
        with self.assertRaises(mutorere.InvalidArgument):
            g.playouts(1, max_plies=-2)


class Texts(unittest.TestCase):
    def test_record_round_trip(self):
        for name, moves in (("standard", ["4-c", "5-4", "c-5"]),
                            ("pong-hau-ki", ["tl-c", "bl-tl"])):
            v = mutorere.Variant(name)
            g = v.game()
            for m in moves:
                g.play(m)
            back = v.from_record(g.record())
            self.assertEqual(back.position, g.position)
            self.assertEqual(back.record(), g.record())
        with self.assertRaises(mutorere.InvalidArgument):
            mutorere.Variant("misere").from_record(mutorere.Variant("standard").game().record())

    def test_svg(self):
        g = mutorere.Variant("standard").game().play("4-c")
        svg = g._repr_svg_()  # what a notebook draws
        self.assertIn("<svg", svg)
        self.assertTrue(svg.rstrip().endswith("</svg>"))


class Threads(unittest.TestCase):
    def test_threads_solve_and_look_up(self):
        shared = mutorere.Variant("standard", 12)
        solution = shared.solve()

        def work(seed, out):
            own = mutorere.Variant("misere", 12 + 2 * (seed % 2))
            s = own.solve(threads=1)
            values = []
            for variant, sol in ((own, s), (shared, solution)):
                g = variant.game()
                for i in range(40):
                    if g.over:
                        break
                    values.append(sol.value(g))
                    moves = g.legal_moves()
                    g.play(moves[(seed + i) % len(moves)])
            out[seed] = values

        alone, together = {}, {}
        for seed in range(4):
            work(seed, alone)
        threads = [threading.Thread(target=work, args=(seed, together))
                   for seed in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        self.assertEqual(together, alone)

    def test_interrupt_from_another_thread(self):
        v = mutorere.Variant("standard", 32)
        g = v.game()
        caught = []

        def run():
            try:
                g.perft(100)
            except mutorere.Cancelled as e:
                caught.append(e)
        t = threading.Thread(target=run)
        t.start()
        time.sleep(0.1)
        v.interrupt()
        t.join(10)
        self.assertFalse(t.is_alive())
        self.assertEqual(len(caught), 1)
        self.assertEqual(g.perft(4), 6)  # later calls run


class Limits(unittest.TestCase):
    def test_memory_limit(self):
        v = mutorere.Variant("standard", 20)
        g = v.game()
        held = v.memory
        self.assertGreater(held, 0)
        v.limit_memory(held + 1000)
        with self.assertRaises(mutorere.LimitError) as caught:
            g.search(4)
        self.assertIn("memory limit of variant 'standard'", str(caught.exception))
        self.assertEqual(v.memory, held)
        v.limit_memory(0)
        self.assertEqual(len(g.search(4)), 2)


class SearchPath(unittest.TestCase):
    def test_path_add_and_variants(self):
        with tempfile.TemporaryDirectory() as folder:
            os.mkdir(os.path.join(folder, "variants"))
            with open(os.path.join(folder, "variants", "py-ten.lua"), "w",
                      encoding="utf-8") as f:
                f.write("return {name = 'py-ten', base = 'standard', arms = 10}\n")
            self.assertNotIn("py-ten", mutorere.variants())
            mutorere.path_add(folder)
            self.assertEqual(mutorere.path()[0], os.path.realpath(folder))
            names = mutorere.variants()
            self.assertEqual(names[:6], ["standard", "first-two-turns", "first-move",
                                         "no-restriction", "adjacent-enemy", "misere"])
            self.assertIn("py-ten", names)
            self.assertEqual(mutorere.Variant("py-ten").rules["arms"], 10)
        with self.assertRaises(mutorere.InvalidArgument):
            mutorere.path_add("/no/such/folder")


if __name__ == "__main__":
    unittest.main()
