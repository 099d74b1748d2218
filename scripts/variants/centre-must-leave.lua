-- A rule written as a hook: a piece that stands in the centre must leave
-- it at once, so its owner's only moves are from the centre.
return {
  name = "centre-must-leave",
  description = "a piece in the centre must leave it on its owner's next turn",
  base = "standard",
  allow = function(position, move)
    if position.centre == position.side then return move.from == "c" end
    return true
  end,
}
