-- Pong Hau K'i (China), the smallest game of the family.
--
-- Board: a square with both diagonals, which cross at a centre point, and
-- one side of the square not drawn: five points, seven lines.  Ludii draws
-- the missing side at the top:
--
--     tl       tr
--     | \     / |
--     |   c     |
--     | /     \ |
--     bl ----- br
--
-- Pieces: two a side.  Black's start on the two corners at the ends of the
-- missing side (tl, tr), White's on the other two corners; the centre is
-- empty.  Black (Ludii's first player) moves first.
-- Move: one of one's pieces along a line to the empty point; as there is
-- only ever one empty point, a player has at most two moves.
-- End: a player who cannot move loses.
-- Compared with the others: Oumoul Kono is this board with White on these
-- corners; Co Chan Cho gives each player one end of the missing side; Do
-- Guti is this board with the pieces placed first.
return {
  name = "pong-hau-ki",
  description = "Pong Hau K'i: 5 points, 2 pieces a side, one side of the square missing",
  source = "Ludii, Pong Hau K'i (rules 'Placed', after Culin 1895: 101)",
  points = {"tl", "tr", "c", "bl", "br"},
  lines = {"tl-c", "tr-c", "bl-c", "br-c", "tl-bl", "tr-br", "bl-br"},
  layout = {tl = {0, 0}, tr = {2, 0}, c = {1, 1}, bl = {0, 2}, br = {2, 2}},
  start = "bb.ww b",
}
