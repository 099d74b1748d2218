-- White to play: the only move that does not lose
return {
  title = "White to play: the only move that does not lose",
  variant = "no-restriction",
  position = "wbbbwwb./w w",
  goal = "draw",
  solution = "1-8",
  hint = "The move to find goes along the ring, not through the centre.",
  difficulty = 2,
  rating = "easy",
  source = "mt.puzzle.generate",
}
