-- White to play and win in 9 plies
return {
  title = "White to play and win in 9 plies",
  variant = {arms = 12, base = "standard"},
  position = ".wbbbwwbwwbw/b w",
  goal = "win",
  plies = 9,
  solution = {"12-1", "11-12", "10-11", "c-10", "9-c", "10-9", "11-10", "12-11", "1-12"},
  hint = "The move to find goes along the ring, not through the centre.",
  difficulty = 10,
  rating = "hard",
  source = "mt.puzzle.generate",
}
