-- The standard moves, but the side that cannot move wins.
return {
  name = "misere",
  description = "standard moves; the blocked side wins",
  arms = 8,
  flank = "always",
  misere = true,
}
