-- Black to play and win in 5 plies
return {
  title = "Black to play and win in 5 plies",
  variant = "no-restriction",
  position = ".bbbwwwb/w b",
  goal = "win",
  plies = 5,
  solution = {"2-1", "c-2", "1-c", "2-1", "3-2"},
  hint = "The move to find goes along the ring, not through the centre.",
  difficulty = 6,
  rating = "medium",
  source = "mt.puzzle.generate",
}
