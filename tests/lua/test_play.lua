-- test_play.lua — the play page (mt.html of a variant, or of a game with
-- {play = true}) as text: its graph decoded here, by a decoder of its own,
-- and compared state by state with a naive walk of the rules and the
-- solver; its size; what it refuses; what it escapes.  The page in a real
-- browser: test_play_browser.lua.

local mt = require "mutorere"

-- --- reading the page back ---

-- The text of the page's data element, and a field of it (number or
-- string; the data is JSON written by the module).
local function data_of(page)
  return assert(page:match('<script type="application/json" id="play%-data">(.-)</script>'),
                "the data element")
end

local function field(data, name, optional)
  local text = data:match('"' .. name .. '":("[^"]*")') or data:match('"' .. name .. '":([%-%d]+)')
  if optional and not text then return nil end
  assert(text, "no field " .. name)
  if text:sub(1, 1) == '"' then return text:sub(2, -2) end
  return math.tointeger(tonumber(text))
end

local B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

-- The value of each base64 digit, by its byte.
local VALUE = {}
for i = 1, #B64 do VALUE[B64:byte(i)] = i - 1 end

-- The bytes of a base64 text, as a list of integers: four digits make
-- three bytes; the last group, padded with "=", two or one.
local function unbase64(text)
  local bytes, n = {}, 0
  eq(#text % 4, 0, "base64 in groups of four")
  for i = 1, #text, 4 do
    local a, b, c, d = text:byte(i, i + 3)
    local pad = (c == 61 and 1 or 0) + (d == 61 and 1 or 0) -- "="
    if pad > 0 then
      assert(i + 3 == #text and d == 61, "padding only at the end: " .. text:sub(i, i + 3))
      c, d = c == 61 and 65 or c, 65 -- (as "A": no bits)
    end
    local x = assert(VALUE[a] and VALUE[b] and VALUE[c] and VALUE[d] and
                     VALUE[a] << 18 | VALUE[b] << 12 | VALUE[c] << 6 | VALUE[d],
                     "not base64: " .. text:sub(i, i + 3))
    bytes[n + 1], bytes[n + 2], bytes[n + 3] = x >> 16, x >> 8 & 255, x & 255
    n = n + 3 - pad
  end
  for k = n + 1, #bytes do bytes[k] = nil end
  return bytes
end

-- The names of a page's points: on the wheel (format 1, or 2 for a game
-- that drops or takes) "1" .. "N" and "c", on a board of points (format
-- 2) the list in the data; the format; whether the board is the wheel.
local function names_of(data)
  local format = field(data, "format")
  local names = {}
  if format == 1 or field(data, "arms", true) then
    for i = 1, field(data, "arms") do names[i] = tostring(i) end
    names[#names + 1] = "c"
  else
    eq(format, 2, "the format")
    local list = assert(data:match('"points":%[(.-)%]'), "the points")
    for name in list:gmatch('"([^"]*)"') do names[#names + 1] = name end
  end
  return names, format, field(data, "arms", true) ~= nil
end

-- The cells ("b", "w", ".") of a wheel's board code, arms then the centre,
-- and the side to move.
local function wheel_cells(code, n)
  local side, rest = code % 2, code // 2
  local empty, colours = rest % (n + 1), rest // (n + 1)
  local cells = {}
  for j = 0, n do
    if j == empty then
      cells[#cells + 1] = "."
    else
      cells[#cells + 1] = colours & 1 == 1 and "b" or "w"
      colours = colours >> 1
    end
  end
  return cells, side
end

local REASON = {[0] = "blocked", "rule", "row"} -- a state's end code
local DIGITS = {[0] = ".", "b", "w"} -- a point's base-3 digit

-- The states of a page's graph, decoded as doc/api.md (and play.js) say:
-- {text, cells, value, distance, kids (numbers, 1-based), reason}; and the
-- names of the points.  A board of points' varints are checked to stay
-- below 2^53, where JavaScript's numbers are exact.
local function decode(page)
  local data = data_of(page)
  local names, format, wheel = names_of(data)
  local count, n, hands = field(data, "states"), #names, field(data, "hands", true)
  local bytes, at = unbase64(field(data, "graph")), 1
  local function varint()
    local x, shift = 0, 0
    repeat
      local b = assert(bytes[at], "the graph is cut short")
      at = at + 1
      x = x | (b & 127) << shift
      shift = shift + 7
    until b < 128
    return x
  end
  local states = {}
  for i = 1, count do
    local cells, side = {}, nil
    if format == 1 then
      cells, side = wheel_cells(varint(), n - 1)
    else
      for first = 1, n, 32 do
        local x = varint()
        check(x < 1 << 53, "a varint of a board beyond 2^53")
        if first == 1 then side, x = x % 2, x // 2 end
        for _ = first, math.min(first + 31, n) do
          cells[#cells + 1] = DIGITS[x % 3]
          x = x // 3
        end
        eq(x, 0, "no digit beyond the points")
      end
    end
    local held = hands and varint() or 0
    local code, k = varint(), varint()
    local text = table.concat(cells)
    if wheel then text = text:sub(1, n - 1) .. "/" .. text:sub(n) end
    if held > 0 then text = string.format("%s %d/%d", text, held % hands, held // hands) end
    local s = {text = text .. " " .. (side == 1 and "w" or "b"), cells = cells, kids = {}}
    if code == 0 then s.value = "draw"
    else s.value, s.distance = code % 2 == 1 and "loss" or "win", (code - 1) // 2 end
    if k == 0 then s.reason = assert(REASON[varint()], "an end code") end
    for j = 1, k do
      local z = varint()
      s.kids[j] = i + (z % 2 == 1 and -(z + 1) // 2 or z // 2)
    end
    states[i] = s
  end
  eq(at, #bytes + 1, "the whole graph read")
  return states, names
end

-- The text of the move between two decoded states, as the engine writes
-- it in full: the point the mover's piece leaves (or "@" for a drop),
-- the point it goes to (a dash between), "x" and each point whose enemy
-- piece went; "pass" when no piece of the mover's arrives.
local function move_between(names, from_state, to_state)
  local from, to, taken = nil, nil, {}
  local mover = from_state.text:match("(%a)$")
  for j, name in ipairs(names) do
    local before, after = from_state.cells[j], to_state.cells[j]
    if before == mover and after ~= mover then from = name end
    if before ~= mover and after == mover then to = name end
    if before ~= "." and before ~= mover and after ~= before then taken[#taken + 1] = "x" .. name end
  end
  if not to then return "pass" end
  return (from and from .. "-" or "@") .. to .. table.concat(taken)
end

-- A Move's text in full, from its fields: from and to, a dash between
-- ("@" and to for a drop), "x" and each point taken in the board's order;
-- "pass".
local function full_text(names, m)
  if m.kind == "pass" then return "pass" end
  local order, taken = {}, {}
  for j, name in ipairs(names) do order[name] = j end
  for _, point in ipairs(m.take) do taken[#taken + 1] = tostring(point) end
  table.sort(taken, function(a, b) return order[a] < order[b] end)
  local text = (m.from and m.from .. "-" or "@") .. m.to
  for _, point in ipairs(taken) do text = text .. "x" .. point end
  return text
end

-- --- the naive side ---

-- A state's key, written here again: the board and side, the ply while
-- the rules read it, the moves the rules remember.
local function naive_key(v, p, h)
  local parts = {(tostring(p):gsub(" %d+$", "")), tostring(math.min(p.ply, v.opening))}
  for i = 1, math.min(#h, v.history) do parts[#parts + 1] = tostring(h[i]) end
  return table.concat(parts, " ")
end

-- Compares the decoded graph of page with the rules and the solver, from
-- state (p, h): every state once, its board, value, distance, end, and
-- its moves in the variant's order to the right states.  Returns the
-- number of states and the tallies of their values.
local function compare(page, v, p0, h0)
  local states, names = decode(page)
  local s = mt.solve(v)
  local engine, key_of = {[1] = {p0, h0 or {}}}, {}
  key_of[naive_key(v, p0, h0 or {})] = 1
  local tally, bad = {win = 0, loss = 0, draw = 0}, 0
  local function fail(message)
    bad = bad + 1
    if bad <= 5 then check(false, message) end
  end
  for i = 1, #states do
    local st, e = states[i], engine[i]
    if not e then fail("state " .. i .. " is never reached") break end
    local p, h = e[1], e[2]
    local value, d = s:lookup(p, h)
    tally[value] = tally[value] + 1
    if st.text ~= (tostring(p):gsub(" %d+$", "")) then
      fail("state " .. i .. ": " .. st.text .. " is " .. tostring(p))
    end
    if st.value ~= value or st.distance ~= d then
      fail(string.format("state %d (%s): %s %s, the solver says %s %s", i, tostring(p), st.value,
                         tostring(st.distance), value, tostring(d)))
    end
    local winner, reason = v:outcome(p, h)
    local moves = winner and {} or v:moves(p, h)
    if #moves ~= #st.kids then fail(string.format("state %d: %d moves, want %d", i, #st.kids, #moves)) end
    if winner and st.reason ~= reason then fail("state " .. i .. ": the end " .. tostring(st.reason)) end
    for j, m in ipairs(moves) do
      local kid = st.kids[j]
      if not states[kid or 0] then fail("state " .. i .. ": move " .. j .. " leads nowhere") break end
      eq(move_between(names, st, states[kid]), full_text(names, m), "the move's text, in the variant's order")
      local q, hq = v:play(p, m, h)
      local key = naive_key(v, q, hq)
      if key_of[key] and key_of[key] ~= kid then
        fail(string.format("%s leads to state %d, which is state %d", key, kid, key_of[key]))
      elseif not key_of[key] then
        if engine[kid] then fail("two states in the page for one of the rules' at " .. kid) end
        key_of[key], engine[kid] = kid, {q, hq}
      end
    end
  end
  eq(bad, 0, "states that differ")
  return #states, tally
end

local function blunder_game() return dofile(HERE .. "/games.lua").blunder() end

-- The play page of a shipped variant (a Variant of no hook written here)
-- and its count of states, made once for the tests that read it (Tapatan's
-- three times, 12 arms' twice).
local pages = {}
local function page_of(v)
  local key = v.name .. " " .. tostring(v.points or v.arms)
  if not pages[key] then pages[key] = table.pack(mt.html(v)) end
  return table.unpack(pages[key], 1, pages[key].n)
end

test("the graph decoded is the solver's: every state, move and value", function()
  local n, tally = compare(mt.html("standard"), mt.variant("standard"), mt.variant("standard").start)
  eq(n, 1180, "the standard game's states")
  eq(tally, {win = 208, loss = 128, draw = 844}, "its values")
  for _, spec in ipairs({{arms = 10}, {arms = 12}, "misere", "first-move", "first-two-turns",
                         "tired-piece", "centre-must-leave", "first-move-hook", "adjacent-enemy"}) do
    local v = mt.variant(spec)
    local count = compare(page_of(v), v, v.start)
    if v.history == 0 then
      eq(count, mt.solve(v):census().reachable, v.name .. ": the census's count")
    end
  end
  -- a rule that ends the game, and a variant without repetition
  local v = mt.variant{name = "three-in-a-row", repetition = false, result = function(p)
    if p[1] == "white" and p[2] == "white" and p[3] == "white" then return "white" end
  end}
  local page = mt.html(v)
  compare(page, v, v.start)
  local rule_ends = 0
  for _, st in ipairs((decode(page))) do
    if st.reason == "rule" then rule_ends = rule_ends + 1 end
  end
  check(rule_ends > 0, "states ended by the rule")
  eq(field(data_of(page), "repetition"), 0, "no repetition rule")
  eq(field(data_of(mt.html("standard")), "repetition"), 3, "the standard repetition")
  -- a game: the graph from its start, its moves to play at once
  local g = blunder_game()
  g:undo()
  page = mt.html(g, {play = true})
  compare(page, g:variant(), mt.position(g:start()))
  check(data_of(page):find('"line":["1-c","8-1","c-8","1-c","2-1","c-2","1-c","2-1"]', 1, true),
        "the game's moves")
  g = mt.game("tired-piece", "bbbw.www/b b 2")
  compare(mt.html(g, {play = true}), g:variant(), g:board())
end)

-- The variants of the shipped scripts (scripts/variants/) on boards of
-- points, by name.
local function shipped_boards()
  local list = {}
  local p = assert(io.popen("ls " .. HERE .. "/../../scripts/variants"))
  for file in p:lines() do
    local v = mt.variant(file:match("^(.*)%.lua$"))
    if v.points then list[#list + 1] = v end
  end
  p:close()
  return list
end

local ring = dofile(HERE .. "/games.lua").ring

-- The games of drops, jumps and captures compared state by state below.
local DROPS = {"leaping-torere", "placing-torere", "achi", "tapatan"}
for _, name in ipairs(DROPS) do DROPS[name] = true end

test("boards of points: every state, move and value of every shipped board", function()
  local want = {["pong-hau-ki"] = 56, ["tugul-shodra"] = 1640, ["do-guti"] = 114}
  local boards = shipped_boards()
  check(#boards >= 10, "the shipped boards: " .. #boards)
  for _, v in ipairs(boards) do
    if v.name == "four-field-kono" then -- 64 million states: no page holds them
      local ok, err = pcall(mt.html, v)
      check(not ok and tostring(err):find("a page carries at most", 1, true), "Kono's page refused: " .. tostring(err))
      goto next_board
    end
    local page, states = page_of(v)
    -- (the games of drops: compared state by state in the next test)
    local count = DROPS[v.name] and #(decode(page)) or compare(page, v, v.start)
    eq(states, count, v.name .. ": the count mt.html gives")
    eq(count, mt.solve(v):census().reachable, v.name .. ": the census's count")
    if want[v.name] then eq(count, want[v.name], v.name .. ": its states") want[v.name] = nil end
    local data = data_of(page)
    eq(field(data, "format"), 2, v.name .. ": the format of a board of points")
    eq((names_of(data)), v:board().points, v.name .. ": the names of the points")
    for _, name in ipairs(v:board().points) do
      check(page:find('data-point="' .. name .. '"/>', 1, true), v.name .. ": the circle of " .. name)
    end
    ::next_board::
  end
  eq(next(want), nil, "pong-hau-ki, tugul-shodra and do-guti among them")
  -- the wheel keeps its format
  eq(field(data_of(mt.html("standard")), "format"), 1, "the wheel's format")
end)

test("games of drops, jumps and captures: every state, move, hand and end of their pages", function()
  for _, name in ipairs(DROPS) do
    local v = mt.variant(name)
    local page, states = page_of(v)
    local data = data_of(page)
    eq(field(data, "format"), 2, name .. ": written point by point")
    local hands = ({["leaping-torere"] = false, ["placing-torere"] = 5, achi = 5, tapatan = 4})[name]
    eq(field(data, "hands", true), hands or nil, name .. ": the hands' code, the most pieces a hand holds plus one")
    local count, tally = compare(page, v, v.start)
    eq(states, count, name .. ": the count mt.html gives")
    eq(count, mt.solve(v):census().reachable, name .. ": the census's count")
    local census = mt.solve(v):census()
    eq({tally.win, tally.loss, tally.draw}, {census.wins, census.losses, census.draws}, name .. ": the values")
  end
  -- Tapatan's rows end games: the page says so (end code 2)
  local rows = 0
  for _, st in ipairs((decode((page_of(mt.variant("tapatan")))))) do
    if st.reason == "row" then rows = rows + 1 end
  end
  check(rows > 0, "Tapatan's page ends games by rows: " .. rows)
  -- white holding more than black: the hands' code is white's most plus one
  local uneven = mt.variant{base = "achi", name = "achi-uneven", start = "......... 2/3 b"}
  local page, count = mt.html(uneven)
  eq(field(data_of(page), "hands"), 4, "Achi, two pieces in black's hand and three in white's: the hands' code")
  eq(compare(page, uneven, uneven.start), count, "Achi, two and three: every state")
end)

test("boards of points: up to 64 points, exact beyond 32 (a varint each 32 points)", function()
  -- a piece on the last point of each varint: the largest digits there
  -- are; a piece of each side, which the walk takes to every pair of
  -- points (1,056 and 1,560 states, where a third piece made 32,703 and
  -- 29,620 of the same codes); and a start that ends at once (blocked),
  -- an end beyond 32 points
  local cases = {{33, string.rep(".", 31) .. "bw w"},
                 {64, string.rep(".", 31) .. "w" .. string.rep(".", 31) .. "b w"},
                 {40, string.rep(".", 19) .. "w" .. string.rep(".", 19) .. "b b"},
                 {33, "w" .. string.rep(".", 30) .. "wb b"}}
  for _, case in ipairs(cases) do
    local v = ring(case[1], case[2])
    local page = mt.html(v)
    local count = compare(page, v, v.start)
    eq(count, mt.solve(v):census().reachable, v.name .. ": the census's count")
    local states = decode(page)
    eq(states[1].text, tostring(v.start), v.name .. ": the start first")
  end
end)

test("boards of points: a game's page, the heading, the legend, the move to type", function()
  local v = mt.variant("tugul-shodra")
  local g = mt.game(v)
  for _ = 1, 3 do g:play(g:analyse().moves[1].move) end
  local page = mt.html(g, {play = true})
  compare(page, v, v.start)
  local data = data_of(page)
  local line = {}
  for i, m in ipairs(g:history()) do line[i] = string.format("%q", m) end
  check(data:find('"line":[' .. table.concat(line, ",") .. "]", 1, true), "the game's moves: " .. data:sub(1, 300))
  eq({field(data, "white"), field(data, "black")}, {"human", "computer"}, "a person moves first (white here)")
  -- from a position of the game, played on
  g = mt.game(v, tostring(g:board()))
  compare(mt.html(g, {play = true}), v, g:board())
  page = mt.html("pong-hau-ki")
  check(page:find("<h1>pong-hau-ki (5 points)</h1>", 1, true), "the heading")
  check(page:find("<title>Play pong-hau-ki (5 points)</title>", 1, true), "the title")
  check(page:find('placeholder="tl-c"', 1, true), "a legal move to type")
  check(page:find("on a piece: its best move", 1, true), "the legend of a piece with several moves")
  check(not mt.html("standard"):find("on a piece: its best move", 1, true), "not on the wheel")
  eq({field(data_of(page), "black"), field(data_of(page), "white")}, {"human", "computer"}, "black first")
end)

test("boards of points: too big is refused with its figure, nothing written", function()
  local points, lines, layout = {}, {}, {}
  for r = 1, 4 do
    for c = 1, 4 do
      local name = "p" .. r .. c
      points[#points + 1], layout[name] = name, {c, r}
      if c < 4 then lines[#lines + 1] = name .. "-p" .. r .. (c + 1) end
      if r < 4 then lines[#lines + 1] = name .. "-p" .. (r + 1) .. c end
    end
  end
  -- (three pieces and four: 400,368 states, where four and four made
  -- 900,868 at twice the cost of their count)
  local v = mt.variant{name = "grid", points = points, lines = lines, layout = layout,
                       start = "bb.b.......w.www b"}
  local path = os.tmpname()
  os.remove(path)
  local ok, err = pcall(mt.html, v, path)
  check(not ok and tostring(err):find("the play page of grid would carry " ..
        mt.solve(v):census().reachable .. " states; a page carries at most 250000", 1, true),
        "the figure and the limit: " .. tostring(err))
  check(not io.open(path), "nothing written")
  -- with a hook the states are walked, not solved first, and the walk
  -- stops at the limit (on the wheel of 16 arms, 391,116 states without
  -- the hook: the walk to the limit half as dear as on a ring of 40 points)
  ok, err = pcall(mt.html, mt.variant{arms = 16, name = "hooked", allow = function() return true end})
  check(not ok and tostring(err):find("the play page of hooked would carry more than 250000 states", 1, true),
        tostring(err))
  -- that walk (in C) says what failed in a hook, and answers the budgets
  ok, err = pcall(mt.html, mt.variant{arms = 16, name = "failing", allow = function() error("no") end})
  check(not ok and tostring(err):find("allow hook failed at .-: no$"), tostring(err))
  ok, err = mt.limit({time = 0.01}, mt.html, "four-field-kono")
  check(not ok and tostring(err):find("time budget", 1, true), "Kono's walk stopped: " .. tostring(err))
end)

test("sizes: 8 arms under 112 KB (mostly its script and style), 12 arms under 2 MB; too big is refused", function()
  local eight = #mt.html("standard")
  check(eight < 112 * 1024, "8 arms: " .. eight .. " bytes")
  local twelve = #page_of(mt.variant{arms = 12})
  check(twelve < 2 * 1024 * 1024, "12 arms: " .. twelve .. " bytes")
  local path = os.tmpname()
  os.remove(path)
  local ok, err = pcall(mt.html, {arms = 16}, path)
  check(not ok, "16 arms refused")
  check(tostring(err):find("the play page of standard would carry 391116 states; a page carries at most 250000",
                           1, true), "the figure and the limit: " .. tostring(err))
  check(not io.open(path), "nothing written")
end)

test("escaped: a name cannot end the page's script or data", function()
  local name = "<!--<script>&</script>"
  local page = mt.html(mt.variant{name = name})
  check(not page:find(name, 1, true), "the name never raw")
  check(page:find("&lt;!--&lt;script&gt;&amp;&lt;/script&gt;", 1, true), "escaped in the text")
  local data = data_of(page)
  check(not data:find("[<>&]"), "no <, > or & in the data")
  check(data:find('"name":"\\u003c!--\\u003cscript\\u003e\\u0026\\u003c/script\\u003e"', 1, true),
        "the name in the data: " .. data:sub(1, 200))
  local _, scripts = page:gsub("<script", "")
  local _, ends = page:gsub("</script>", "")
  eq({scripts, ends}, {2, 2}, "two scripts, each closed once")
  check(not page:find("<!--", 1, true), "no <!-- anywhere")
  local g = mt.game(mt.variant{name = name}):play("4-c")
  g:tags().Black = name
  page = mt.html(g)
  check(not page:find("<!--", 1, true), "the replay page: no <!-- anywhere")
  data = page:match('<script type="application/json" id="game%-data">(.-)</script>')
  check(data and not data:find("[<>&]"), "the replay page's data: no <, > or &")
end)

test("the script is rules.js, play.js and extras.js as they are in the source, and it parses", function()
  local parts = {}
  for i, name in ipairs({"rules.js", "play.js", "extras.js"}) do
    local f = assert(io.open(HERE .. "/../../lua/page/" .. name))
    parts[i] = f:read("a")
    f:close()
    check(not parts[i]:find("</script", 1, true) and not parts[i]:find("<!--", 1, true),
          "nothing in " .. name .. " ends a script element")
  end
  local script = '(function () {\n"use strict";\n' .. table.concat(parts) .. "})();"
  local page = mt.html("standard")
  check(page:find("<script>" .. script .. "</script>", 1, true), "the three parts embedded whole, in one function")
  if os.execute("command -v node >/dev/null 2>&1") then
    local path = os.tmpname()
    local f = assert(io.open(path, "w"))
    f:write(script)
    f:close()
    check(os.execute("node --check " .. path .. " 2>/dev/null"), "node --check")
    os.remove(path)
  end
end)

test("the page's player for the win searches with against.lua's bounds: the same passes, the same figures", function()
  local function source(path)
    local f = assert(io.open(HERE .. "/../../lua/" .. path))
    local text = f:read("a")
    f:close()
    return text
  end
  local js, lua = source("page/rules.js"), source("module/against.lua")
  -- (where the bounds are not reached, or an exact pass follows a cut
  -- one, their values change nothing that a comparison of the figures
  -- on small boards sees: here they are held equal)
  for _, name in ipairs({"MAX_NODES", "FIRST", "STEP", "FINEST"}) do
    local a = js:match("\nvar " .. name .. " = ([%w%.%-]+);")
    local b = lua:match("\nlocal " .. name .. " = ([%w%.%-]+)")
    check(a and b and tonumber(a) == tonumber(b),
          name .. ": rules.js " .. tostring(a) .. ", against.lua " .. tostring(b))
  end
end)

test("the rest of the page: rules, source, definition, legend, footer", function()
  local page = mt.html("tired-piece")
  check(page:find("<h1>Mū Tōrere — tired-piece (8 arms)</h1>", 1, true), "the name")
  check(page:find("It adds rules of its own, written in Lua: a piece may not move twice", 1, true),
        "the rules in words")
  check(page:find("history[2] is the mover&#39;s own last move", 1, true), "the definition, escaped")
  check(page:find("Source: Walker", 1, true) == nil, "no source line without a source")
  check(not page:find("In short", 1, true), "a hook's description said once")
  check(mt.html("standard"):find("<p>In short: the flank rule on every turn.</p>", 1, true),
        "a description")
  check(mt.html("standard"):find("<p>Source: Walker, Mu Torere (2011), rule 7", 1, true), "the source")
  check(page:find('<p id="legend">', 1, true), "the legend")
  check(page:find("Written by mutorere " .. mt.version, 1, true), "the version")
  check(not page:find("href=", 1, true) and not page:find("src=", 1, true), "no link, no file")
  for url in page:gmatch("https?://[%w%.%-/_]+") do
    eq(url, "http://www.w3.org/2000/svg", "no address but the SVG namespace")
  end
  check(page:find("With best play the start loses for the side to move in", 1, true)
        or page:find("With best play the start", 1, true), "the start's value")
end)

test("bad arguments: clear errors, nothing written", function()
  local function fails(want, ...)
    local ok, err = pcall(mt.html, ...)
    check(not ok and tostring(err):find(want, 1, true), want .. ": " .. tostring(err))
  end
  fails("bad argument #1 to 'html' (Game or variant expected, got number)", 42)
  fails("bad argument #1 to 'html' (Game or variant expected, got mutorere.Position)", mt.position("bbbbwwww/. b"))
  fails("bad argument #1 to 'html' (unknown variant 'nonesuch'", "nonesuch")
  fails("bad argument #3 to 'html' (unknown option \"nope\" (the options are play))", "standard", nil, {nope = 1})
  fails("bad argument #3 to 'html' (option play must be a boolean, got \"yes\")", "standard", {play = "yes"})
  fails("bad argument #3 to 'html' (table of options expected, got number)", "standard", nil, 3)
  fails("bad argument #2 to 'html' (path expected, got boolean)", "standard", true)
  fails("only a game has a page that replays it", "standard", {play = false})
  fails("cannot write the page to /nonexistent-folder/x.html", "standard", "/nonexistent-folder/x.html")
  fails("the path holds a zero byte", "standard", "/tmp/x\0y.html")
  local ok, err = mt.sandbox(function() return mt.html("standard", "/tmp/x.html") end)
  check(not ok and tostring(err):find("sandbox", 1, true), "no files in a sandbox: " .. tostring(err))
  ok = mt.sandbox(function() return #mt.html("tired-piece") end)
  check(ok, "the text in a sandbox (no definition read)")
end)

test("the REPL's page command and the play-page script", function()
  local dir = os.tmpname()
  os.remove(dir)
  os.execute("mkdir -p " .. dir)
  local out = io.popen(string.format("cd %s && printf '%s' | %s 2>&1", dir,
    'new "tired-piece"\\nplay "1-c"\\npage "t.html"\\npage()\\n', PROGRAM)):read("a")
  check(out:find("wrote the play page of tired-piece (1835 states) to t.html", 1, true), out)
  check(out:find("to tired-piece.html", 1, true), "a default name: " .. out)
  local f = assert(io.open(dir .. "/t.html"))
  local page = f:read("a")
  f:close()
  check(data_of(page):find('"line":["1-c"]', 1, true), "the current game's moves")
  out = io.popen(string.format("%s %s/../../scripts/tools/play-page.lua standard 10 %s/ten.html 2>&1",
                               PROGRAM, HERE, dir)):read("a")
  check(out:find("5104 states", 1, true), out)
  f = assert(io.open(dir .. "/ten.html"))
  page = f:read("a")
  f:close()
  eq(field(data_of(page), "arms"), 10, "10 arms")
  -- a board of points: the REPL's page and the script
  out = io.popen(string.format("cd %s && printf '%s' | %s 2>&1", dir,
    'new "tugul-shodra"\nplay "c2-b2"\npage "tugul.html"\n', PROGRAM)):read("a")
  check(out:find("wrote the play page of tugul-shodra (1640 states) to tugul.html", 1, true), out)
  f = assert(io.open(dir .. "/tugul.html"))
  page = f:read("a")
  f:close()
  check(data_of(page):find('"line":["c2-b2"]', 1, true), "the current game's moves")
  eq(field(data_of(page), "format"), 2, "a board of points")
  out = io.popen(string.format("%s %s/../../scripts/tools/play-page.lua do-guti %s/guti.html 2>&1",
                               PROGRAM, HERE, dir)):read("a")
  check(out:find("the play page of do-guti (9 points, 114 states)", 1, true), out)
  f = io.open(dir .. "/guti.html")
  check(f and f:read("a"):find('"points":["tl","tr","c","bl","br","bh1","bh2","wh1","wh2"]', 1, true),
        "do-guti's page")
  if f then f:close() end
  local p = io.popen(string.format("%s %s/../../scripts/tools/play-page.lua do-guti 10 %s/x.html 2>&1",
                                   PROGRAM, HERE, dir))
  out = p:read("a")
  local _, _, code = p:close()
  check(out:find("ARMS is for the wheel; do-guti is a board of 9 points", 1, true) and code == 1, out)
  check(not io.open(dir .. "/x.html"), "nothing written")
  p = io.popen(string.format("%s %s/../../scripts/tools/play-page.lua 2>&1", PROGRAM, HERE))
  out = p:read("a")
  _, _, code = p:close()
  check(out:find("usage", 1, true) and code == 2, "usage: " .. out)
  os.execute("rm -rf " .. dir)
end)

local css = dofile(HERE .. "/css.lua")

-- The colour schemes: the @media conditions that hold in each (a wide
-- window).
local SCHEMES = {light = {}, dark = {["(prefers-color-scheme: dark)"] = true},
                 forced = {["(forced-colors: active)"] = true}}
local VALUES = {"win", "draw", "loss"}

-- The colour of a declaration (its name, for the message), or a failure.
local function colour_of(value, what)
  local c, alpha = css.colour(value)
  check(c, what .. ": a colour, not " .. tostring(value))
  return c or {0, 0, 0}, alpha or 1
end

-- The colour of what element e (as css.style takes it) paints with
-- property (stroke, fill) under scheme, its opacity applied over behind.
local function painted(rules, e, property, scheme, behind, what)
  local style = css.style(rules, e, scheme)
  local c, alpha = colour_of(style[property], what .. " " .. property)
  return css.over(c, alpha * (tonumber(style.opacity) or 1), behind), style
end

-- Checks that each pair of colours (value to colour) stands 3:1 apart.
local function apart(colours, what)
  for i = 1, #VALUES do
    for j = i + 1, #VALUES do
      local a, b = VALUES[i], VALUES[j]
      local ratio = css.contrast(colours[a], colours[b])
      check(ratio >= 3, string.format("%s: %s against %s: %.2f:1", what, a, b, ratio))
    end
  end
end

test("the contrast of colours is WCAG 2.1's (figures known)", function()
  local black, white = css.colour("#000"), css.colour("#ffffff")
  eq(css.contrast(black, white), 21, "black on white")
  eq(string.format("%.2f", css.contrast(css.colour("#767676"), white)), "4.54", "#767676 on white")
  -- the issue's figure: the old draw and loss colours
  eq(string.format("%.2f", css.contrast(css.colour("#9a6a00"), css.colour("#bb5566"))), "1.04", "old draw/loss")
  eq(css.over(black, 0.5, white)[1], 127.5, "half black over white")
end)

test("the values' rings and dots stand 3:1 from each other and from what is behind them, light and dark",
     function()
  local rules = css.rules(mt.html("standard"):match("<style>(.-)</style>"))
  local board = {"#board"}
  for _, name in ipairs({"light", "dark"}) do
    local scheme = SCHEMES[name]
    local paper = colour_of(css.style(rules, {tag = "body"}, scheme).background, name .. " page")
    local wood = colour_of(css.style(rules, {tag = "polygon", within = board}, scheme).fill, name .. " board")
    for _, dim in ipairs({false, true}) do
      local say = name .. (dim and ", a piece set back" or "")
      local cores = {}
      for _, value in ipairs(VALUES) do
        local edge_element = {tag = "circle", classes = {"ring-edge", dim and "dim" or nil}, within = board}
        local core_element = {tag = "circle", classes = {"ring", value, dim and "dim" or nil}, within = board}
        -- the edge against the page and the wheel's board (each over its own backdrop)
        for _, behind in ipairs({paper, wood}) do
          local edge = painted(rules, edge_element, "stroke", scheme, behind, say .. " edge")
          local ratio = css.contrast(edge, behind)
          check(ratio >= 3, string.format("%s: the %s ring's edge against its backdrop: %.2f:1", say, value, ratio))
        end
        local edge, edge_style = painted(rules, edge_element, "stroke", scheme, paper, say .. " edge")
        local core, core_style = painted(rules, core_element, "stroke", scheme, edge, say .. " " .. value)
        cores[value] = core
        check((tonumber(edge_style["stroke-width"]) or 0) > (tonumber(core_style["stroke-width"]) or 0),
              say .. ": the edge shows on both sides of the " .. value .. " core")
      end
      apart(cores, say .. ", the rings' cores")
    end
    -- the chart's dots: their fills apart, their edge against the page
    for _, later in ipairs({false, true}) do -- (the dots of the plies taken back too)
      local dots = {}
      for _, value in ipairs(VALUES) do
        local e = {tag = "circle", classes = {"dot", value, later and "future" or nil}, within = {"#chart-box"}}
        local edge = painted(rules, e, "stroke", scheme, paper, name .. " dot")
        check(css.contrast(edge, paper) >= 3, name .. ": the " .. value .. " dot's edge against the page")
        dots[value] = painted(rules, e, "fill", scheme, paper, name .. " dot")
      end
      apart(dots, name .. ", the chart's dots" .. (later and " of plies taken back" or ""))
    end
  end
end)

test("the values differ by their dashes too, and under forced colours take the system's colours", function()
  local rules = css.rules(mt.html("standard"):match("<style>(.-)</style>"))
  for name, scheme in pairs(SCHEMES) do
    local seen, stripes = {}, {}
    for _, value in ipairs(VALUES) do
      local core = css.style(rules, {tag = "circle", classes = {"ring", value}, within = {"#board"}}, scheme)
      local dashes = core["stroke-dasharray"] or "none"
      check(not seen[dashes], string.format("%s: the %s ring's dashes (%s) are another value's", name, value,
                                            dashes))
      seen[dashes] = true
      local left = css.style(rules, {tag = "button", classes = {"choice", value}}, scheme)["border-left"] or ""
      local kind
      for word in left:gmatch("%a+") do
        if ({solid = 1, dashed = 1, dotted = 1, double = 1, groove = 1})[word] then kind = word end
      end
      check(kind and not stripes[kind], name .. ": the " .. value .. " move's stripe: " .. left)
      stripes[kind or "?"] = true
    end
  end
  -- forced colours: what shows a value, the board and the pieces in the system's colours
  local scheme, looks = SCHEMES.forced, {}
  for _, value in ipairs(VALUES) do
    looks[#looks + 1] = {{tag = "circle", classes = {"ring", value}, within = {"#board"}}, "stroke"}
    looks[#looks + 1] = {{tag = "circle", classes = {"dot", value}, within = {"#chart-box"}}, "fill"}
    looks[#looks + 1] = {{tag = "circle", classes = {"dot", value}, within = {"#chart-box"}}, "stroke"}
  end
  looks[#looks + 1] = {{tag = "circle", classes = {"ring-edge"}, within = {"#board"}}, "stroke"}
  looks[#looks + 1] = {{tag = "circle", classes = {"ring", "movable"}, within = {"#board"}}, "stroke"}
  looks[#looks + 1] = {{tag = "polygon", within = {"#board"}}, "fill"}
  looks[#looks + 1] = {{tag = "circle", classes = {"black"}, within = {"#board"}}, "fill"}
  looks[#looks + 1] = {{tag = "circle", classes = {"white"}, within = {"#board"}}, "fill"}
  looks[#looks + 1] = {{tag = "text", classes = {"distance", "on-black"}, within = {"#board"}}, "fill"}
  for _, x in ipairs(looks) do
    local value = css.style(rules, x[1], scheme)[x[2]]
    check(css.SYSTEM[value or ""], string.format("forced colours: %s %s is %s, not a system colour",
                                                 table.concat(x[1].classes or {x[1].tag}, "."), x[2], tostring(value)))
  end
end)
