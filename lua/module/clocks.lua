-- clocks.lua — one game between two players, as matches and tournaments
-- play it: each move within its budget (mt.limit) and, with a time
-- control, its clock (base, increment, moves per period) — honoured by
-- every kind of player: C and Lua players are given a time to think and
-- are stopped when their clock runs out, outside engines get the clocks
-- in their go command; a move that comes too late loses on time.  A
-- player that fails, plays an illegal move or crashes loses the game with
-- its reason; with adjudication the solver ends a game once it is won.
local M, _, shared = ...

local DEFAULT_BUDGET = {time = 60, memory = 512 * 1024 * 1024}
local SLACK = 0.05 -- seconds the budget of a clocked move runs past the clock
local CLOCK_OPTIONS = {base = "number", increment = "number", moves = "integer",
                       margin = "number"}

-- shared.clock_option(spec, n, name): the time control of option clock of
-- argument n of function name: {base, increment, moves, margin} in
-- seconds (moves: per period, nil for the whole game), or nil.
function shared.clock_option(spec, n, name)
  if spec == nil then return nil end
  local o = shared.as_option(n, name, "clock", shared.options, spec, 1, "clock", CLOCK_OPTIONS)
  local function check(ok, key, want)
    shared.check_option(ok, n, name, "clock." .. key, want, o[key])
  end
  check(o.base ~= nil and o.base > 0 and o.base <= 1e6, "base", "a number of seconds above 0")
  check(o.increment == nil or o.increment >= 0 and o.increment <= 1e6, "increment",
        "a number of seconds from 0")
  check(o.moves == nil or o.moves >= 1 and o.moves <= 10000, "moves",
        "a whole number of moves from 1 to 10000")
  check(o.margin == nil or o.margin >= 0 and o.margin <= 60, "margin",
        "a number of seconds from 0 to 60")
  return {base = o.base, increment = o.increment or 0, moves = o.moves,
          margin = o.margin or 0}
end

-- shared.clock_text(c): a time control as cutechess writes it: "40/60+0.6",
-- "10+0.1", "5".
function shared.clock_text(c)
  local text = string.format("%g", c.base)
  if c.moves then text = c.moves .. "/" .. text end
  if c.increment > 0 then text = text .. string.format("+%g", c.increment) end
  return text
end

-- The clocks of a game: time left and moves made by each side.
local function new_clocks(c)
  return {black = {left = c.base, moves = 0}, white = {left = c.base, moves = 0}}
end

-- The moves left in the period of a side's clock t (nil: the game).
local function moves_to_go(c, t)
  return c.moves and c.moves - t.moves % c.moves or nil
end

-- The time a C or Lua player is given for a move with left seconds on
-- its clock: about a thirtieth (or its share of the moves to go) and half
-- the increment, never more than a tenth of what is left.
local function think_time(left, increment, togo)
  return math.max(0.001, math.min(left / 10, left / math.max(1, togo or 30) + increment / 2))
end

-- The limits of a move by the side to move under the clocks: time and a
-- stop at the end of its clock for C and Lua players; the clocks
-- themselves and a deadline for outside engines.
local function clock_limits(c, clocks, side, t0)
  local mine = clocks[side]
  local togo = moves_to_go(c, mine)
  local hard = t0 + mine.left + c.margin
  return {time = think_time(mine.left, c.increment, togo),
          stop = function() return M.clock() >= hard end,
          clock = {p1time = clocks.black.left, p2time = clocks.white.left, p1inc = c.increment,
                   p2inc = c.increment, movestogo = togo},
          deadline = mine.left + c.margin}
end

-- Charges a move that took elapsed seconds to side's clock: false when
-- that was more than it had (and the margin); else the increment, and a
-- new period's time when the period ends.
local function charge(c, clocks, side, elapsed)
  local t = clocks[side]
  if elapsed > t.left + c.margin then
    t.left = t.left - elapsed
    return false
  end
  t.left = math.max(0, t.left - elapsed) + c.increment
  t.moves = t.moves + 1
  if c.moves and t.moves % c.moves == 0 then t.left = t.left + c.base end
  return true
end

-- The budget of one move: the match's (false: none), its time cut to the
-- clock when there is one.
local function move_budget(budget, limits)
  if not limits then return budget end
  local b = {}
  for k, x in next, budget or {} do b[k] = x end
  b.time = math.min(b.time or math.huge, limits.deadline + SLACK)
  return b
