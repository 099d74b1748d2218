-- Every move needs an enemy piece next to the moving piece's point, the
-- centre counting as next to every arm (the rule set Ludii suggests).
return {
  name = "adjacent-enemy",
  description = "every move needs an enemy piece next to the moving piece",
  source = "Ludii's suggested ruleset for Mu Torere",
  arms = 8,
  flank = "never",
  adjacent_enemy = true,
}
