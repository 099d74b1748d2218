-- Ho-Bag Gonu (Korea: hobak gonu, "pumpkin gonu"; its history is
-- uncertain).
--
-- Board: a circle (the pumpkin) with four points on it, at the top, the
-- bottom, the left and the right, joined by a cross through its centre;
-- above and below it a short row of three points whose middle point is
-- joined to the nearest point of the circle.  The bottom row is Black's
-- home, the top row White's.  Eleven points, fourteen lines:
--
--     tl --- tm --- tr        (White's home)
--            |
--           cn
--         /  |  \
--      cw -- c -- ce
--         \  |  /
--           cs
--            |
--     bl --- bm --- br        (Black's home)
--
-- Pieces: three a side, each on its own home row; the five points of the
-- pumpkin are empty.  Black (Ludii's first player) moves first.
-- Move: one of one's pieces along a line to an adjacent empty point, but a
-- piece that has left its home may never go back into it, and a piece that
-- has entered the enemy's home may not leave it (it may still move along
-- that row).
-- End: a player who cannot move loses.
-- Compared with the others: the only one whose rules depend on where a
-- piece stands (home regions), and the largest board.
local HOMES = {black = {bl = true, bm = true, br = true},
               white = {tl = true, tm = true, tr = true}}
local ENEMY = {black = "white", white = "black"}

-- Home rows: never back into one's own, never out of the enemy's.
local function homes(position, move)
  local own, enemy = HOMES[position.side], HOMES[ENEMY[position.side]]
  if enemy[move.from] then return enemy[move.to] == true end
  return own[move.from] == true or not own[move.to]
end

return {
  name = "ho-bag-gonu",
  description = "Ho-Bag Gonu: 11 points, 3 pieces a side, home rows a piece never re-enters",
  source = "Ludii, Ho-Bag Gonu (after nol2i.com, hobak gonu)",
  points = {"tl", "tm", "tr", "cn", "cw", "c", "ce", "cs", "bl", "bm", "br"},
  lines = {"tl-tm", "tm-tr", "tm-cn", "cn-cw", "cn-ce", "cs-cw", "cs-ce",
           "c-cn", "c-cw", "c-ce", "c-cs", "cs-bm", "bl-bm", "bm-br"},
  layout = {tl = {0, 0}, tm = {2, 0}, tr = {4, 0}, cn = {2, 1}, cw = {1, 2},
            c = {2, 2}, ce = {3, 2}, cs = {2, 3}, bl = {0, 4}, bm = {2, 4},
            br = {4, 4}},
  start = "www.....bbb b",
  allow = homes,
}
