-- test_new_user.lua — what a new user met (issue 19): doc/embedding.md's way to
-- test and check one's scripts, redo() past the end, a report's traps of a
-- variant that remembers moves, what mt.dot's colours mean, the solve's
-- progress bar, too many arms, a record of one's own variant read
-- elsewhere, a puzzle generator that finds nothing.

local mt = require "mutorere"

local files = dofile(HERE .. "/files.lua")
local read, write = files.read, files.write
local quote, folder, clean = files.shell_quote, files.folder, files.remove_folder

-- Runs a shell command; returns what it printed (both streams) and
-- whether it succeeded.
local function shell(command)
  local p = assert(io.popen(command .. " 2>&1"))
  local out = p:read("a")
  return out, p:close()
end

local BUILD = PROGRAM:match("^(.*)/[^/]*$") or "."

-- The code block of doc/embedding.md after the first line that holds marker.
local function guide_block(marker)
  local text = read(HERE .. "/../../doc/embedding.md")
  local at = assert(text:find(marker, 1, true), "doc/embedding.md: " .. marker)
  return text:match("```%w*\n(.-)\n```", at)
end

test("the guide's busted command runs its spec, and its .luacheckrc checks scripts", function()
  local dir = folder()
  assert(os.execute("mkdir " .. quote(dir .. "/spec")))
  write(dir .. "/spec/rules_spec.lua", guide_block("spec/rules_spec.lua") .. "\n")
  write(dir .. "/.luacheckrc", guide_block("a `.luacheckrc` beside them") .. "\n")
  local command = guide_block("so that busted still")
  check(command:find("busted --lua=lua5.4", 1, true), "the command: " .. command)
  command = command:gsub("build/%?%.so", BUILD .. "/?.so")
  -- a module built with AddressSanitizer loads only in a host built so
  local asan = shell("lua5.4 -e " .. quote(string.format("package.cpath = %q require 'mutorere'",
                                                         BUILD .. "/?.so"))):find("ASan runtime", 1, true)
  if shell("command -v busted") ~= "" and not asan then
    local out, ok = shell("cd " .. quote(dir) .. " && " .. command)
    check(ok and out:find("2 successes / 0 failures / 0 errors", 1, true), "busted: " .. out)
  else
    io.stderr:write("busted is not installed, or the module is built with AddressSanitizer: " ..
                    "the guide's spec is not run\n")
  end
  write(dir .. "/script.lua", "local g = mt.game()\nprint(mt.perft(g, 4))\n")
  local out, ok = shell("cd " .. quote(dir) .. " && luacheck --no-color .")
  check(ok and out:find("0 warnings / 0 errors in 2 files", 1, true), "luacheck: " .. out)
  write(dir .. "/script.lua", "mt = nil\nprint(undefined_global)\n")
  out, ok = shell("cd " .. quote(dir) .. " && luacheck --no-color .")
  check(not ok and out:find("setting read-only global variable 'mt'", 1, true)
        and out:find("undefined_global", 1, true), "luacheck catches what it should: " .. out)
  clean(dir)
end)

-- Feeds lines to the REPL on a pipe; returns its output and exit status.
local function repl(lines)
  local dir = folder()
  write(dir .. "/in", table.concat(lines, "\n") .. "\n")
  local out, ok = shell(string.format("cd %s && NO_COLOR=1 MUTORERE_PATH= %s < in", quote(dir),
                                      quote(PROGRAM)))
  clean(dir)
  return out, ok
end

test("the REPL's commands say what is wrong with what was typed", function()
  local out = "\n" .. repl({'new "nonesuch"', 'setup "xx"', 'play "9-9"'})
  check(out:find("\nunknown variant 'nonesuch' (mt.variants() lists them)\n", 1, true), out)
  check(out:find("\nbad position: point 1 is 'x' (use b, w or .)\n", 1, true), out)
  check(out:find("\nbad move: there is no arm 9 (the board has arms 1..8 and c)\n", 1, true), out)
  check(not out:find("mutorere.", 1, true), "no function of the module named: " .. out)
end)

