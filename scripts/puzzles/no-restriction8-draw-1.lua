-- White to play: the only move that does not lose
return {
  title = "White to play: the only move that does not lose",
  variant = "no-restriction",
  position = "bwbbww.w/b w",
  goal = "draw",
  solution = "6-7",
  hint = "The move to find goes along the ring, not through the centre.",
  difficulty = 4,
  rating = "easy",
  source = "mt.puzzle.generate",
}
