-- White to play: the only move that does not lose
return {
  title = "White to play: the only move that does not lose",
  variant = {arms = 10, base = "no-restriction"},
  position = "wbbbwwbwb./w w",
  goal = "draw",
  solution = "1-10",
  hint = "The move to find goes along the ring, not through the centre.",
  difficulty = 2,
  rating = "easy",
  source = "mt.puzzle.generate",
}
