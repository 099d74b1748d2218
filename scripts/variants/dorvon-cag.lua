-- Dorvon Cag (Mongolian Dörvön cag, "the four seasons").
--
-- Board: a circle with four points evenly spaced on it and a point at its
-- centre; one diameter is drawn, through two of the four points and the
-- centre.  Five points, six lines (four arcs of the circle, two halves of
-- the diameter).  Beside it, each player's hand: the points bh1, bh2
-- (Black's) and wh1, wh2 (White's) hold the pieces not yet placed; a hand
-- point has a one-way line (an arrow) to every point of the board.
--
--                 n
--     bh1       / | \       wh1
--             w   c   e
--     bh2       \ | /       wh2
--                 s
--
-- Pieces: two a side, all in hand at the start; the board is empty.
-- Black (Ludii's first player) moves first.
-- Move: while a player has a piece in hand, the turn places one on any
-- empty point of the board (from bh1 before bh2, from wh1 before wh2); the
-- four placings alternate.  Once placed, a move takes one of one's pieces
-- along a line to the empty point.
-- End: a player who cannot move loses (Ludii: the player who blocks the
-- other wins, which comes to the same).
-- Compared with the others: Do Guti's placing (this script takes Do Guti
-- as its base for it: the same hand points, the same allow hook) on
-- another board of five points, where the centre has two lines instead of
-- four and two points of the circle (w, e) have only two each.
local arrows = {} -- from each hand point to each point of the board
for _, hand in ipairs{"bh1", "bh2", "wh1", "wh2"} do
  for _, point in ipairs{"n", "e", "s", "w", "c"} do arrows[#arrows + 1] = {hand, point} end
end

return {
  name = "dorvon-cag",
  description = "Dorvon Cag: a circle of four points and a diameter, two pieces a side placed in turn first",
  source = "Ludii, Dorvon Cag (after Popova 1974: 16-18)",
  base = "do-guti", -- its placing rule
  points = {"n", "e", "s", "w", "c", "bh1", "bh2", "wh1", "wh2"},
  lines = {"n-e", "e-s", "s-w", "w-n", "n-c", "c-s"},
  arrows = arrows,
  layout = {n = {1, 0}, e = {2, 1}, s = {1, 2}, w = {0, 1}, c = {1, 1},
            bh1 = {-1.5, 0.5}, bh2 = {-1.5, 1.5}, wh1 = {3.5, 0.5}, wh2 = {3.5, 1.5}},
  start = ".....bbww b",
}
