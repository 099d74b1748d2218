-- The standard rules: a piece may go from an arm to the empty centre only
-- when an enemy piece stands on a neighbouring arm (the flank rule), on
-- every turn.
return {
  name = "standard",
  description = "the flank rule on every turn",
  source = "Walker, Mu Torere (2011), rule 7; Le Globe Joueur, Mu Torere",
  arms = 8,
  flank = "always",
}