test("what a careless user typed at the REPL: a clear message, no line of the program, nothing lost", function()
  -- (an attacker's pass) play "4-c 9-9" with the engine on: 4-c stands and the engine answers it
  local out = repl({"ai()", 'play "4-c 9-9"', "print(current():ply(), current():turn())"})
  check(out:find("bad move: there is no arm 9", 1, true) and out:find("\n2\tblack\n", 1, true),
        "the engine answered the move before the bad one: " .. out)
  out = repl({"load()", "undo{}", "undo(-1)", "redo(1.5)", "play(nil)", "play{}", 'play ""',
              'play "1-c"', "undo(0)", "print(current():ply())"})
  for _, want in ipairs({"bad argument #1 to 'load' (a record's path, a chunk or a function expected, got nil)",
                         "bad argument #1 to 'undo' (a number of moves expected, got table)",
                         "bad argument #1 to 'undo' (a number of moves expected, got -1)",
                         "bad argument #1 to 'redo' (a number of moves expected, got 1.5)",
                         "play needs moves as text, e.g. play \"4-c\", got nil",
                         "play needs moves as text, e.g. play \"4-c\", got table",
                         "play needs a move, e.g. play \"4-c\""}) do
    check(out:find(want, 1, true), want .. ": " .. out)
  end
  check(out:find("\n1\n", 1, true), "undo(0) takes nothing back: " .. out)
  check(not out:find("%.lua:%d"), "no line of the program: " .. out)
  -- setup() without a position; an AI's error object that is no text
  out = repl({"setup()", "ai(function() error({}) end)", 'play "1-c"'})
  check(out:find('setup needs a position, e.g. setup "bbbbwwww/. b" (new() starts again)', 1, true) and
        out:find("(an error object of type table)", 1, true) and not out:find("table: 0x", 1, true), out)
  -- a variant file's own error keeps its file and line
  out = repl({'f = io.open("verr.lua", "w") f:write("error(\'boom\')") f:close()', 'new "verr.lua"'})
  check(out:find("verr.lua:1: boom\n", 1, true) and not out:find("boom)", 1, true), out)
  -- a puzzle whose title is no text: refused, the game kept
  out = repl({'play "1-c"', 'puzzle {title = true, variant = "standard", position = "bwbbwww./b b", ' ..
              'goal = "win", plies = 3, solution = {"1-8", "2-1", "3-2"}}', "print(current():ply())"})
  check(out:find("this puzzle does not check: title must be one line of text, not boolean", 1, true) and
        out:find("\n1\n", 1, true), out)
  -- a zero byte drops its statement alone; a result that cannot be shown fails the run
  local ok
  out, ok = repl({"print(1)", 'x = "a\0b"', "print(2)"})
  check(out:find("holds a zero byte: the statement is dropped", 1, true) and out:find("2\n", 1, true), out)
  eq(ok, nil, "a line dropped fails the run")
  out, ok = repl({"setmetatable({}, {__tostring = function() return {} end})", "print(3)"})
  check(out:find("cannot show result 1: '__tostring' must return a string", 1, true) and
        out:find("3\n", 1, true) and not out:find("repl.lua", 1, true), out)
  eq(ok, nil, "a result that cannot be shown fails the run")
end)

test("the REPL's load of a misspelt record says it is not there; Lua's load still works", function()
  -- (issue 33) it fell through to Lua's load: nil and a syntax error, status 0
  local out, ok = repl({'load "nosuch.mtr"'})
  eq({out, ok}, {"cannot load nosuch.mtr: No such file or directory\n", nil}, "a record not there")
  out, ok = repl({'load "games/typo.mtr"', 'print(load("return 1 + 1")())', 'print(load("x = "))',
                  'print(type(load(function() return nil end)))', 'print(load("x", "=chunk", "t", {}))',
                  'print(load("return math.pi")() > 3)'})
  eq(out, "cannot load games/typo.mtr: No such file or directory\n2\n" ..
          'nil\t[string "x = "]:1: unexpected symbol near <eof>\nfunction\n' ..
          "nil\tchunk:1: syntax error near <eof>\ntrue\n", "Lua's load of a chunk, a function, more arguments")
  eq(ok, nil, "the session's status says an error")
end)

test("a variant's name with accents finds the variant, or says it is unknown", function()
  -- (issue 33) "misère" was taken for a file path: "cannot open misère"
  eq(mt.game("misère"):variant().name, "misere")
  eq(mt.variant{base = "misère", arms = 10}:parameters().misere, true, "as a base")
  raises(function() mt.game("misère-x") end, "unknown variant 'misère-x' (mt.variants() lists them)")
  raises(function() mt.game("Ærø") end, "unknown variant 'Ærø' (mt.variants() lists them)")
  raises(function() mt.variant("stąndard\xff") end, "unknown variant 'stąndard\xff'")
  raises(function() mt.variant("nosuch.lua") end, "cannot open nosuch.lua") -- a path still
  local out = "\n" .. repl({'new "tired-piéce"', 'new "misère-x"', 'new "misère"'})
  check(out:find("\ntired-piece · ply 0 · black to move\n", 1, true), out)
  check(out:find("\nunknown variant 'misère-x' (mt.variants() lists them)\n", 1, true), out)
  check(out:find("\nmisere · ply 0 · black to move\n", 1, true), out)
end)

test("redo(n) past the end redoes what there is and says so", function()
  local out, ok = repl({'play "1-c 8-1"', "undo(2)", "redo(3)", "print(current():ply())",
                        "redo()", "undo()", "redo(1)", "print(current():ply())"})
  check(ok, "no error: " .. out)
  check(out:find("redid 2 of 3: nothing more to redo\n", 1, true), "redo(3) of 2: " .. out)
  check(out:find("\n2\n", 1, true), "both were played")
  local _, nothing = out:gsub("nothing to redo\n", "")
  eq(nothing, 1, "redo() at the end: 'nothing to redo'")
  check(select(2, out:gsub("redid", "")) == 1, "redo(1) with one to redo says nothing")
  out, ok = repl({"redo(-1)", "redo('x')"})
  check(not ok and out:find("bad argument #1 to 'redo' (a number of moves expected, got -1)", 1, true)
        and out:find("got \"x\"", 1, true), "a bad count: " .. out)
end)

test("with the engine on, undo() and redo() leave it the person's turn", function()
  -- (ply and turn printed after each command: "P T" a line)
  local where = "io.write(current():ply(), ' ', current():turn(), '\\n')"
  local out, ok = repl({"ai()", 'play "4-c"', "reply = current():history()[2]", where,
                        "undo()", where, -- the engine's move and the person's taken back
                        "redo()", where, -- both played again: the engine's own move
                        "print(current():history()[2] == reply)",
                        -- the person's move alone to redo: redone, and the engine answers it
                        "ai(false)", "undo(2)", 'play "1-c"', "undo()", "ai()", "redo()", where})
  check(ok, "no error: " .. out)
  local seen = {}
  for ply, turn in out:gmatch("\n(%d+) (%a+)\n") do seen[#seen + 1] = ply .. " " .. turn end
  eq(seen, {"2 black", "0 black", "2 black", "2 black"}, "plies and turns: " .. out)
  check(out:find("\ntrue\n", 1, true), "redo() played the engine's own move again: " .. out)
  -- the engine set on after a move of the person's: undo() to the start,
  -- where the engine is to move, and it answers
  local after, fine = repl({'play "4-c"', "ai('random')", "undo()", where})
  check(fine, "no error: " .. after)
  check(after:find("\nrandom plays [%dc][^\n]*\n") and after:find("\n1 white\n", 1, true),
        "the engine answered at the start: " .. after)
  local _, answers = out:gsub("\nalphabeta plays [%dc]", "")
  eq(answers, 2, "the engine answered 4-c and 1-c, not its redone move: " .. out)
end)

-- The no-return variant of doc/api.md (a rule the guide on variants says
-- can never bind): a move may not go straight back.
local NO_RETURN = {name = "no-return", base = "standard", history = 2,
  allow = function(_, m, history)
    local mine = history[2]
    return not (mine and m.from == mine.to and m.to == mine.from)
  end}

test("a report's traps of a variant that remembers moves show the moves", function()
  local r = mt.report(NO_RETURN, {games = 0, traps = 10})
  local text = tostring(r)
  local shown = {}
  for line in text:gmatch("e%.g%. ([^\n]*)") do
    check(not shown[line], "a trap listed twice: " .. line)
    shown[line] = true
  end
  check(next(shown), "traps listed")
  for i, t in ipairs(r.traps.examples) do
    if i > 3 then break end
    local moves = {}
    for j = #t.history, 1, -1 do moves[#moves + 1] = tostring(t.history[j]) end
    check(#moves > 0, "a history")
    -- the moves, in the order played, lead from some state to the trap
    local line = string.format("%s after %s (", t.position, table.concat(moves, " "))
    check(text:find(line, 1, true), "listed as " .. line)
  end
  local plain = tostring(mt.report("standard", {games = 0}))
  check(plain:find("e.g. wbbbwwwb/. w (1 losing move)", 1, true), "no history, no 'after'")
end)

-- The least text of a board (no side) under rotation and reflection.
local function canonical(p)
  local best
  for _, mirror in ipairs({false, true}) do
    for k = 0, p.arms - 1 do
      local text = tostring(p:transform{rotate = k, mirror = mirror}):match("^(%S+)")
      if not best or text < best then best = text end
    end
  end
  return best
end

-- The colours mt.dot should give, computed naively: every state reachable
-- from the start (breadth first over the variant's moves), by board and
-- side to move, with the set of their values.
local function naive_colours(v)
  local s = mt.solve(v)
  local values = {}
  local queue, seen = {{v.start, {}}}, {}
  local head = 1
  while queue[head] do
    local p, h = queue[head][1], queue[head][2]
    head = head + 1
    local key = v:key(p, h)
    if not seen[key] then
      seen[key] = true
      local board = canonical(p)
      values[board] = values[board] or {}
      values[board][p.side] = values[board][p.side] or {}
      values[board][p.side][(s:lookup(p, h))] = true
      if not v:outcome(p, h) then
        for _, m in ipairs(v:moves(p, h)) do
          local q, hq = v:play(p, m, h)
          queue[#queue + 1] = {q, hq}
        end
      end
    end
  end
  local colour = {win = "#7bc96f", loss = "#e8787a", draw = "#d9d9d9"}
  local out = {}
  for board, sides in pairs(values) do
    local halves = {}
    for i, side in ipairs({"black", "white"}) do
      local set, one, count = sides[side], nil, 0
      for value in pairs(set or {}) do one, count = value, count + 1 end
      halves[i] = count == 0 and "#ffffff" or count > 1 and "#f0c05a" or colour[one]
    end
    out[board] = halves[1] .. ":" .. halves[2]
  end
  return out
end

test("mt.dot: a node's halves say what they mean, checked against a naive count", function()
  for _, spec in ipairs({"standard", "first-two-turns", NO_RETURN}) do
    local v = mt.variant(spec)
    local dot = mt.dot(v)
    local got = {}
    for label, fill in dot:gmatch('n%d+ %[label="([^"]+)" fillcolor="([^"]+)"%]') do got[label] = fill end
    eq(got, naive_colours(v), v.name .. ": every node's colours")
    check(dot:find('graph [label="A node is a board up to rotation and reflection;', 1, true),
          v.name .. ": the legend")
  end
  local dot = mt.dot("first-two-turns")
  check(dot:find("#f0c05a", 1, true), "first-two-turns: a board whose value depends on the ply")
  check(mt.dot("standard"):find("#ffffff", 1, true), "standard: a board one side never moves on")
end)

test("the solve's progress bar: every pass with its part done, time left and number", function()
  local out = shell(string.format("%s -e %s", quote(PROGRAM),
    quote('mt.solve({arms = 16}, {progress = 0, threads = 1})')))
  local lines = {}
  for line in out:gmatch("[^\r]+") do lines[#lines + 1] = line:gsub("\27%[K", "") end
  local passes, last = {}, 0
  for _, line in ipairs(lines) do
    local d, percent, pass = line:match("^distance (%d+) %[[#.]+%] +(%d+)%%, %d+:%d%d left; pass (%d+)")
    if d then
      check(tonumber(pass) == tonumber(d) + 1, "pass numbers follow the distances: " .. line)
      check(tonumber(percent) <= 100, "a percentage")
      check(#line <= 79, "fits a terminal: " .. line)
      passes[tonumber(pass)] = true
      last = math.max(last, tonumber(pass))
      if tonumber(pass) > 1 and percent == "100" then
        check(line:find(", the last %d+%.%d s, %d+:%d%d so far$"), "the last pass's time: " .. line)
      end
    end
  end
  eq(last, 23, "23 distance passes at 16 arms (the doc's figure)")
  for i = 1, last do check(passes[i], "pass " .. i .. " shown") end
  check(out:find("ends [####################] 100%", 1, true), "the first pass")
  check(out:find("draws [####################] 100%", 1, true), "the last pass")
end)

test("a walk of the states play reaches takes its share of the memory available, and says so as it grows", function()
  -- (issue 33) a board too large for a table walked the states play
  -- reaches bounded by the machine's whole memory, with no word: a 40-point
  -- path with 10 pieces a side grew towards 24 GB
  local points, lines = {}, {}
  for i = 1, 40 do points[i] = "p" .. i end
  for i = 1, 39 do lines[i] = "p" .. i .. "-p" .. i + 1 end
  local path = {name = "path40", points = points, lines = lines,
                start = string.rep("b", 10) .. string.rep(".", 20) .. string.rep("w", 10) .. " b"}
  local function bound(share)
    local ok, err = mt.limit({memory = 120e6}, mt.solve, path, {progress = false, memory_share = share})
    local most, room = tostring(err):match("^cannot solve: not enough memory: the states play reaches pass " ..
                                           "what (%d+) MB holds, " ..
                                           math.floor((share or 0.5) * 100) ..
                                           "%% of the (%d+) MB available: %d+ found so far$")
    check(not ok and most, tostring(err))
    check(most and math.abs(tonumber(room) - 120) <= 1 and
          math.abs(tonumber(most) - (share or 0.5) * tonumber(room)) <= 1, "the share of the room: " .. tostring(err))
    return most
  end
  local most = bound()
  bound(0.2)
  for _, bad in ipairs({0, 1.5, -1, "half", 0 / 0}) do
    raises(function() mt.solve(path, {memory_share = bad}) end,
           "memory_share must be a number above 0 and at most 1")
  end
  -- the bar: the states walked of those found, the memory held of what the
  -- walk may take, and when it would be full at its pace
  local out = shell(string.format("%s -e %s", quote(PROGRAM), quote(string.format(
    "print(mt.limit({memory = 120e6}, mt.solve, %s, {progress = 0}))",
    string.format("{points = {%s}, lines = {%s}, start = %q}",
                  '"' .. table.concat(points, '", "') .. '"', '"' .. table.concat(lines, '", "') .. '"',
                  path.start)))))
  local held = {} -- the bytes each line says the walk holds
  local units = {bytes = 1, kB = 1e3, MB = 1e6}
  for line in out:gmatch("[^\r\n]+") do
    line = line:gsub("\27%[K", "")
    if line:find("^walking") then
      local x, unit = line:match("^walking %[[#.]+%] [%d.]+[kM]? of [%d.]+[kM]?, [%d.]+[kM]?/s; ([%d.]+) (%a+) of " ..
                                 most .. " MB, full in [%d:?]+$")
      if check(x and units[unit], "the walk's line: " .. line) then held[#held + 1] = x * units[unit] end
      check(#line <= 79, "fits a terminal: " .. line)
    end
  end
  check(#held > 0 and held[1] < most * 1e6 and math.max(table.unpack(held)) <= most * 1e6,
        "the memory held grows towards what the walk may take: " .. table.concat(held, " "))
  check(out:find("false\tcannot solve: not enough memory: the states play reaches pass what", 1, true), out)
end)

test("too many arms says the limit and why", function()
  local ok, err = pcall(mt.solve, {arms = 46})
  check(not ok and err:find("46 arms are too many: the solvers go up to 44 arms, where a solve " ..
        "takes 4 bits for each of the index's entries = 1.1 TB (at 46, 4.2 TB)", 1, true), tostring(err))
end)

test("a record of one's own variant, read elsewhere, says how to find the variant", function()
  local dir = folder()
  assert(os.execute("mkdir " .. quote(dir .. "/variants")))
  write(dir .. "/variants/mine.lua", [[
return {name = "mine", base = "standard", allow = function(_, m) return m.from ~= 1 end}
]])
  local script = dir .. "/save.lua"
  write(script, string.format([[
local g = mt.game("mine")
g:play(g:moves()[1])
g:save(%q)
g:save(%q, {VariantPath = "variants/mine.lua"})
]], dir .. "/plain.mtr", dir .. "/tagged.mtr"))
  local out, ok = shell(string.format("MUTORERE_PATH=%s %s %s", quote(dir), quote(PROGRAM), quote(script)))
  check(ok, "saved: " .. out)
  ok, out = pcall(mt.load, dir .. "/plain.mtr")
  check(not ok and out:find("unknown variant 'mine'", 1, true)
        and out:find("variants/mine.lua in a folder of MUTORERE_PATH", 1, true)
        and out:find("mt.load(path, {variant_path = true})", 1, true), "the hint: " .. tostring(out))
  -- each way the hint gives works
  local g = mt.load(dir .. "/tagged.mtr", {variant_path = true})
  eq(g:variant().name, "mine", "by the VariantPath tag")
  out, ok = shell(string.format("MUTORERE_PATH=%s %s -e %s", quote(dir), quote(PROGRAM),
                                quote(string.format("print(mt.load(%q):variant().name)", dir .. "/plain.mtr"))))
  check(ok and out == "mine\n", "by MUTORERE_PATH: " .. out)
  ok, out = pcall(mt.from_record, '[Variant "nonesuch"]\n[Flank "never"]\n1. 4-c')
  check(ok, "a name with rule tags still gives the standard rules so adjusted: " .. tostring(out))
  clean(dir)
end)

test("a puzzle generator that finds nothing says why", function()
  -- the distances of the wins reachable from the start, counted naively
  local v = mt.variant("standard")
  local s = mt.solve(v)
  local distances, seen, queue, head = {}, {}, {v.start}, 1
  while queue[head] do
    local p = queue[head]
    head = head + 1
    local key = tostring(p):match("^(%S+ %S+)")
    if not seen[key] then
      seen[key] = true
      local value, d = s:lookup(p)
      if value == "win" and d > 0 then distances[d] = true end
      if not v:outcome(p) then
        for _, m in ipairs(v:moves(p)) do queue[#queue + 1] = (v:play(p, m)) end
      end
    end
  end
  local list = {}
  for d in pairs(distances) do list[#list + 1] = d end
  table.sort(list)
  eq(list, {1, 3, 5}, "wins from the standard start")
  local found, why = mt.puzzle.generate{plies = 2}
  eq(found, {}, "no win in 2")
  eq(why, "no position of standard fits: wins here come in 1, 3 or 5 plies", "why")
  found, why = mt.puzzle.generate{plies = 1}
  check(#found > 0 and why == nil, "no why when some fit")
  found, why = mt.puzzle.generate{plies = 3, unlike = "standard"}
  eq(#found, 0, "none differ from themselves")
  check(why and why:find("the same puzzles under \"standard\"", 1, true), "why: " .. tostring(why))
end)
