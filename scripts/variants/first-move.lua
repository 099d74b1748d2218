-- Only the very first move is restricted: it must be made with a piece at
-- the end of the cluster, which is the flank rule on ply 0 alone.
return {
  name = "first-move",
  description = "only the first move must be an end piece of the cluster",
  source = "Best (1917), as retold by the first seed document",
  arms = 8,
  flank = 1,
}
