-- Do Guti ("two pieces"; Punjab, in what is now Pakistan).
--
-- Board: Pong Hau K'i's: a square with both diagonals, crossing at a
-- centre point, one side (the top) not drawn.  Beside it, each player's
-- hand: the points bh1, bh2 (Black's) and wh1, wh2 (White's) hold the
-- pieces not yet placed.  A hand point has a one-way line (an arrow) to
-- every point of the board and none back, so a piece placed never returns.
--
--     bh1   tl       tr   wh1
--           | \     / |
--           |   c     |
--           | /     \ |
--     bh2   bl ----- br   wh2
--
-- Pieces: two a side, all in hand at the start; the board is empty.
-- Black (Ludii's first player) moves first.
-- Move: while a player has a piece in hand, the turn places one on any
-- empty point of the board (from bh1 before bh2, from wh1 before wh2: the
-- pieces are alike, so which one is placed does not matter); the four
-- placings alternate.  Once placed, a move takes one of one's pieces along
-- a line to the empty point.
-- End: a player who cannot move loses.
-- Compared with the others: Pong Hau K'i with the pieces placed first
-- instead of set; every position of Pong Hau K'i's board with Black to
-- move can follow the placing.
local HANDS = {black = {"bh1", "bh2"}, white = {"wh1", "wh2"}}

-- A side with pieces in hand places the first of them.
local function placing(position, move)
  for _, point in ipairs(HANDS[position.side]) do
    if position[point] then return move.from == point end
  end
  return true
end

local arrows = {} -- from each hand point to each point of the board
for _, hand in ipairs{"bh1", "bh2", "wh1", "wh2"} do
  for _, point in ipairs{"tl", "tr", "c", "bl", "br"} do arrows[#arrows + 1] = {hand, point} end
end

return {
  name = "do-guti",
  description = "Do Guti: Pong Hau K'i's board, the two pieces a side placed in turn first",
  source = "Ludii, Do Guti (after Das Gupta 1926: 143)",
  points = {"tl", "tr", "c", "bl", "br", "bh1", "bh2", "wh1", "wh2"},
  lines = {"tl-c", "tr-c", "bl-c", "br-c", "tl-bl", "tr-br", "bl-br"},
  arrows = arrows,
  layout = {tl = {0, 0}, tr = {2, 0}, c = {1, 1}, bl = {0, 2}, br = {2, 2},
            bh1 = {-1.5, 0}, bh2 = {-1.5, 2}, wh1 = {3.5, 0}, wh2 = {3.5, 2}},
  start = ".....bbww b",
  allow = placing,
}
