-- A heuristic evaluation, in Lua, for the alpha-beta search in C: the
-- search calls eval(position, variant) at its leaves.  It weighs mobility
-- (a blocked side loses), the centre (the only point joined to every arm)
-- and traps (a side down to one move can be shut in next turn).  Its
-- weights are a table apart, given to eval as a third argument, so that
-- mt.tune can fit them to the solver's values (scripts/tools/tune.lua).

-- One unit is about a pawn in chess: mobility counts a tenth a move.
local weights = {mobility = 0.1, centre = 0.05, cornered = 0.3, cornering = 0.3}

-- eval(position, variant, w): the score for the side to move with the
-- weights w; positive is good.
local function eval(position, variant, w)
  local mine, theirs = variant:mobility(position)
  local score = w.mobility * (mine - theirs)
  local centre = position.centre
  if centre == position.side then
    score = score + w.centre
  elseif centre then
    score = score - w.centre
  end
  if mine == 1 then score = score - w.cornered end    -- one reply from being shut in
  if theirs == 1 then score = score + w.cornering end -- the opponent is
  if variant:parameters().misere then score = -score end
  return score
end

return {
  name = "heuristic",
  description = "alpha-beta in C with a Lua evaluation: mobility, centre, traps",
  engine = "alphabeta",
  options = {depth = 6, eval = function(position, variant)
    return eval(position, variant, weights)
  end},
  eval = eval,
  weights = weights,
}
