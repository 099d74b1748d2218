-- Black to play and win in 5 plies
return {
  title = "Black to play and win in 5 plies",
  variant = {arms = 12, base = "standard"},
  position = ".bwbbbwwwwbb/w b",
  goal = "win",
  plies = 5,
  solution = {"12-1", "c-12", "2-c", "3-2", "4-3"},
  hint = "The move to find goes along the ring, not through the centre.",
  difficulty = 8,
  rating = "medium",
  source = "mt.puzzle.generate",
}
