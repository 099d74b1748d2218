-- Black to play and win in 1 ply
return {
  title = "Black to play and win in 1 ply",
  variant = "standard",
  position = "w.bbwwbw/b b",
  goal = "win",
  plies = 1,
  solution = {"3-2"},
  hint = "The move to find goes along the ring, not through the centre.",
  difficulty = 4,
  rating = "easy",
  source = "mt.puzzle.generate",
}
