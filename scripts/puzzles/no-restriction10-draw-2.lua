-- Black to play: the only move that does not lose
return {
  title = "Black to play: the only move that does not lose",
  variant = {arms = 10, base = "no-restriction"},
  position = "b.wbbwwwbw/b b",
  goal = "draw",
  solution = "1-2",
  hint = "The move to find goes along the ring, not through the centre.",
  difficulty = 2,
  rating = "easy",
  source = "mt.puzzle.generate",
}
