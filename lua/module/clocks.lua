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
local MOVETIME_AIM = 0.9 -- of a fixed time a move, what a C or Lua player is given
local CLOCK_OPTIONS = {base = "number", increment = "number", moves = "integer",
                       margin = "number", movetime = "number"}

-- shared.clock_option(spec, n, name): the time control of option clock of
-- argument n of function name: {base, increment, moves, margin} in
-- seconds (moves: per period, nil for the whole game), or {movetime,
-- margin} (a fixed time for each move, cutechess's st); nil for none.
function shared.clock_option(spec, n, name)
  if spec == nil or spec == false then return nil end
  local o = shared.as_option(n, name, "clock", shared.options, spec, 1, "clock", CLOCK_OPTIONS)
  local function check(ok, key, want)
    shared.check_option(ok, n, name, "clock." .. key, want, o[key])
  end
  check(o.margin == nil or o.margin >= 0 and o.margin <= 60, "margin",
        "a number of seconds from 0 to 60")
  if o.movetime ~= nil then
    check(o.base == nil and o.increment == nil and o.moves == nil, "movetime",
          "alone (a time for each move, not with base, increment or moves)")
    check(o.movetime > 0 and o.movetime <= 1e6, "movetime", "a number of seconds above 0")
    return {movetime = o.movetime, margin = o.margin or 0}
  end
  check(o.base ~= nil and o.base > 0 and o.base <= 1e6, "base", "a number of seconds above 0")
  check(o.increment == nil or o.increment >= 0 and o.increment <= 1e6, "increment",
        "a number of seconds from 0")
  check(o.moves == nil or o.moves >= 1 and o.moves <= 10000, "moves",
        "a whole number of moves from 1 to 10000")
  return {base = o.base, increment = o.increment or 0, moves = o.moves,
          margin = o.margin or 0}
end

-- 1 when two clocks (as clock_option gives them, or nil) are the same.
local function same_clock(a, b)
  if a == nil or b == nil then return a == b end
  for _, k in ipairs({"base", "increment", "moves", "margin", "movetime"}) do
    if a[k] ~= b[k] then return false end
  end
  return true
end
shared.same_clock = same_clock

-- shared.clocks_option(spec, count, n, name): the time controls of the
-- count players of option clock of argument n of function name: one clock
-- for all, or a list of count, one a player in order (false: none);
-- returns the list (nil entries for none) and the clock they share (nil
-- when they differ or there is none).
function shared.clocks_option(spec, count, n, name)
  if spec == nil then return {}, nil end
  local list = {}
  if type(spec) == "table" and rawget(spec, 1) ~= nil then
    shared.check_option(#spec == count, n, name, "clock",
                        string.format("a clock, or a list of %d (one a player, false for none)",
                                      count), spec)
    for i = 1, count do list[i] = shared.clock_option(spec[i], n, name) end
  else
    local c = shared.clock_option(spec, n, name)
    for i = 1, count do list[i] = c end
  end
  local shared_clock = list[1]
  for i = 2, count do
    if not same_clock(list[i], shared_clock) then shared_clock = nil end
  end
  return list, shared_clock
end

-- shared.clock_text(c): a time control as cutechess writes it: "40/60+0.6",
-- "10+0.1", "5"; "0.1/move" for a fixed time a move.
function shared.clock_text(c)
  if c.movetime then return string.format("%g/move", c.movetime) end
  local text = string.format("%g", c.base)
  if c.moves then text = c.moves .. "/" .. text end
  if c.increment > 0 then text = text .. string.format("+%g", c.increment) end
  return text
end

-- The clocks of a game, by side: {c (its control), left (seconds), moves
-- (made)}, for each side with a control in controls {black, white}.
local function new_clocks(controls)
  local t = {}
  for _, side in ipairs({"black", "white"}) do
    local c = controls[side]
    if c then t[side] = {c = c, left = c.movetime or c.base, moves = 0} end
  end
  return t
end

-- The moves left in the period of a side's clock t (nil: the game).
local function moves_to_go(t)
  local c = t.c
  return c.moves and c.moves - t.moves % c.moves or nil
end

-- The time a C or Lua player is given for a move with left seconds on
-- its clock: about a thirtieth (or its share of the moves to go) and half
-- the increment, never more than a tenth of what is left.
local function think_time(left, increment, togo)
  return math.max(0.001, math.min(left / 10, left / math.max(1, togo or 30) + increment / 2))
end

-- The seconds left on clock t and its increment, for a go command (nil
-- for none, or a fixed time a move).
local function clock_left(t)
  if t and not t.c.movetime then return t.left, t.c.increment end
end

-- The limits of a move by the side to move under its clock: time and a
-- stop at the end of it for C and Lua players; the clocks themselves (or
-- the move time) and a deadline for outside engines.  A fixed time a
-- move: MOVETIME_AIM of it to think, the margin past it to answer.
local function clock_limits(clocks, side, t0)
  local mine = clocks[side]
  local c = mine.c
  if c.movetime then
    local hard = t0 + c.movetime + c.margin
    return {time = math.max(0.001, c.movetime * MOVETIME_AIM), movetime = c.movetime,
            stop = function() return M.clock() >= hard end, deadline = c.movetime + c.margin}
  end
  local togo = moves_to_go(mine)
  local hard = t0 + mine.left + c.margin
  local p1time, p1inc = clock_left(clocks.black)
  local p2time, p2inc = clock_left(clocks.white)
  return {time = think_time(mine.left, c.increment, togo),
          stop = function() return M.clock() >= hard end,
          clock = {p1time = p1time, p2time = p2time, p1inc = p1inc, p2inc = p2inc,
                   movestogo = togo},
          deadline = mine.left + c.margin}
end

-- Charges a move that took elapsed seconds to side's clock: false when
-- that was more than it had (and the margin), its clock then what it had
-- less what the move took; else the increment, and a new period's time
-- when the period ends (a fixed time a move: that time again).
local function charge(clocks, side, elapsed)
  local t = clocks[side]
  local c = t.c
  t.moves = t.moves + 1
  if elapsed > t.left + c.margin then
    t.left = t.left - elapsed
    return false
  end
  if c.movetime then
    t.left = c.movetime
    return true
  end
  t.left = math.max(0, t.left - elapsed) + c.increment
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

-- Ends record r: winner and reason (and message).
local function ends(r, winner, reason, message)
  r.result, r.reason, r.error = winner, reason, message
end

-- The score of a move in centipawns, from the mover's side, that what
-- its player found says (a mate: ±inf); nil when it says none.
local function centipawns(found)
  if type(found) ~= "table" then return nil end
  local mate, score = found.mate, found.score
  if type(mate) == "number" and mate == mate and mate ~= 0 then
    return mate > 0 and math.huge or -math.huge
  end
  if type(score) == "number" and score == score then return score * 100 end
end

-- The runs of scores that adjudication by the players' scores reads: the
-- plies in a row whose mover's score was within the draw score, and by
-- side the moves in a row it scored at or below −score (low) and at or
-- above score (high) of the resign rule.
local function new_runs()
  return {draw = 0, low = {black = 0, white = 0}, high = {black = 0, white = 0}}
end

-- The verdict of adjudication by scores (rules: {draw, resign}, as the
-- match options give them) after side's move that scored cp in game g:
-- the winner ("draw" for a draw), or nil.
local function score_verdict(rules, runs, side, cp, g)
  local other = side == "black" and "white" or "black"
  local d, q = rules.draw, rules.resign
  if d then
    runs.draw = cp and math.abs(cp) <= d.score and runs.draw + 1 or 0
    if runs.draw >= 2 * d.movecount and g:ply() // 2 >= d.movenumber then return "draw" end
  end
  if q then
    runs.low[side] = cp and cp <= -q.score and runs.low[side] + 1 or 0
    runs.high[side] = cp and cp >= q.score and runs.high[side] + 1 or 0
    for _, loser in ipairs({side, other}) do
      local winner = loser == "black" and "white" or "black"
      if runs.low[loser] >= q.movecount and (not q.twosided or runs.high[winner] >= q.movecount) then
        return winner
      end
    end
  end
end

-- shared.play_game(black, white, variant, start, cap, budget, extra):
-- one game between two Players from start (a position, or an opening: a
-- Game, which the game goes on from); returns its record {black, white,
-- result ("black", "white" or "draw"), reason, start, moves, plies,
-- error, clock, controls, clocks, times, adjudicated} and the game.  Each
-- move is made within budget (see mt.limit; false: none; nil: 60 s and
-- 512 MiB); extra: {controls = {black, white} (each a shared.clock_option
-- or nil), solution (adjudicate by it), scores = {draw, resign}
-- (adjudicate by the players' scores)}.
function shared.play_game(black, white, variant, start, cap, budget, extra)
  local g = M.type(start) == "Game" and start:copy() or M.game(variant, start)
  local players = {black = black, white = white}
  local r = {black = black.name, white = white.name, start = g:start()}
  if budget == nil then budget = DEFAULT_BUDGET end
  extra = extra or {}
  local controls, s, rules = extra.controls or {}, extra.solution, extra.scores
  local timed = controls.black or controls.white
  local clocks = new_clocks(controls)
  local runs = rules and new_runs()
  if timed then
    r.controls, r.times = {black = controls.black, white = controls.white}, {}
    if shared.same_clock(controls.black, controls.white) then r.clock = controls.black end
  end
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
    local ok, move, found = true, nil, nil
    if player.outside then ok, move = pcall(shared.prepare_engine, player.outside, g) end
    local t0 = M.clock()
    local limits = clocks[side] and clock_limits(clocks, side, t0)
    if ok then ok, move, found = ask(player, g, move_budget(budget, limits), limits) end
    local elapsed = M.clock() - t0
    if timed then r.times[#r.times + 1] = elapsed end
    local other = side == "black" and "white" or "black"
    if not ok then
      if clocks[side] then clocks[side].left = clocks[side].left - elapsed end -- what it spent
      ends(r, other, failure_of(player, side, move, limits))
    elseif clocks[side] and not charge(clocks, side, elapsed) then
      ends(r, other, "time", string.format("%s (%s): lost on time (%.3f s for a move with " ..
                                           "%.3f s left)", player.name, side, elapsed,
                                           clocks[side].left + elapsed))
    else
      local played, why = pcall(g.play, g, move)
      if not played then
        ends(r, other, "illegal move", string.format("%s (%s): %s", player.name, side,
                                                     shared.reason(why)))
      elseif rules and not g:result() then
        local verdict = score_verdict(rules, runs, side, centipawns(found), g)
        if verdict then
          ends(r, verdict, "adjudicated")
          r.adjudicated = {winner = verdict, by = "score"}
        end
      end
    end
    if r.result and r.reason ~= "blocked" and r.reason ~= "adjudicated" and player.outside then
      shared.kill_engine(player.outside)
    end
  end
  if not r.result then
    r.result, r.reason = g:result()
    if not r.result then r.result, r.reason = "draw", "ply cap" end
  end
  if timed then
    r.clocks = {black = clocks.black and clocks.black.left, white = clocks.white and clocks.white.left}
  end
  r.moves = g:history()
  r.plies = #r.moves
  return r, g
end
