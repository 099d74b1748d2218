-- White to play and win in 5 plies
return {
  title = "White to play and win in 5 plies",
  variant = {arms = 10, base = "standard"},
  position = "wbbbww.wbw/b w",
  goal = "win",
  plies = 5,
  solution = {"6-7", "c-6", "8-c", "9-8", "10-9"},
  hint = "The move to find goes along the ring, not through the centre.",
  difficulty = 8,
  rating = "medium",
  source = "mt.puzzle.generate",
}
