-- Achi (Ghana): three in a row on the nine points of a square, its
-- middle lines and its diagonals.
--
--     a3 --- b3 --- c3
--     |  \   |   /  |
--     |    \ | /    |
--     a2 --- b2 --- c2
--     |    / | \    |
--     |  /   |   \  |
--     a1 --- b1 --- c1
--
-- Pieces: four a side, all in hand at the start; the board is empty.
-- Black moves first.
-- Move: while the mover holds a piece it drops one on any empty point (it
-- does not slide); once its hand is empty it slides a piece along a line
-- to the next point, which must be empty.  Eight pieces on nine points
-- leave one empty point for the sliding phase.
-- End: a move that makes three of the mover's pieces in a row — a row, a
-- column or one of the two diagonals — wins at once; a side that cannot
-- move on its turn loses.
-- Source: R. C. Bell, Board and Table Games from Many Civilizations (1960);
-- Ludii's Achi.  Tapatan and Three Men's Morris (beside it here) are the
-- same family with three pieces a side.
return {
  name = "achi",
  description = "Achi: drop four pieces a side on a 3x3 board with its diagonals, then slide; three in a row wins",
  source = "Bell, Board and Table Games from Many Civilizations (1960); Ludii, Achi",
  points = {"a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"},
  lines = {"a1-b1", "b1-c1", "a2-b2", "b2-c2", "a3-b3", "b3-c3",   -- rows
           "a1-a2", "a2-a3", "b1-b2", "b2-b3", "c1-c2", "c2-c3",   -- columns
           "a1-b2", "b2-c3", "a3-b2", "b2-c1"},                     -- half-diagonals
  layout = {a1 = {0, 2}, b1 = {1, 2}, c1 = {2, 2}, a2 = {0, 1}, b2 = {1, 1},
            c2 = {2, 1}, a3 = {0, 0}, b3 = {1, 0}, c3 = {2, 0}},
  start = "......... 4/4 b",
  drops = "first",
  row = 3,
}
