-- White to play: the only move that does not lose
return {
  title = "White to play: the only move that does not lose",
  variant = {arms = 10, base = "misere"},
  position = "bbbbbwwww./w w",
  goal = "draw",
  solution = "c-10",
  hint = "The move to find leaves the centre.",
  difficulty = 2,
  rating = "easy",
  source = "mt.puzzle.generate",
}
