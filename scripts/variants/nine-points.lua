-- nine-points.lua — a board drawn from scratch, as doc/designing-boards.md shows: a
-- 3 by 3 grid of points joined along its rows, its columns and its two
-- diagonals, four pieces a side, the centre empty.  Drawn so, the grid's
-- border is a ring of eight points and its middle point is joined to all
-- of them: with black's pieces in a row round the border and the flank
-- rule on the middle point it is Mū Tōrere itself (mt.same_game says so);
-- from this chequered start it is a game of its own.
return {
  name = "nine-points",
  description = "a 3x3 grid with its diagonals, four pieces a side in a chequer",
  points = {"a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"},
  lines = {"a1-b1", "b1-c1", "a2-b2", "b2-c2", "a3-b3", "b3-c3",   -- rows
           "a1-a2", "a2-a3", "b1-b2", "b2-b3", "c1-c2", "c2-c3",   -- columns
           "a1-b2", "b2-c3", "c1-b2", "b2-a3"},                     -- diagonals
  layout = {a1 = {0, 0}, b1 = {1, 0}, c1 = {2, 0}, a2 = {0, 1}, b2 = {1, 1},
            c2 = {2, 1}, a3 = {0, 2}, b3 = {1, 2}, c3 = {2, 2}},
  start = "bwbw.wbwb b",
}
