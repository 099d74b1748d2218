-- A rule that remembers: a piece may not move twice in a row while
-- another piece of its side can move.  The hook reads the history:
-- history[2] is the mover's own last move, so history[2].to is where the
-- tired piece stands.  (The plain "never twice in a row" is a forced win
-- for white in 2 plies: black's first piece goes to the centre, white
-- fills the arm it left, and black is blocked.)
local function other(side) return side == "black" and "white" or "black" end

-- True when a piece of the side to move other than the one on point tired
-- can move (under the standard rules, which are this variant's base).
local function another_can_move(p, tired)
  local n, side, enemy = p.arms, p.side, other(p.side)
  if p.empty == "c" then -- into the centre, beside an enemy piece
    for a = 1, n do
      if a ~= tired and p[a] == side
          and (p[a % n + 1] == enemy or p[(a - 2) % n + 1] == enemy) then
        return true
      end
    end
    return false
  end
  local e = p.empty -- along the ring, or out of the centre
  if tired ~= e % n + 1 and p[e % n + 1] == side then return true end
  if tired ~= (e - 2) % n + 1 and p[(e - 2) % n + 1] == side then return true end
  return tired ~= "c" and p.centre == side
end

return {
  name = "tired-piece",
  description = "a piece may not move twice in a row while another piece of its side can",
  base = "standard",
  history = 2,
  allow = function(position, move, history)
    local mine = history[2]
    if not mine or move.from ~= mine.to then return true end
    return not another_can_move(position, mine.to)
  end,
}
