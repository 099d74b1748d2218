-- Black to play: the only move that does not lose
return {
  title = "Black to play: the only move that does not lose",
  variant = {arms = 10, base = "standard"},
  position = "b.bbwbwwbw/w b",
  goal = "draw",
  solution = "3-2",
  hint = "The move to find goes along the ring, not through the centre.",
  difficulty = 4,
  rating = "easy",
  source = "mt.puzzle.generate",
}
