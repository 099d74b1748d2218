-- White to play: the only move that does not lose
return {
  title = "White to play: the only move that does not lose",
  variant = {arms = 10, base = "standard"},
  position = "bwbbw.bwwb/w w",
  goal = "draw",
  solution = "5-6",
  hint = "The move to find goes along the ring, not through the centre.",
  difficulty = 4,
  rating = "easy",
  source = "mt.puzzle.generate",
}
