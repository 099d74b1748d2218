-- Black to play: the only move that does not lose
return {
  title = "Black to play: the only move that does not lose",
  variant = {arms = 10, base = "standard"},
  position = "wbbbbwwwbw/. b",
  goal = "draw",
  solution = "2-c",
  hint = "The move to find goes into the centre.",
  difficulty = 7,
  rating = "medium",
  source = "mt.puzzle.generate",
}
