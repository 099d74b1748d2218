-- White to play and win in 1 ply
return {
  title = "White to play and win in 1 ply",
  variant = "standard",
  position = "bbbbwww./w w",
  goal = "win",
  plies = 1,
  solution = {"7-8"},
  hint = "The move to find goes along the ring, not through the centre.",
  difficulty = 4,
  rating = "easy",
  source = "mt.puzzle.generate",
}
