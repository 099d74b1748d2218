-- Black to play and win in 5 plies
return {
  title = "Black to play and win in 5 plies",
  variant = {arms = 10, base = "standard"},
  position = "bwbb.bwwwb/w b",
  goal = "win",
  plies = 5,
  solution = {"4-5", "c-4", "3-c", "2-3", "1-2"},
  hint = "The move to find goes along the ring, not through the centre.",
  difficulty = 6,
  rating = "medium",
  source = "mt.puzzle.generate",
}
