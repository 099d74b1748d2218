-- White to play and win in 7 plies
return {
  title = "White to play and win in 7 plies",
  variant = {arms = 12, base = "standard"},
  position = "wbbbbwwbwwb./w w",
  goal = "win",
  plies = 7,
  solution = {"c-12", "2-c", "1-2", "c-1", "7-c", "8-7", "9-8"},
  hint = "The move to find leaves the centre.",
  difficulty = 10,
  rating = "hard",
  source = "mt.puzzle.generate",
}
