-- White to play and win in 7 plies
return {
  title = "White to play and win in 7 plies",
  variant = {arms = 12, base = "standard"},
  position = "bb.wbwbwbwwb/w w",
  goal = "win",
  plies = 7,
  solution = {"4-3", "5-4", "6-5", "7-6", "8-7", "9-8", "10-9"},
  hint = "The move to find goes along the ring, not through the centre.",
  difficulty = 10,
  rating = "hard",
  source = "mt.puzzle.generate",
}