end

-- The reason and message of a failed move by player (of side), err being
-- the error: an outside engine's own reason; a budget's time that ran out
-- is a loss on time under a clock, a hang of an outside engine without.
local function failure_of(player, side, err, limits)
  local reason = shared.failure_reason(err)
  local text = tostring(err)
  if not reason and text:find("^the time budget %(") then
    if limits then
      reason, text = "time", string.format("no move within the %.3f s left on its clock",
                                           limits.deadline)
    elseif player.outside then
      reason = "hang"
    end
  end
  return reason or "error", string.format("%s (%s): %s", player.name, side, text)
end

-- Asks the player of the side to move in g for its move within budget
-- (false: none) and the clocks' limits; returns true and the move, or
-- false and the error.
local function ask(player, g, budget, limits)
  if budget then return M.limit(budget, player.choose, player, g, limits) end
  return pcall(player.choose, player, g, limits)
end

-- The solver's verdict on g: the winner and the plies to the end when the
-- side to move wins or loses with perfect play, else nil.
local function adjudicated(s, g)
  local p, h = g:state()
  local value, distance = s:lookup(p, h)
  if value == "draw" then return nil end
  local side = g:turn()
  local other = side == "black" and "white" or "black"
  return value == "win" and side or other, distance
end

-- Ends record r: winner and reason (and message) unless already set.
local function ends(r, winner, reason, message)
  r.result, r.reason, r.error = winner, reason, message
end

-- shared.play_game(black, white, variant, start, cap, budget, extra):
-- one game between two Players from start (a position, or an opening: a
-- Game, which the game goes on from); returns its record {black, white,
-- result ("black", "white" or "draw"), reason, start, moves, plies,
-- error, clock, clocks, times, adjudicated} and the game.  Each move is
-- made within budget (see mt.limit; false: none; nil: 60 s and 512 MiB);
-- extra: {clock (shared.clock_option's), solution (adjudicate by it)}.
function shared.play_game(black, white, variant, start, cap, budget, extra)
  local g = M.type(start) == "Game" and start:copy() or M.game(variant, start)
  local players = {black = black, white = white}
  local r = {black = black.name, white = white.name, start = g:start()}
  if budget == nil then budget = DEFAULT_BUDGET end
  extra = extra or {}
  local c, s = extra.clock, extra.solution
  local clocks = c and new_clocks(c)
  if c then r.clock, r.times = c, {} end
  while not r.result and not g:result() and g:ply() < cap do
    local winner, distance
    if s then winner, distance = adjudicated(s, g) end
    if winner then
      ends(r, winner, "adjudicated")
      r.adjudicated = {winner = winner, distance = distance}
      break
    end
    local side = g:turn()
    local player = players[side]
    local ok, move = true, nil
    if player.outside then ok, move = pcall(shared.prepare_engine, player.outside, g) end
    local t0 = M.clock()
    local limits = c and clock_limits(c, clocks, side, t0)
    if ok then ok, move = ask(player, g, move_budget(budget, limits), limits) end
    local elapsed = M.clock() - t0
    if c then r.times[#r.times + 1] = elapsed end
    local other = side == "black" and "white" or "black"
    if not ok then
      ends(r, other, failure_of(player, side, move, limits))
    elseif c and not charge(c, clocks, side, elapsed) then
      ends(r, other, "time", string.format("%s (%s): lost on time (%.3f s for a move with " ..
                                           "%.3f s left)", player.name, side, elapsed,
                                           clocks[side].left + elapsed))
    else
      local played, why = pcall(g.play, g, move)
      if not played then
        ends(r, other, "illegal move", string.format("%s (%s): %s", player.name, side,
                                                     shared.reason(why)))
      end
    end
    if r.result and r.reason ~= "blocked" and player.outside then
      shared.kill_engine(player.outside)
    end
  end
  if not r.result then
    r.result, r.reason = g:result()
    if not r.result then r.result, r.reason = "draw", "ply cap" end
  end
  if c then r.clocks = {black = clocks.black.left, white = clocks.white.left} end
  r.moves = g:history()
  r.plies = #r.moves
  return r, g
end
