-- test_puzzles.lua — every shipped puzzle checked by the solver; the
-- generator's output re-checked; malformed puzzles rejected with a clear
-- message; the REPL's puzzle mode.

local mt = require "mutorere"

test("every shipped puzzle checks", function()
  local names = mt.puzzle.list()
  check(#names >= 30, "at least 30 puzzles: " .. #names)
  local variants, sizes = {}, {}
  for _, name in ipairs(names) do
    local r = mt.puzzle.check(name)
    check(r.ok, name .. ": " .. table.concat(r.problems, "; "))
    check(r.unique, name .. " has one solution")
    local g = mt.game(r.puzzle.variant, r.puzzle.position)
    variants[g:variant().name] = true
    sizes[g:variant().arms] = true
  end
  local nv, ns = 0, 0
  for _ in pairs(variants) do nv = nv + 1 end
  for _ in pairs(sizes) do ns = ns + 1 end
  check(nv >= 3, "three variants or more: " .. nv)
  check(ns >= 2, "two board sizes or more: " .. ns)
end)

test("no two shipped puzzles are the same", function()
  local seen = {}
  for _, name in ipairs(mt.puzzle.list()) do
    local t = mt.puzzle.load(name)
    local first = type(t.solution) == "table" and t.solution[1] or t.solution
    local key = table.concat({t.position:gsub(" %d+$", ""), t.goal,
                              tostring(t.plies), first}, " ")
    check(not seen[key], name .. " repeats " .. tostring(seen[key]))
    seen[key] = name
  end
end)

test("unlike keeps what a variant changes", function()
  local all = mt.puzzle.generate{variant = {base = "no-restriction", arms = 10}, goal = "win", plies = 3}
  local own = mt.puzzle.generate{variant = {base = "no-restriction", arms = 10}, goal = "win",
                                 plies = 3, unlike = "standard"}
  check(#own > 0 and #own < #all, "some, not all: " .. #own .. " of " .. #all)
  for _, p in ipairs(own) do
    local t = {}
    for k, x in pairs(p) do t[k] = x end
    t.variant = {base = "standard", arms = 10}
    local r = mt.puzzle.check(t)
    check(not (r.ok and r.unique), p.position .. " differs under standard")
  end
end)

test("the generator's puzzles check, one per symmetry class", function()
  for _, o in ipairs({{variant = "standard", goal = "win", plies = 5},
                      {variant = {base = "standard", arms = 10}, goal = "win", plies = 3},
                      {variant = "first-move", goal = "draw"}}) do
    local found = mt.puzzle.generate(o)
    check(#found > 0, "found some")
    local seen = {}
    for _, p in ipairs(found) do
      local r = mt.puzzle.check(p)
      check(r.ok and r.unique, p.position .. ": " .. table.concat(r.problems, "; "))
      check(type(p.difficulty) == "number" and p.rating, "rated")
      check(not seen[p.position], "distinct")
      seen[p.position] = true
      -- no rotation, reflection or colour swap of it appears again
      local pos = mt.position(p.position)
      for turn = 1, pos.arms - 1 do
        local twin = tostring(pos:transform{rotate = turn}):gsub(" %d+$", "")
        check(twin == (p.position:gsub(" %d+$", "")) or not seen[twin], "folded")
      end
    end
    eq(#mt.puzzle.generate{variant = o.variant, goal = o.goal, plies = o.plies, limit = 1}, 1, "limit")
  end
  local text = mt.puzzle.text(mt.puzzle.generate{goal = "win", plies = 3}[1])
  local t = load(text)()
  check(mt.puzzle.check(t).ok, "written and read back")
end)

test("make-puzzles.lua writes checked puzzles of the wheel and of a board of points", function()
  -- (issue 33) it always passed a number of arms: a board of points failed
  local files = dofile(HERE .. "/files.lua")
  local dir = files.folder()
  local script = HERE .. "/../../scripts/tools/make-puzzles.lua"
  local function run(args)
    local p = io.popen(string.format("%s %s %s 2>&1", files.shell_quote(PROGRAM),
                                     files.shell_quote(script), args))
    local out = p:read("a")
    return out, p:close()
  end
  local q = files.shell_quote(dir)
  local cases = {{"tugul-shodra win 5 2 " .. q, {"tugul-shodra-win5-1", "tugul-shodra-win5-2"}},
                 {"pong-hau-ki draw '' 1 " .. q, {"pong-hau-ki-draw-1"}},
                 {"standard 10 win 3 1 " .. q, {"standard10-win3-1"}},
                 {"misere draw '' 1 " .. q, {"misere8-draw-1"}}}
  for _, c in ipairs(cases) do
    local out, ok = run(c[1])
    check(ok and out:find("^" .. #c[2] .. " of %d+ puzzles written to "), c[1] .. ": " .. out)
    for _, name in ipairs(c[2]) do
      local path = dir .. "/" .. name .. ".lua"
      local loaded, t = pcall(mt.puzzle.load, path)
      if check(loaded, name .. ": " .. tostring(t)) then
        local r = mt.puzzle.check(t)
        check(r.ok and r.unique, name .. ": " .. table.concat(r.problems, "; "))
        local first = type(t.solution) == "table" and t.solution[1] or t.solution
        local to = first:match("%-(%w+)$")
        local v = mt.variant(t.variant)
        if v.points then -- the hint counts the lines at the point the move goes to
          local k = 0
          for _, line in ipairs(v:board().lines) do
            if line[1] == to or line[2] == to then k = k + 1 end
          end
          eq(t.hint, string.format("The move to find goes to a point on %d line%s.", k, k == 1 and "" or "s"),
             name .. "'s hint")
        else
          check(t.hint:find(to == "c" and "into the centre" or first:find("^c") and "leaves the centre"
                            or "along the ring", 1, true), name .. "'s hint: " .. t.hint)
        end
      end
    end
  end
  local out, ok = run("standard")
  check(not ok and out:find("usage: make-puzzles.lua VARIANT [ARMS] win|draw", 1, true), out)
  files.remove_folder(dir)
end)

test("malformed puzzles are rejected with what is wrong", function()
  local good = {title = "t", variant = "standard", position = "bbb.wwwb/w w",
                goal = "win", plies = 1, solution = "5-4"}
  check(mt.puzzle.check(good).ok, "the base case checks")
  local function with(changes)
    local t = {}
    for k, v in pairs(good) do t[k] = v end
    for k, v in pairs(changes) do t[k] = v end
    return t
  end
  local cases = {
    {{title = false}, "unknown field"},
    {{oops = 1}, "unknown field 'oops'"},
    {{goal = "lose"}, 'goal must be "win" or "draw"'},
    {{position = "xx"}, "bad position"},
    {{variant = "nonesuch"}, "unknown variant 'nonesuch'"},
    {{plies = 3}, "the position is not a win in 3 for white but win in 1"},
    {{plies = 0}, "plies must be a whole number of plies"},
    {{solution = "6-5"}, "the solution 6-5 is not a right first move"},
    {{position = "bbb.wwwb/w b"}, "the position is not a win in 1 for black"},
    {{position = "bbbw.wwb/w b"}, "the game is already over"},
    {{goal = "draw"}, "the position is not a draw"},
    {{solution = {"5-4", "c-5"}}, "solution move 2 (c-5)"},
  }
  for _, c in ipairs(cases) do
    local t = with(c[1])
    if c[1].title == false then t.title = nil t.titel = "x" end
    local r = mt.puzzle.check(t)
    check(not r.ok, c[2] .. " is rejected")
    local all = table.concat(r.problems, "; ")
    check(all:find(c[2], 1, true), "problem says " .. c[2] .. ": " .. all)
  end
  -- a main line whose defence gives in sooner than it must (8-9 loses in
  -- 2, 10-9 in 4): the shipped standard12-win9-1 with that defence
  local short = {title = "t", variant = {arms = 12, base = "standard"},
                 position = ".wbbbwwbwwbw/b w", goal = "win", plies = 9,
                 solution = {"12-1", "11-12", "10-11", "c-10", "9-c", "8-9"}}
  local r = mt.puzzle.check(short)
  check(not r.ok and table.concat(r.problems, "; "):find(
          "solution move 6 (8-9) is not the longest defence", 1, true),
        "a short defence is refused: " .. table.concat(r.problems, "; "))
  short.solution[6] = "10-9"
  check(mt.puzzle.check(short).ok, "the longest defence checks")
  raises(function() mt.puzzle.check("nonesuch") end, "unknown puzzle 'nonesuch'")
  raises(function() mt.puzzle.check(42) end,
         "bad argument #1 to 'check' (puzzle (a name, a path or a table) expected, got number)")
  local path = os.tmpname()
  local f = io.open(path, "w") f:write("return {") f:close()
  raises(function() mt.puzzle.check(path) end, "cannot load puzzle")
  f = io.open(path, "w") f:write("return 7") f:close()
  raises(function() mt.puzzle.check(path) end, "must return a table, not number")
  os.remove(path)
end)

test("the REPL plays a puzzle and remembers it solved", function()
  local state = os.tmpname()
  local input = os.tmpname()
  local f = io.open(input, "w")
  f:write('puzzle "standard8-win3-1"\nplay "c-8"\nundo()\n')
  local r = mt.puzzle.check("standard8-win3-1")
  local line = r.puzzle.solution
  f:write(string.format('play %q\nplay %q\npuzzles()\n', line[1], line[3]))
  f:close()
  local out = io.popen(string.format("NO_COLOR=1 MUTORERE_PATH= MUTORERE_PUZZLES='%s' '%s' < '%s' 2>&1",
                                     state, PROGRAM, input)):read("a")
  check(out:find("Black to play and win in exactly 3 plies", 1, true), "the goal")
  check(out:find("undo() and try again", 1, true), "a wrong move is judged")
  check(out:find("perfect plays " .. line[2], 1, true), "the engine defends")
  check(out:find("Solved: ", 1, true), "solved: " .. out)
  check(out:find("✓ standard8-win3-1", 1, true), "listed as solved")
  local s = io.open(state):read("a")
  eq(s, "standard8-win3-1\n", "remembered")
  os.remove(state)
  os.remove(input)
end)

test("mt.puzzle.text writes booleans (a puzzle holds them)", function()
  local p = {title = "t", variant = {base = "standard", misere = true}, position = "bbbbwwww/. b",
             goal = "draw", hint = false}
  local back = mt.puzzle.from_text(mt.puzzle.text(p))
  eq({back.variant.misere, back.hint}, {true, false})
end)

test("the generator's puzzles of rules that remember moves can be set up", function()
  -- After a setup (no move known), the centre piece may not move first: a
  -- state whose remembered moves begin from the centre cannot be set up by
  -- them, so it is no puzzle (every win in 5 and every draw here); the
  -- others are.
  local v = mt.variant{name = "setup-centre-stays", base = "standard", arms = 8, history = 2,
    allow = function(_, m, h) return not (m.from == "c" and not h[1]) end}
  local total, with_history = 0, 0
  for _, o in ipairs({{goal = "win", plies = 3}, {goal = "win", plies = 5}, {goal = "draw"}}) do
    for _, p in ipairs(mt.puzzle.generate{variant = v, goal = o.goal, plies = o.plies}) do
      p.variant = v -- not on the search path
      local r = mt.puzzle.check(p)
      check(r.ok and r.unique, p.position .. ": " .. table.concat(r.problems, "; "))
      total = total + 1
      if p.history then with_history = with_history + 1 end
    end
  end
  check(total > 10 and with_history > 10, "found some: " .. total .. ", " .. with_history .. " with a history")
end)
