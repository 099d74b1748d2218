-- Black to play and win in 3 plies
return {
  title = "Black to play and win in 3 plies",
  variant = "no-restriction",
  position = "bwbbwww./b b",
  goal = "win",
  plies = 3,
  solution = {"1-8", "2-1", "3-2"},
  hint = "The move to find goes along the ring, not through the centre.",
  difficulty = 4,
  rating = "easy",
  source = "mt.puzzle.generate",
}
