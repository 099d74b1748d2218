"""spiel.py — an OpenSpiel-style face over the engine, so that code written
for pyspiel's games runs on every variant: load_game(name, **params) gives
a game whose new_initial_state() is a state with current_player,
legal_actions, apply_action, is_terminal, returns, clone,
action_to_string, string_to_action, observation_tensor and serialize, as
pyspiel's are named.

An action is a move's two points as one number, from * P + to, where P is
the number of points (on the wheel the arms, then the centre as point
arms).  Player 0 is black, who moves first; player 1 is white."""

from . import engine

TERMINAL = -4  # pyspiel.PlayerId.TERMINAL
_CENTRE = 64  # the library's number for the centre
_HAND = 0xFE  # and for the hand a drop comes from
_PASS = 0xFF  # and for a pass


class MutorereGame:
    """A game of a variant, as pyspiel.Game is used."""

    def __init__(self, variant="standard", arms=0):
        self.variant = (variant if isinstance(variant, engine.Variant)
                        else engine.Variant(variant, arms))
        start = self.variant.game()
        self._board = start.position.split(" ", 1)[0]
        wheel = "/" in self._board
        self.points = len(self._board.replace("/", "")) if wheel else len(self._board)
        self.wheel = wheel

    def num_players(self):
        return 2

    def num_distinct_actions(self):
        """from * points + to for a move, from = points for a drop from
        the hand, and the last one a pass (a capture is known by its
        points: the legal move they name)."""
        return (self.points + 1) * self.points + 1

    def min_utility(self):
        return -1.0

    def max_utility(self):
        return 1.0

    def utility_sum(self):
        return 0.0

    def observation_tensor_shape(self):
        """[3, points]: the pieces of the player observing, the other's,
        the empty points."""
        return [3, self.points]

    def observation_tensor_size(self):
        return 3 * self.points

    def new_initial_state(self):
        return MutorereState(self, self.variant.game())

    def deserialize_state(self, serialized):
        """The state serialize() wrote: its start, then its actions."""
        lines = serialized.split("\n")
        state = MutorereState(self, self.variant.game(lines[0]))
        for action in lines[1:]:
            if action:
                state.apply_action(int(action))
        return state

    def point(self, library_point):
        """The action's point number of a library point (the hand: points)."""
        if library_point == _HAND:
            return self.points
        return self.points - 1 if self.wheel and library_point == _CENTRE else library_point

    def library_point(self, point):
        """The library's point of an action's point number."""
        if point == self.points:
            return _HAND
        return _CENTRE if self.wheel and point == self.points - 1 else point

    def __str__(self):
        return f"mutorere(variant={self.variant.name})"


def load_game(name="standard", **params):
    """The game of a variant by name (or a Lua file), arms=N for another
    board of the wheel."""
    return MutorereGame(name, params.get("arms", 0))


class MutorereState:
    """A state of a game, as pyspiel.State is used."""

    def __init__(self, game, position):
        self._game = game
        self._position = position  # an engine.Game
        self._start = position.position
        self._history = []

    def get_game(self):
        return self._game

    def current_player(self):
        if self._position.over:
            return TERMINAL
        return 0 if self._position.turn == "black" else 1

    def is_terminal(self):
        return self._position.over

    def is_chance_node(self):
        return False

    def is_simultaneous_node(self):
        return False

    def _action(self, move):
        g = self._game
        if move.from_ == _PASS:
            return g.num_distinct_actions() - 1
        return g.point(move.from_) * g.points + g.point(move.to)

    def _move(self, action):
        g = self._game
        if not 0 <= action < g.num_distinct_actions():
            raise ValueError(f"action {action} is not one of this game's "
                             f"(0 to {g.num_distinct_actions() - 1})")
        move = engine._native.Move()  # pylint: disable=protected-access
        if action == g.num_distinct_actions() - 1:
            move.from_ = move.to = _PASS
            return move
        move.from_ = g.library_point(action // g.points)
        move.to = g.library_point(action % g.points)
        return move

    def legal_actions(self, player=None):
        """The legal actions, sorted (none at the end, or for the player
        not to move)."""
        if player is not None and player != self.current_player():
            return []
        return sorted(self._action(m) for m in self._position.legal_moves())

    def apply_action(self, action):
        """Plays the action (ValueError when it is not legal)."""
        self._position.play(self._move(int(action)))
        self._history.append(int(action))

    def undo_action(self, player, action):
        """Takes back the last action (player and action as pyspiel's)."""
        del player
        if not self._history or self._history[-1] != action:
            raise ValueError(f"action {action} was not the last one played")
        self._position.undo()
        self._history.pop()

    def history(self):
        return list(self._history)

    def move_number(self):
        return len(self._history)

    def returns(self):
        """[black's, white's]: 1 for a win, -1 for a loss, 0 for a draw or
        while the game goes on."""
        result = self._position.result
        if result == "black":
            return [1.0, -1.0]
        if result == "white":
            return [-1.0, 1.0]
        return [0.0, 0.0]

    def rewards(self):
        return self.returns()

    def player_return(self, player):
        return self.returns()[player]

    def clone(self):
        copy = MutorereState(self._game, self._position.copy())
        copy._start = self._start  # pylint: disable=protected-access
        copy._history = list(self._history)  # pylint: disable=protected-access
        return copy

    def action_to_string(self, player, action=None):
        """The move of an action as text ("4-c"); player may be left out."""
        if action is None:
            action = player
        return self._game.variant.move_text(self._move(int(action)))

    def string_to_action(self, player, text=None):
        """The action of move text; player may be left out."""
        if text is None:
            text = player
        return self._action(self._game.variant.parse_move(text))

    def observation_tensor(self, player=None):
        """3 * points numbers: 1 where the observing player (the one to
        move when not given) has a piece, then the other's, then the empty
        points."""
        if player is None:
            player = max(self.current_player(), 0)
            if self.is_terminal():
                player = 0 if self._position.turn == "black" else 1
        own, other = ("b", "w") if player == 0 else ("w", "b")
        board = self._position.position.split(" ", 1)[0]
        cells = board.replace("/", "")
        planes = [[1.0 if c == own else 0.0 for c in cells],
                  [1.0 if c == other else 0.0 for c in cells],
                  [1.0 if c == "." else 0.0 for c in cells]]
        return planes[0] + planes[1] + planes[2]

    def observation_string(self, player=None):
        del player
        return self._position.position

    def serialize(self):
        """The start position, then one action a line."""
        return "\n".join([self._start] + [str(a) for a in self._history])

    def __str__(self):
        return self._position.position
