-- White to play and win in 5 plies
return {
  title = "White to play and win in 5 plies",
  variant = {arms = 10, base = "standard"},
  position = "wbbbw.wwwb/b w",
  goal = "win",
  plies = 5,
  solution = {"7-6", "c-7", "6-c", "7-6", "8-7"},
  hint = "The move to find goes along the ring, not through the centre.",
  difficulty = 6,
  rating = "medium",
  source = "mt.puzzle.generate",
}
