-- White to play and win in 5 plies
return {
  title = "White to play and win in 5 plies",
  variant = {arms = 10, base = "tired-piece"},
  position = "bbwbwbwbww/. w 31",
  history = {"c-4", "4-3"},
  goal = "win",
  plies = 5,
  solution = {"5-c", "6-5", "7-6", "8-7", "9-8"},
  hint = "The move to find goes into the centre.",
  difficulty = 14,
  rating = "hard",
  source = "mt.puzzle.generate",
}
