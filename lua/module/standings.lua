-- standings.lua — the text of matches and tournaments, in 80 columns:
-- results by colour, Elo with its margin, the pairs' pentanomial, the
-- solver's judgement of the moves, the SPRT's verdict; a tournament's
-- ratings, cross-table and breakdown by variant (by colour where the
-- start is not a draw); and the names of variants by what they are.
local M, _, shared = ...

local NAME = 16 -- columns of a player's name in the tables
local CROSS_MAX = 8 -- players a printed cross-table has room for

-- --- variants by what they are ---

local RULES = {"flank", "adjacent_enemy", "misere", "repetition", "max_plies"}

-- The words for rule key at value x.
local function rule_words(key, x)
  if key == "flank" then
    return x == "always" and "flank rule" or x == "never" and "no flank rule"
           or string.format("flank rule for %d plies", x)
  elseif key == "adjacent_enemy" then
    return x and "adjacent-enemy rule" or "no adjacent-enemy rule"
  elseif key == "misere" then
    return x and "misère" or "not misère"
  elseif key == "repetition" then
    return x == 0 and "no repetition draw" or string.format("drawn at %d repetitions", x)
  end
  return x == 0 and "no ply cap" or string.format("at most %d plies", x)
end

-- shared.variant_label(v): what a variant is, in words: its name,
-- "(hooked)" when Lua hooks make some of its rules, the board's arms, and
-- how its rules and start differ from what its name gives (when the name
-- is one that can be looked up).
function shared.variant_label(v)
  local p = v:parameters()
  local name = v.name
  local words = {name .. (v.hooked and " (hooked)" or ""), shared.size_text(v)}
  local ok, ref = false, nil
  if name:match("^[%w_%-]+$") then
    ok, ref = pcall(M.variant, p.arms and {base = name, arms = p.arms} or name)
  end
  if ok then
    local q = ref:parameters()
    for _, key in ipairs(RULES) do
      if p[key] ~= q[key] then words[#words + 1] = rule_words(key, p[key]) end
    end
    if tostring(v.start) ~= tostring(ref.start) then
      words[#words + 1] = "from " .. tostring(v.start)
    end
  end
  return table.concat(words, ", ")
end

-- --- numbers ---

-- The columns text takes on a terminal (its UTF-8 characters).
local function width(text) return utf8.len(text) or #text end

-- A name in at most NAME columns: a longer one loses its middle
-- ("alphabeta…depth-2").
local function short(name)
  name = tostring(name)
  if width(name) <= NAME then return name end
  local head = NAME // 2
  local tail = NAME - head - 1
  local cut = utf8.len(name) and utf8.offset(name, head + 1) or head + 1
  local back = utf8.len(name) and utf8.offset(name, -tail) or #name - tail + 1
  return name:sub(1, cut - 1) .. "…" .. name:sub(back)
end

-- A name as a cell of the tables: NAME columns, padded.
local function cell(name)
  local text = short(name)
  return text .. string.rep(" ", NAME - width(text))
end

-- An Elo figure: "+31.4", "-inf".
local function elo_text(x)
  if x == math.huge then return "+inf" end
  if x == -math.huge then return "-inf" end
  if x == 0 then return "+0.0" end -- and not "-0.0"
  return string.format("%+.1f", x)
end

-- A margin: "10.2", "inf".
local function margin_text(x)
  return x == math.huge and "inf" or string.format("%.1f", x)
end

-- Wins-losses-draws: "6-15-79".
local function wld(t) return string.format("%d-%d-%d", t.wins, t.losses, t.draws) end

-- A percentage: "0.4%".
local function percent(x) return string.format("%.1f%%", 100 * x) end

-- --- matches ---

-- The lines of the judged figures of sides (each {name, judged}).
local function judged_lines(lines, sides)
  lines[#lines + 1] = string.format("  %-16s %7s %9s %13s %16s", "judged by solver", "moves",
                                    "blunders", "inaccuracies", "plies lost/move")
  for _, s in ipairs(sides) do
    local j = s.judged
    lines[#lines + 1] = string.format("  %s %7d %9d %13d %16.3f", cell(s.name), j.moves,
                                      j.blunders, j.inaccuracies, j.distance_lost)
  end
end

-- The line of an SPRT's verdict.
local function sprt_line(t, games)
  local head = string.format("  SPRT elo0 %g, elo1 %g (%s, alpha %g, beta %g): ", t.elo0,
                             t.elo1, t.model, t.alpha, t.beta)
  local verdict = t.result and string.format("%s accepted after %d games", t.result, games)
                  or string.format("undecided after %d games", games)
  return head .. verdict, string.format("    LLR %.2f, bounds %.2f and %.2f", t.llr,
                                        t.lower, t.upper)
end

-- The openings of a match in a few words: "12 openings of 4 plies".
local function openings_words(list)
  local low, high = math.huge, 0
  for _, g in ipairs(list) do low, high = math.min(low, g:ply()), math.max(high, g:ply()) end
  local plies = low == high and tostring(low) or low .. " to " .. high
  return string.format("%d opening%s of %s plies, each played by a pair of games", #list,
                       #list == 1 and "" or "s", plies)
end

-- A time control in words: "10+0.1 (base 10 s, increment 0.1 s)",
-- "0.1/move (0.1 s a move)".
local function clock_words(c)
  if c.movetime then
    return string.format("%s (%g s a move%s)", shared.clock_text(c), c.movetime,
                         c.margin > 0 and string.format(", margin %g s", c.margin) or "")
  end
  return string.format("%s (base %g s, increment %g s%s)", shared.clock_text(c), c.base,
                       c.increment, c.moves and string.format(", %d moves a period", c.moves)
                       or "")
end

-- The words of ending reasons that are not the rules': how a player can
-- lose a game it did not lose on the board.
local FORFEITS = {time = "on time", crash = "by a crash", hang = "by a hang",
                  ["illegal move"] = "by an illegal move", error = "by an error",
                  protocol = "by a protocol error", adjudicated = "by adjudication"}

-- The line of the games each side lost other than on the board (on time,
-- by a crash...), when there are any.
local function forfeit_lines(lines, m)
  local parts = {}
  for _, s in ipairs({m.a, m.b}) do
    local reasons = {}
    for reason in next, s.losses_by or {} do
      if FORFEITS[reason] then reasons[#reasons + 1] = reason end
    end
    table.sort(reasons)
    for _, reason in ipairs(reasons) do
      parts[#parts + 1] = string.format("%s %d %s", short(s.name), s.losses_by[reason],
                                        FORFEITS[reason])
    end
  end
  if #parts > 0 then
    lines[#lines + 1] = shared.wrap("  lost: " .. table.concat(parts, "; "), 79, "    ")
  end
end

-- shared.match_text(m): the text of a match's results.
function shared.match_text(m)
  local lines = {shared.wrap(string.format("%s vs %s: %d game%s of %s", m.a.name, m.b.name,
                                           m.games, m.games == 1 and "" or "s", m.variant),
                             79, "  ")}
  lines[#lines + 1] = string.format("  %-16s %6s %5s %6s %5s  %-11s %s", "player",
                                    "points", "won", "lost", "drawn", "as black", "as white")
  for _, s in ipairs({m.a, m.b}) do
    lines[#lines + 1] = string.format("  %s %6.1f %5d %6d %5d  %-11s %s", cell(s.name),
                                      s.wins + s.draws / 2, s.wins, s.losses, s.draws,
                                      wld(s.as_black), wld(s.as_white))
  end
  local e = m.elo
  lines[#lines + 1] = string.format("  Elo of %s: %s ± %s, LOS %s, draws %s", short(m.a.name),
                                    elo_text(e.elo), margin_text(e.margin), percent(e.los),
                                    percent(e.draw_ratio))
  lines[#lines + 1] = string.format("    normalized Elo %s ± %s; from %s", elo_text(e.nelo),
                                    margin_text(e.nelo_margin), e.pairs and
                                    string.format("%d pair%s of games", e.pairs,
                                                  e.pairs == 1 and "" or "s")
                                    or "the games one by one")
  if m.pairs then
    local p = m.pairs
    lines[#lines + 1] = string.format("  pairs by %s's score 0, 1/4, 1/2, 3/4, 1: %d %d %d %d %d",
                                      short(m.a.name), p[1], p[2], p[3], p[4], p[5])
  end
  if m.a.judged then judged_lines(lines, {m.a, m.b}) end
  local l = m.lengths
  lines[#lines + 1] = string.format("  game length: %d to %d plies, mean %.1f", l.min, l.max,
                                    l.mean)
  forfeit_lines(lines, m)
  if m.clock then
    lines[#lines + 1] = "  clock " .. clock_words(m.clock)
  elseif m.controls then
    local parts = {}
    for _, x in ipairs({{m.a.name, m.controls.a}, {m.b.name, m.controls.b}}) do
      parts[#parts + 1] = short(x[1]) .. " " .. (x[2] and clock_words(x[2]) or "no clock")
    end
    lines[#lines + 1] = shared.wrap("  clocks: " .. table.concat(parts, "; "), 79, "    ")
  end
  if m.openings then lines[#lines + 1] = "  " .. openings_words(m.openings) end
  for _, w in ipairs(m.warnings or {}) do
    lines[#lines + 1] = shared.wrap("  warning: " .. w, 79, "    ")
  end
  if m.sprt then
    local verdict, bounds = sprt_line(m.sprt, m.games)
    lines[#lines + 1], lines[#lines + 2] = verdict, bounds
  end
  if m.interrupted then
    lines[#lines + 1] = string.format("  interrupted (Ctrl-C) after %d of %d games", m.games,
                                      m.planned)
  end
  if m.stopped then lines[#lines + 1] = shared.wrap("  stopped: " .. m.stopped, 79, "    ") end
  for _, err in ipairs(m.errors) do lines[#lines + 1] = shared.wrap("  error: " .. err, 79, "    ") end
  return table.concat(lines, "\n")
end

-- --- tournaments ---

-- The standings' lines.
local function standings_lines(lines, t)
  lines[#lines + 1] = string.format("  %-4s %-16s %6s %5s %4s %4s %5s %7s  %s", "rank",
                                    "player", "points", "games", "won", "lost", "drawn", "Elo",
                                    "95% interval")
  for i, s in ipairs(t.standings) do
    lines[#lines + 1] = string.format("  %-4d %s %6.1f %5d %4d %4d %5d %7s  [%s, %s]", i,
                                      cell(s.name), s.points, s.games, s.wins, s.losses, s.draws,
                                      elo_text(s.rating), elo_text(s.low), elo_text(s.high))
  end
  lines[#lines + 1] = "  Elo: Bradley-Terry maximum likelihood over every game, mean 0" ..
                      (t.virtual_draws and "," or "")
  if t.virtual_draws then
    lines[#lines + 1] = "  with one virtual draw a pairing (someone won or lost everything)"
  end
end

-- The cross-table's lines (when it fits).
local function cross_lines(lines, t)
  local n = #t.standings
  if n > CROSS_MAX then
    lines[#lines + 1] = "cross-table: in t.cross (too wide to print)"
    return
  end
  lines[#lines + 1] = "cross-table: points of the row's player against the column's" ..
                      (t.gauntlet and " (-: they did not meet)" or "")
  local head = {string.rep(" ", NAME + 5)}
  for c = 1, n do head[#head + 1] = string.format("%6d", c) end
  lines[#lines + 1] = table.concat(head)
  for r, s in ipairs(t.standings) do
    local row = {string.format("  %2d %s", r, cell(s.name))}
    for c = 1, n do
      local x = t.cross[r][c]
      row[#row + 1] = not x and "     ." or x.games == 0 and "     -" or
                      string.format("%6.1f", x.points)
    end
    lines[#lines + 1] = table.concat(row)
  end
end

-- The words for the value of a start: "a draw", "lost for black in 4".
local function start_words(s)
  if not s then return "start not solved" end
  if s.value == "draw" then return "start: a draw" end
  return string.format("start: %s for %s in %d", s.value == "win" and "won" or "lost", s.side,
                       s.distance)
end

-- The per-variant breakdown's lines: by colour where the start is not a
-- draw (or not known); just the variant when it is the only one and its
-- start a draw (the standings say the rest).
local function variant_lines(lines, t)
  local only = t.by_variant[1]
  if #t.by_variant == 1 and only.start and only.start.value == "draw" then
    lines[#lines + 1] = string.format("on %s (start: a draw)", only.variant)
    return
  end
  lines[#lines + 1] = "by variant:"
  for _, b in ipairs(t.by_variant) do
    local colours = not (b.start and b.start.value == "draw")
    lines[#lines + 1] = string.format("  %s (%s)%s", b.variant, start_words(b.start),
                                      colours and ", by colour" or "")
    for _, r in ipairs(b.rows) do
      if colours then
        lines[#lines + 1] = string.format("    %s %6.1f  as black %-11s as white %s",
                                          cell(r.name), r.points, wld(r.as_black), wld(r.as_white))
      else
        lines[#lines + 1] = string.format("    %s %6.1f  %s", cell(r.name), r.points,
                                          wld(r))
      end
    end
  end
end

-- shared.tournament_text(t): the standings and tables of a tournament.
function shared.tournament_text(t)
  local lines = {string.format("%s: %d players, %d games (%d a pairing on each " ..
                               "variant), seed %s", t.gauntlet and "gauntlet" or "tournament",
                               #t.standings, t.played, t.games, tostring(t.seed))}
  standings_lines(lines, t)
  cross_lines(lines, t)
  variant_lines(lines, t)
  if t.judge then judged_lines(lines, t.standings) end
  if t.interrupted then
    lines[#lines + 1] = "interrupted (Ctrl-C): the games played so far"
  end
  if t.stopped then lines[#lines + 1] = shared.wrap("stopped: " .. t.stopped, 79, "    ") end
  for i, m in ipairs(t.matches) do
    for _, err in ipairs(m.errors) do
      lines[#lines + 1] = shared.wrap(string.format("error: match %d: %s", i, err), 79, "    ")
    end
  end
  local said = {}
  for _, m in ipairs(t.matches) do
    for _, w in ipairs(m.warnings or {}) do
      if not said[w] then
        said[w] = true
        lines[#lines + 1] = shared.wrap("warning: " .. w, 79, "    ")
      end
    end
  end
  return table.concat(lines, "\n")
end
