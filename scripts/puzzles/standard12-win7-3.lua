-- White to play and win in 7 plies
return {
  title = "White to play and win in 7 plies",
  variant = {arms = 12, base = "standard"},
  position = "wwbbbw.wwbwb/b w",
  goal = "win",
  plies = 7,
  solution = {"8-7", "c-8", "9-c", "10-9", "11-10", "12-11", "1-12"},
  hint = "The move to find goes along the ring, not through the centre.",
  difficulty = 8,
  rating = "medium",
  source = "mt.puzzle.generate",
}
