-- Tapatan (the Philippines): Achi's board and rules with three pieces a
-- side.
--
--     a3 --- b3 --- c3
--     |  \   |   /  |
--     a2 --- b2 --- c2
--     |  /   |   \  |
--     a1 --- b1 --- c1
--
-- Pieces: three a side, all in hand; the board is empty.  Black moves
-- first.
-- Move: while the mover holds a piece it drops one on any empty point;
-- then it slides a piece along a line to the next point, which must be
-- empty.
-- End: three of the mover's pieces in a row (a row, a column or a
-- diagonal) win at once; a side that cannot move on its turn loses.
-- Source: Stewart Culin, Chess and Playing-Cards (1898); Ludii, Tapatan.
return {
  name = "tapatan",
  description = "Tapatan: Achi with three pieces a side",
  source = "Culin, Chess and Playing-Cards (1898); Ludii, Tapatan",
  base = "achi",
  start = "......... 3/3 b",
}
