-- The first-move rule written as a Lua hook instead of a parameter: on ply
-- 0 a piece may go to the centre only with an enemy piece beside it.  It
-- plays exactly like "first-move", only slower; it shows how a hook that
-- reads the ply says for how long it does (opening_plies), so that the
-- solver keeps the ply in the state only while it matters.
local function enemy_beside(position, arm)
  local enemy = position.side == "black" and "white" or "black"
  local n = position.arms
  return position[arm % n + 1] == enemy or position[(arm - 2) % n + 1] == enemy
end

return {
  name = "first-move-hook",
  description = "the first-move rule as a hook (plays as first-move)",
  base = "no-restriction",
  opening_plies = 1,
  allow = function(position, move)
    if position.ply > 0 or move.to ~= "c" then return true end
    return enemy_beside(position, move.from)
  end,
}
