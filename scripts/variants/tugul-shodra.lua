-- Tugul Shodra ("calves' chess"; Tuvinian children, Siberia).
--
-- Board: three vertical lines, crossed by two horizontal lines through
-- their tops and their midpoints; the bottom ends stay apart.  Nine points,
-- ten lines (Ludii's coordinates: a-c left to right, 1-3 bottom to top):
--
--     a3 - b3 - c3
--     |    |    |
--     a2 - b2 - c2
--     |    |    |
--     a1   b1   c1
--
-- Pieces: three a side, each side on one outer vertical line: White's on
-- the right (c), Black's on the left (a); the middle line is empty.  White
-- moves first: in Averbakh's account the first player has the white
-- stones, and Ludii's first player starts on the right.  Mirrored left to
-- right the start is itself with the colours swapped, so which colour
-- moves first cannot matter.
-- Move: one of one's pieces along a line to an adjacent empty point (three
-- points are empty, so a piece may have several).
-- End: a player who cannot move loses.
-- Compared with the others: the only one with more than one empty point,
-- and no centre joined to everything.
return {
  name = "tugul-shodra",
  description = "Tugul Shodra: 9 points, 3 pieces a side, 3 empty points",
  source = "Ludii, Tugul Shodra (after Averbakh 1995: 20)",
  points = {"a3", "b3", "c3", "a2", "b2", "c2", "a1", "b1", "c1"},
  lines = {"a3-b3", "b3-c3", "a2-b2", "b2-c2",
           "a3-a2", "a2-a1", "b3-b2", "b2-b1", "c3-c2", "c2-c1"},
  layout = {a3 = {0, 0}, b3 = {1, 0}, c3 = {2, 0}, a2 = {0, 1}, b2 = {1, 1},
            c2 = {2, 1}, a1 = {0, 2}, b1 = {1, 2}, c1 = {2, 2}},
  start = "b.wb.wb.w w",
}
