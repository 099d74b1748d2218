-- Black to play and win in 3 plies
return {
  title = "Black to play and win in 3 plies",
  variant = {arms = 10, base = "no-restriction"},
  position = ".bbbbwwwwb/w b",
  goal = "win",
  plies = 3,
  solution = {"2-1", "c-2", "4-c"},
  hint = "The move to find goes along the ring, not through the centre.",
  difficulty = 4,
  rating = "easy",
  source = "mt.puzzle.generate",
}
