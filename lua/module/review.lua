-- review.lua — Game:review(): every move of a game judged by the solver,
-- from its mover's view (the value before and after it, and a verdict),
-- with the game's value line drawn as text; and records that carry the
-- verdicts as comments (Game:record{annotate = true}).
local M, _, shared = ...

local Review = {}
Review.__index = Review
Review.__name = "mutorere.Review"
shared.classes = shared.classes or {}
shared.classes[#shared.classes + 1] = Review

local flip = {win = "loss", loss = "win", draw = "draw"}

-- The rank of a value for its side: higher is better (a win, sooner
-- first; a draw; a loss, later first).
local function rank(value, d)
  if value == "win" then return 3000 - d end
  if value == "loss" then return d end
  return 1000
end

-- shared.verdict_of(before, after, mine, ranks): the verdict on a move of
-- rank mine that leaves its mover a position worth after, played in a
-- position worth before, given the ranks of all its legal moves.
function shared.verdict_of(before, after, mine, ranks)
  if #ranks == 1 then return "forced" end
  if after.value ~= before.value then return "blunder" end
  local best, keeping = -1, 0
  for _, r in ipairs(ranks) do
    best = math.max(best, r)
    local value = r >= 2000 and "win" or r == 1000 and "draw" or "loss"
    if value == before.value then keeping = keeping + 1 end
  end
  if mine < best then return "inaccuracy" end
  if keeping == 1 and before.value ~= "loss" then return "only move" end
  return "best"
end

-- Judges the move of a game that stands at state (p, h), by solution s:
-- before and after are the values of the positions before and after it
-- for its mover.
local function judge(v, s, p, h, move)
  local before_value, before_d = shared.state_lookup(s, p, h)
  local entry = {move = move, side = p.side,
                 before = {value = before_value, distance = before_d}}
  local children, ranks, mine = shared.state_children(v, p, h), {}, nil
  for i, c in ipairs(children) do
    local value, d = shared.state_lookup(s, c.position, c.history)
    ranks[i] = rank(flip[value], d and d + 1)
    if c.move == move then
      entry.after, mine = {value = flip[value], distance = d}, ranks[i]
    end
  end
  local top = math.max(table.unpack(ranks))
  entry.best = {}
  for i, c in ipairs(children) do
    if ranks[i] == top then entry.best[#entry.best + 1] = c.move end
  end
  entry.choices = #ranks
  entry.verdict = shared.verdict_of(entry.before, entry.after, mine, ranks)
  return entry
end
shared.judge_move = judge -- (v, s, p, h, move): judged matches use it too

-- Game:review(): the moves played so far, each judged.
function M.Game:review()
  shared.check_self(M.type(self) == "Game", "review", "Game", self)
  local v = self:variant()
  local s = M.solve(v)
  local replay = shared.replay(self)
  local r = setmetatable({variant = v.name, start = self:start()}, Review)
  for i, move in ipairs(self:history()) do
    local p, h = shared.state_of(replay)
    local entry = judge(v, s, p, h, move)
    entry.ply = i
    r[i] = entry
    replay:redo()
  end
  r.result, r.reason = self:result()
  return r
end

-- "win in 3", "draw", "loss in 6", "lost" (the end, blocked).
function shared.value_text(x)
  if x.value == "draw" then return "draw" end
  if x.distance == 0 then return x.value == "win" and "won" or "lost" end
  return string.format("%s in %d", x.value, x.distance)
end

local LINE_HALF = 10 -- columns of the value line on each side of the middle

-- The value line's column (0 .. 2 * LINE_HALF) of a position worth x for
-- the side given: black's wins on the left, white's on the right, draws in
-- the middle; the sooner the end, the nearer the edge.
function shared.value_column(x, side)
  if x.value == "draw" then return LINE_HALF end
  local black_wins = (x.value == "win") == (side == "black")
  local offset = LINE_HALF - math.min(x.distance, LINE_HALF - 1)
  return black_wins and LINE_HALF - offset or LINE_HALF + offset
end

-- The value line's row for the position after a move: a dot on a rule.
local function line_row(column)
  local cells = {}
  for c = 0, 2 * LINE_HALF do
    cells[#cells + 1] = c == column and "●" or c == LINE_HALF and "│" or "·"
  end
  return table.concat(cells)
end

-- A summary of the verdicts: "1 blunder, 2 inaccuracies".
local function tally(r)
  local counts = {}
  for _, e in ipairs(r) do counts[e.verdict] = (counts[e.verdict] or 0) + 1 end
  local parts = {}
  for _, name in ipairs({"blunder", "inaccuracy"}) do
    local n = counts[name] or 0
    local plural = name == "inaccuracy" and "inaccuracies" or name .. "s"
    parts[#parts + 1] = string.format("%d %s", n, n == 1 and name or plural)
  end
  return table.concat(parts, ", ")
end

-- The review as text: a line a ply (number, mover, move, value before and
-- after for the mover, verdict) and the value line, in 76 columns.
function Review.__tostring(r)
  local lines = {
    string.format("%s from %s: %d pl%s, %s", r.variant, r.start, #r,
                  #r == 1 and "y" or "ies", tally(r)),
    string.format("%4s %-2s %-5s %-10s %-10s %-10s %s", "ply", "", "move",
                  "before", "after", "verdict",
                  "black" .. string.rep(" ", 2 * LINE_HALF - 9) .. "white"),
  }
  for _, e in ipairs(r) do
    lines[#lines + 1] = string.format("%4d %-2s %-5s %-10s %-10s %-10s %s",
      e.ply, e.side == "black" and "b" or "w", e.move,
      shared.value_text(e.before), shared.value_text(e.after), e.verdict,
      line_row(shared.value_column(e.after, e.side)))
  end
  if r.result then
    lines[#lines + 1] = string.format("     result: %s (%s)", r.result, r.reason)
  end
  return table.concat(lines, "\n")
end

-- The comment on a reviewed move: its verdict, and for a mistake what it
-- threw away and what was best.
local function comment(e)
  if e.verdict ~= "blunder" and e.verdict ~= "inaccuracy" then return e.verdict end
  return string.format("%s: %s, was %s; best %s", e.verdict,
                       shared.value_text(e.after), shared.value_text(e.before),
                       table.concat(e.best, " "))
end

-- The move list of a record with a comment after every move, in lines of
-- at most 78 columns; result closes it.
local function annotated_moves(r, white_first, result)
  local lines, line = {}, ""
  local function add(word)
    if line ~= "" and #line + 1 + #word > 78 then
      lines[#lines + 1] = line
      line = word
    else
      line = line == "" and word or line .. " " .. word
    end
  end
  for i, e in ipairs(r) do
    local ply = i - 1 + (white_first and 1 or 0)
    local number = ply // 2 + 1
    add((ply % 2 == 0 and number .. ". " or number .. "... ") .. e.move)
    add("{" .. comment(e) .. "}")
  end
  add(result)
  lines[#lines + 1] = line
  return table.concat(lines, "\n") .. "\n"
end

-- Game:record([tags]) with tags.annotate = true: the record with the
-- review's verdict as a comment after every move.
local record = M.Game.record
function M.Game:record(tags)
  if type(tags) ~= "table" or tags.annotate == nil then return record(self, tags) end
  local rest = {}
  for k, x in pairs(tags) do if k ~= "annotate" then rest[k] = x end end
  local text = record(self, rest)
  if not tags.annotate then return text end
  local head = text:match("^(.-\n)\n") or ""
  local result = text:match("(%S+)%s*$")
  local white_first = self:start():match("^%S+ (%a)") == "w"
  return head .. "\n" .. annotated_moves(self:review(), white_first, result)
end
