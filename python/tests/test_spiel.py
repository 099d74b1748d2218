"""test_spiel.py — the OpenSpiel-style face, in the spirit of OpenSpiel's
random simulation tests: for every variant on the search path, random
games played to their end (or a cap), checking at every state that legal
actions are there until the end and none after, the current player, every
action's string round trip, that a clone goes its own way, that a
serialized state reads back the same, the observation tensor's shape and
sense, and that the returns are zero-sum and say the result."""

import random
import unittest

import mutorere
from mutorere import spiel

GAMES = 10     # random games a variant
CAP = 400      # plies before a game that has not ended is left
SERIALIZE_EVERY = 25


class Simulation(unittest.TestCase):
    def check_state(self, game, state):
        player = state.current_player()
        actions = state.legal_actions()
        if state.is_terminal():
            self.assertEqual(player, spiel.TERMINAL)
            self.assertEqual(actions, [])
            return actions
        self.assertIn(player, (0, 1))
        self.assertTrue(actions, f"no legal action in {state}, not terminal")
        self.assertEqual(actions, sorted(set(actions)))
        self.assertEqual(state.legal_actions(1 - player), [])
        self.assertEqual(state.returns(), [0.0, 0.0])
        for a in actions:
            self.assertTrue(0 <= a < game.num_distinct_actions())
            text = state.action_to_string(player, a)
            self.assertEqual(state.string_to_action(player, text), a)
        tensor = state.observation_tensor(player)
        self.assertEqual(len(tensor), game.observation_tensor_size())
        planes, points = game.observation_tensor_shape()
        self.assertEqual(planes * points, len(tensor))
        for p in range(points):  # every point one of own, other's, empty
            self.assertEqual(sum(tensor[k * points + p] for k in range(3)), 1.0)
        other = state.observation_tensor(1 - player)
        self.assertEqual(other[:points], tensor[points:2 * points])
        cells = str(state).split(" ")[0].replace("/", "")  # the position text
        own = "bw"[player]
        self.assertEqual(tensor[:points], [1.0 if c == own else 0.0 for c in cells])
        return actions

    def play_random_game(self, game, rng):
        state = game.new_initial_state()
        for ply in range(CAP):
            actions = self.check_state(game, state)
            if state.is_terminal():
                break
            # a clone goes its own way
            clone = state.clone()
            before = (str(state), state.history())
            clone.apply_action(rng.choice(actions))
            self.assertEqual((str(state), state.history()), before)
            self.assertEqual(clone.history()[:-1], state.history())
            if ply % SERIALIZE_EVERY == 0:
                back = game.deserialize_state(state.serialize())
                self.assertEqual((str(back), back.history(), back.current_player()),
                                 (str(state), state.history(), state.current_player()))
            action = rng.choice(actions)
            state.apply_action(action)
            self.assertEqual(state.history()[-1], action)
        returns = state.returns()
        self.assertEqual(sum(returns), 0.0)
        self.assertTrue(all(r in (-1.0, 0.0, 1.0) for r in returns))
        if state.is_terminal():
            result = state._position.result  # pylint: disable=protected-access
            want = {"black": [1.0, -1.0], "white": [-1.0, 1.0], "draw": [0.0, 0.0]}
            self.assertEqual(returns, want[result])
        back = game.deserialize_state(state.serialize())
        self.assertEqual((str(back), back.history()), (str(state), state.history()))
        return state

    def test_every_variant(self):
        names = mutorere.variants()
        self.assertGreaterEqual(len(names), 19)
        ended = 0
        for name in names:
            with self.subTest(variant=name):
                game = spiel.load_game(name)
                self.assertEqual(game.num_players(), 2)
                rng = random.Random(name)
                for _ in range(GAMES):
                    ended += self.play_random_game(game, rng).is_terminal()
        self.assertGreater(ended, len(names))  # most games end

    def test_illegal_and_foreign_actions(self):
        game = spiel.load_game("standard")
        state = game.new_initial_state()
        with self.assertRaises(ValueError):
            state.apply_action(game.num_distinct_actions())
        illegal = [a for a in range(game.num_distinct_actions())
                   if a not in state.legal_actions()][0]
        with self.assertRaises(ValueError):
            state.apply_action(illegal)
        self.assertEqual(state.history(), [])

    def test_undo_action(self):
        game = spiel.load_game("standard", arms=10)
        state = game.new_initial_state()
        start = str(state)
        action = state.legal_actions()[0]
        state.apply_action(action)
        state.undo_action(0, action)
        self.assertEqual(str(state), start)


if __name__ == "__main__":
    unittest.main()
