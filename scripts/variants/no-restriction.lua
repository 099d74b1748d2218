-- No flank rule at all: any piece may go from an arm to the empty centre.
-- Black can then win on the first move by playing a middle piece.
return {
  name = "no-restriction",
  description = "no flank rule: any piece may go to the empty centre",
  arms = 8,
  flank = "never",
}
