-- White to play: the only move that does not lose
return {
  title = "White to play: the only move that does not lose",
  variant = {arms = 12, base = "standard"},
  position = "wbwbbbwwwwbb/. w",
  goal = "draw",
  solution = "10-c",
  hint = "The move to find goes into the centre.",
  difficulty = 10,
  rating = "hard",
  source = "mt.puzzle.generate",
}
