-- White to play and win in 3 plies
return {
  title = "White to play and win in 3 plies",
  variant = {arms = 10, base = "tired-piece"},
  position = "bbbwbwwbww/. w 11",
  history = {"c-8", "8-7"},
  goal = "win",
  plies = 3,
  solution = {"9-c", "8-9", "7-8"},
  hint = "The move to find goes into the centre.",
  difficulty = 12,
  rating = "hard",
  source = "mt.puzzle.generate",
}
