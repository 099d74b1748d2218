-- White to play and win in 7 plies
return {
  title = "White to play and win in 7 plies",
  variant = {arms = 10, base = "no-restriction"},
  position = ".wbbbwwwbw/b w",
  goal = "win",
  plies = 7,
  solution = {"10-1", "9-10", "8-9", "c-8", "9-c", "8-9", "7-8"},
  hint = "The move to find goes along the ring, not through the centre.",
  difficulty = 8,
  rating = "medium",
  source = "mt.puzzle.generate",
}
