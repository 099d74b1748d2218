-- White to play and win in 3 plies
return {
  title = "White to play and win in 3 plies",
  variant = {arms = 10, base = "standard"},
  position = ".bbbwbwwbw/w w",
  goal = "win",
  plies = 3,
  solution = {"10-1", "9-10", "8-9"},
  hint = "The move to find goes along the ring, not through the centre.",
  difficulty = 6,
  rating = "medium",
  source = "mt.puzzle.generate",
}
