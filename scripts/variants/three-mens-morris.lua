-- Three Men's Morris (Europe; played in medieval England and long
-- before): the nine points of a square joined along its rows
-- and columns only.
--
--     a3 --- b3 --- c3
--     |      |      |
--     a2 --- b2 --- c2
--     |      |      |
--     a1 --- b1 --- c1
--
-- Pieces: three a side, all in hand; the board is empty.  Black moves
-- first.
-- Move: while the mover holds a piece it drops one on any empty point;
-- then it slides a piece along a line (not a diagonal) to the next point,
-- which must be empty.
-- End: three of the mover's pieces in a row along a row or a column (not
-- a diagonal) win at once; a side that cannot move on its turn loses.
-- Source: H. J. R. Murray, A History of Board-Games other than Chess
-- (1952); Ludii, Three Men's Morris.
return {
  name = "three-mens-morris",
  description = "Three Men's Morris: drop three pieces a side on a 3x3 grid, then slide; three in a row or column wins",
  source = "Murray, A History of Board-Games other than Chess (1952); Ludii, Three Men's Morris",
  points = {"a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"},
  lines = {"a1-b1", "b1-c1", "a2-b2", "b2-c2", "a3-b3", "b3-c3",   -- rows
           "a1-a2", "a2-a3", "b1-b2", "b2-b3", "c1-c2", "c2-c3"},  -- columns
  layout = {a1 = {0, 2}, b1 = {1, 2}, c1 = {2, 2}, a2 = {0, 1}, b2 = {1, 1},
            c2 = {2, 1}, a3 = {0, 0}, b3 = {1, 0}, c3 = {2, 0}},
  start = "......... 3/3 b",
  drops = "first",
  row = 3,
}
