-- Black to play and win in 5 plies
return {
  title = "Black to play and win in 5 plies",
  variant = {arms = 10, base = "tired-piece"},
  position = "bbwbwbwbww/. b 16",
  history = {"c-7", "7-8"},
  goal = "win",
  plies = 5,
  solution = {"6-c", "5-6", "4-5", "3-4", "2-3"},
  hint = "The move to find goes into the centre.",
  difficulty = 14,
  rating = "hard",
  source = "mt.puzzle.generate",
}
