-- White to play and win in 5 plies
return {
  title = "White to play and win in 5 plies",
  variant = {arms = 10, base = "standard"},
  position = "wbbbbwww.w/b w",
  goal = "win",
  plies = 5,
  solution = {"8-9", "c-8", "7-c", "8-7", "9-8"},
  hint = "The move to find goes along the ring, not through the centre.",
  difficulty = 8,
  rating = "medium",
  source = "mt.puzzle.generate",
}
