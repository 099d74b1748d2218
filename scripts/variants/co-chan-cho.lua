-- Co Chan Cho (Vietnam, Tonkin; a children's game drawn on the ground).
--
-- Board: a square with both diagonals, crossing at a centre point; the
-- bottom side is marked with an X and no piece may move along it.  Five
-- points and seven usable lines, Pong Hau K'i's board upside down:
--
--     tl ----- tr
--     | \     / |
--     |   c     |
--     | /     \ |
--     bl --x-- br     (x: bl-br is barred)
--
-- Pieces: two a side.  Black's start on the top corners, White's on the
-- bottom corners (the ends of the barred side); the centre is empty.
-- Black (Ludii's first player) moves first.
-- Move: one of one's pieces along a line (not the barred one) to the empty
-- point.
-- End: a player who cannot move loses.
-- Compared with the others: turned upside down this is oumoul-kono (the
-- player away from the barred side moves first).  An earlier Ludii ruleset
-- put one player on the left corners and the other on the right ("bw.bw
-- b"): that start is lost for the second player at once (Black plays bl-c
-- and White, on tr and br, cannot move), which the later ruleset, followed
-- here, no longer does.
return {
  name = "co-chan-cho",
  description = "Co Chan Cho: Pong Hau K'i's board upside down, the player away from the barred line first",
  source = "Ludii, Co Chan Cho (ruleset 1.3.12; after Son 1985: 44)",
  points = {"tl", "tr", "c", "bl", "br"},
  lines = {"tl-c", "tr-c", "bl-c", "br-c", "tl-tr", "tl-bl", "tr-br"},
  layout = {tl = {0, 0}, tr = {2, 0}, c = {1, 1}, bl = {0, 2}, br = {2, 2}},
  start = "bb.ww b",
}
