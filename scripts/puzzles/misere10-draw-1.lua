-- Black to play: the only move that does not lose
return {
  title = "Black to play: the only move that does not lose",
  variant = {arms = 10, base = "misere"},
  position = "b.wbbwwwwb/b b",
  goal = "draw",
  solution = "c-2",
  hint = "The move to find leaves the centre.",
  difficulty = 2,
  rating = "easy",
  source = "mt.puzzle.generate",
}
