-- The flank rule binds only each player's first two turns (plies 0-3);
-- afterwards any piece may move from an arm to the empty centre.
return {
  name = "first-two-turns",
  description = "the flank rule on each player's first two turns only",
  source = "Walker, Mu Torere (2011), variation 7(i)",
  arms = 8,
  flank = 4,
}
