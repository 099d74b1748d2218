-- A heuristic evaluation, in Lua, for the alpha-beta search in C: the
-- search calls eval(position, variant) at its leaves.  It weighs mobility
-- (a blocked side loses), the centre (the only point joined to every arm)
-- and traps (a side down to one move can be shut in next turn).

-- eval(position, variant): the score for the side to move; positive is
-- good.  One unit is about a pawn in chess: mobility counts a tenth a move.
local function eval(position, variant)
  local mine, theirs = variant:mobility(position)
  local score = 0.1 * (mine - theirs)
  local centre = position.centre
  if centre == position.side then
    score = score + 0.05
  elseif centre then
    score = score - 0.05
  end
  if mine == 1 then score = score - 0.3 end   -- one reply from being shut in
  if theirs == 1 then score = score + 0.3 end -- the opponent is
  if variant:parameters().misere then score = -score end
  return score
end

return {
  name = "heuristic",
  description = "alpha-beta in C with a Lua evaluation: mobility, centre, traps",
  engine = "alphabeta",
  options = {depth = 6, eval = eval},
  eval = eval,
}
