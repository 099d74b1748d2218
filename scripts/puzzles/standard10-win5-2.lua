-- Black to play and win in 5 plies
return {
  title = "Black to play and win in 5 plies",
  variant = {arms = 10, base = "standard"},
  position = "bwbwb.wwwb/b b",
  goal = "win",
  plies = 5,
  solution = {"5-6", "4-5", "3-4", "2-3", "1-2"},
  hint = "The move to find goes along the ring, not through the centre.",
  difficulty = 8,
  rating = "medium",
  source = "mt.puzzle.generate",
}
