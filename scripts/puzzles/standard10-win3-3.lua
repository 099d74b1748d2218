-- Black to play and win in 3 plies
return {
  title = "Black to play and win in 3 plies",
  variant = {arms = 10, base = "standard"},
  position = "bwbbbwwww./b b",
  goal = "win",
  plies = 3,
  solution = {"1-10", "2-1", "3-2"},
  hint = "The move to find goes along the ring, not through the centre.",
  difficulty = 6,
  rating = "medium",
  source = "mt.puzzle.generate",
}
