-- Four Field Kono (Korea: Net Kono): sixteen points in a square of four
-- rows, joined along rows and columns.
--
--     a4 --- b4 --- c4 --- d4     white
--     |      |      |      |
--     a3 --- b3 --- c3 --- d3     white
--     |      |      |      |
--     a2 --- b2 --- c2 --- d2     black
--     |      |      |      |
--     a1 --- b1 --- c1 --- d1     black
--
-- Pieces: eight a side, black on rows 1 and 2, white on rows 3 and 4;
-- the board is full.  Black moves first.
-- Move: a piece slides along a line to the next point, which must be
-- empty; or it captures: it jumps over the next piece along a line, one
-- of its own side's, onto the point just beyond in the same straight
-- line, which holds an enemy piece; that piece is taken off.  Captures
-- are not compulsory.  (At the start no point is empty: black's first
-- move must capture.)
-- End: a side that cannot move on its turn (blocked, or with no pieces
-- left) loses.
-- Source: Stewart Culin, Korean Games (1895); R. C. Bell, Board and Table
-- Games from Many Civilizations (1960); Ludii, Four Field Kono.
return {
  name = "four-field-kono",
  description = "Four Field Kono: slide, or capture by jumping over your own piece onto an enemy",
  source = "Culin, Korean Games (1895); Bell (1960); Ludii, Four Field Kono",
  points = {"a1", "b1", "c1", "d1", "a2", "b2", "c2", "d2",
            "a3", "b3", "c3", "d3", "a4", "b4", "c4", "d4"},
  lines = {"a1-b1", "b1-c1", "c1-d1", "a2-b2", "b2-c2", "c2-d2",   -- rows
           "a3-b3", "b3-c3", "c3-d3", "a4-b4", "b4-c4", "c4-d4",
           "a1-a2", "a2-a3", "a3-a4", "b1-b2", "b2-b3", "b3-b4",   -- columns
           "c1-c2", "c2-c3", "c3-c4", "d1-d2", "d2-d3", "d3-d4"},
  layout = {a1 = {0, 3}, b1 = {1, 3}, c1 = {2, 3}, d1 = {3, 3},
            a2 = {0, 2}, b2 = {1, 2}, c2 = {2, 2}, d2 = {3, 2},
            a3 = {0, 1}, b3 = {1, 1}, c3 = {2, 1}, d3 = {3, 1},
            a4 = {0, 0}, b4 = {1, 0}, c4 = {2, 0}, d4 = {3, 0}},
  start = "bbbbbbbbwwwwwwww b",
  jumps = {over = "own", onto = "enemy"},
}
