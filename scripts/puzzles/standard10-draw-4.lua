-- White to play: the only move that does not lose
return {
  title = "White to play: the only move that does not lose",
  variant = {arms = 10, base = "standard"},
  position = "bwbw.wbwwb/b w",
  goal = "draw",
  solution = "6-5",
  hint = "The move to find goes along the ring, not through the centre.",
  difficulty = 4,
  rating = "easy",
  source = "mt.puzzle.generate",
}
