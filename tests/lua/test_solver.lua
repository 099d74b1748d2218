-- test_solver.lua — mt.solve from Lua: the symmetric solver against the
-- plain one through lookups, hooked variants with and without a symmetry
-- claim, a false claim refused, the options (threads, file, progress),
-- solution files refused when foreign, damaged or truncated, budgets.

local mt = require "mutorere"

-- Every position of a variant (all plies of its opening layers) as text.
local function all_positions(v)
  local list, n = {}, v.arms
  local function walk(prefix, b, w, e)
    if #prefix == n + 1 then
      for ply = 0, v.opening do
        for _, side in ipairs({"b", "w"}) do
          list[#list + 1] = prefix:sub(1, n) .. "/" .. prefix:sub(n + 1) ..
                            " " .. side .. " " .. ply
        end
      end
      return
    end
    if b > 0 then walk(prefix .. "b", b - 1, w, e) end
    if w > 0 then walk(prefix .. "w", b, w - 1, e) end
    if e > 0 then walk(prefix .. ".", b, w, e - 1) end
  end
  walk("", n // 2, n // 2, 1)
  return list
end

-- The number of positions whose values differ between two solutions.
local function differences(a, b, v)
  local bad = 0
  for _, p in ipairs(all_positions(v)) do
    local x, dx = a:lookup(p)
    local y, dy = b:lookup(p)
    if x ~= y or dx ~= dy then bad = bad + 1 end
  end
  return bad
end

local function always() return true end

test("built-in variants are solved up to symmetry, with the plain solver's values", function()
  for _, name in ipairs({"standard", "first-two-turns", "first-move",
                         "no-restriction", "adjacent-enemy", "misere"}) do
    for n = 4, 10, 2 do
      local v = mt.variant{base = name, arms = n}
      local s = mt.solve(v)
      check(s:info().symmetric, name .. " " .. n .. " symmetric")
      -- a hook that changes nothing makes the plain solver do it
      local plain = mt.solve(mt.variant{base = v, allow = always})
      check(not plain:info().symmetric, "plain")
      eq(s:states(), plain:states(), "positions")
      eq(differences(s, plain, v), 0, name .. " on " .. n .. " arms")
      local a, b = s:census(), plain:census()
      a.examples, b.examples = nil, nil
      eq(a, b, name .. " census on " .. n .. " arms")
    end
  end
  local info = mt.solve({arms = 16}):info()
  eq({info.positions, info.entries, info.bits, info.bytes}, {437580, 14080, 1.6, 2816},
     "info: five values a byte")
end)

test("hooked variants: solved up to symmetry when they say so", function()
  local v = mt.variant{base = "first-move-hook", arms = 10}
  local claimed = mt.variant{base = v, name = "claimed", symmetric = true}
  check(not v:parameters().symmetric and claimed:parameters().symmetric, "the field")
  local a, b = mt.solve(v), mt.solve(claimed)
  check(not a:info().symmetric and b:info().symmetric, "which solver")
  eq(differences(a, b, v), 0, "same values")
  local c = mt.solve(mt.variant{base = "centre-must-leave", arms = 8, symmetric = true})
  local d = mt.solve(mt.variant{base = "centre-must-leave", arms = 8})
  eq(differences(c, d, mt.variant("centre-must-leave")), 0, "centre-must-leave")
  local liar = mt.variant{base = "standard", name = "liar", symmetric = true,
                          allow = function(_, m) return m.from ~= 1 end}
  -- rules whose hooks read the neighbours of the moving piece, asked about
  -- turned boards: the same values as the plain solver on every position
  local function flank(p, m)
    if m.to ~= "c" then return true end
    local n, from = p.arms, m.from
    local enemy = p.side == "black" and "white" or "black"
    return p[from % n + 1] == enemy or p[(from - 2) % n + 1] == enemy
  end
  local function lonely(p, m) -- a step only beside a friend of the mover
    if m.from == "c" or m.to == "c" then return true end
    local n, from = p.arms, m.from
    return p[from % n + 1] == p.side or p[(from - 2) % n + 1] == p.side
  end
  for _, rule in ipairs({flank, lonely}) do
    for n = 8, 12, 2 do
      local plain = mt.variant{base = "no-restriction", name = "hooked", arms = n, allow = rule}
      local sym = mt.variant{base = plain, name = "hooked-symmetric", symmetric = true}
      local by_plain, by_symmetry = mt.solve(plain), mt.solve(sym)
      check(by_symmetry:info().symmetric, "solved up to symmetry")
      eq(differences(by_plain, by_symmetry, plain), 0, "a hook asked about turned boards, " .. n .. " arms")
    end
  end
  raises(function() mt.solve(liar) end, "says it is symmetric, but its hooks forbid 1-c in bbbbwwww/. b and allow")
  local liar2 = mt.variant{base = "standard", name = "liar2", symmetric = true,
                           result = function(p) if p.centre == "black" then return "white" end end}
  raises(function() mt.solve(liar2) end, "but its hooks judge")
  raises(function() mt.variant{symmetric = "yes"} end, "symmetric must be a boolean")
end)

test("options: threads and progress", function()
  raises(function() mt.solve("standard", {threads = 0}) end, "threads must be a whole number from 1 to 64")
  raises(function() mt.solve("standard", {threads = "all"}) end, "threads must be a whole number from 1 to 64")
  raises(function() mt.solve("standard", {progress = -1}) end, "progress must be")
  raises(function() mt.solve("standard", {file = 7}) end, "file must be a path")
  -- a bar drawn at once on standard error, cleared at the end
  local err_file = os.tmpname()
  local p = io.popen(string.format("%q -e %q 2>%s", PROGRAM,
    "mt.solve({arms = 18, flank = 6}, {progress = 0, threads = 2}) print('done')",
    err_file))
  eq(p:read("a"), "done\n", "output")
  p:close()
  local f = io.open(err_file)
  local err = f:read("a")
  f:close()
  os.remove(err_file)
  check(err:find("ends [", 1, true) and err:find("ply 5 [", 1, true), "the bar: " .. err)
  check(err:find("%d+%.?%d*[kM]?/s") and err:find("left"), "rate and time left")
  check(err:sub(-4) == "\r\27[K", "cleared")
end)

local files = dofile(HERE .. "/files.lua")
local read, write = files.read, files.write

test("solution files: written once, then read; foreign or damaged ones refused", function()
  local path = os.tmpname()
  os.remove(path)
  local v = mt.variant{base = "misere", arms = 12, name = "misere12"}
  local s = mt.solve(v, {file = path})
  local text = read(path)
  check(text:find("^mutorere solution\nformat 4\nprogram " .. mt.version ..
                  "\nvariant rules arms=12 flank=always adjacent_enemy=no misere=yes\n"),
        "header: " .. text:sub(1, 200))
  -- in a fresh program the file is read, not solved
  local p = io.popen(string.format("%q -e %q", PROGRAM, string.format(
    "local s = mt.solve({base = 'misere', arms = 12}, {file = %q}) " ..
    "print(s:info().seconds, s:lookup('bbbbbbwwwwww/. b'))", path)))
  local out = p:read("a")
  p:close()
  local value, distance = s:lookup("bbbbbbwwwwww/. b")
  eq(out, "0.0\t" .. value .. "\t" .. tostring(distance) .. "\n", "loaded")
  -- mapped: the lookups read the file as they ask, the same answers, no
  -- cache; a missing file is no solve
  local mapped = mt.solve(v, {file = path, mapped = true})
  check(mapped ~= s, "a mapped solution is not the cached one")
  local positions, seed = 0, 7
  for _ = 1, 20 do -- games at random from the start, each position looked up
    local position = v.start
    for _ = 1, 30 do
      local a1, a2 = s:lookup(position)
      local b1, b2 = mapped:lookup(position)
      eq({b1, b2}, {a1, a2}, "mapped: " .. tostring(position))
      positions = positions + 1
      local moves = v:moves(position)
      if #moves == 0 then break end
      seed = (seed * 1103515245 + 12345) % 2147483648
      position = v:play(position, moves[seed % #moves + 1])
    end
  end
  check(positions > 100, "positions looked up: " .. positions)
  raises(function() mt.solve(v, {file = path .. ".none", mapped = true}) end,
         "mapped: no solution file at")
  raises(function() mt.solve(v, {mapped = true}) end, "mapped needs a file")
  -- another variant
  raises(function() mt.solve({arms = 12}, {file = path}) end,
         "holds another variant: rules arms=12 flank=always adjacent_enemy=no misere=yes")
  -- damaged, truncated: with the solution gone from memory
  s, v, mapped = nil, nil, nil -- luacheck: ignore 311 (drops the solution before collecting)
  collectgarbage()
  collectgarbage()
  local broken = text:sub(1, #text - 10) .. string.char((text:byte(-10) + 1) % 256) .. text:sub(-9)
  write(path, broken)
  raises(function() mt.solve({arms = 12, misere = true}, {file = path}) end,
         "damaged: its checksum does not match")
  write(path, text:sub(1, #text - 100))
  raises(function() mt.solve({arms = 12, misere = true}, {file = path}) end,
         "is truncated")
  write(path, "not a table\n")
  raises(function() mt.solve({arms = 12, misere = true}, {file = path}) end,
         "is not a solution file")
  os.remove(path)
  -- a solution already in memory is written when asked
  mt.solve("standard", {file = path})
  check(read(path):find("variant rules arms=8 flank=always", 1, true), "written from the cache")
  os.remove(path)
  -- no files in a sandbox
  local ok, err = mt.sandbox(function() return mt.solve("standard", {file = path}) end)
  check(not ok and err:find("not allowed in a sandbox", 1, true), "sandbox: " .. tostring(err))
end)

test("budgets stop a long solve and its census", function()
  local ok, err = mt.limit({time = 0.1}, mt.solve, {arms = 30})
  check(not ok and err:find("the time budget", 1, true), "time: " .. tostring(err))
  ok, err = mt.limit({memory = 1 << 20}, mt.solve, {arms = 24})
  check(not ok and err:find("not enough memory to solve: 24 arms take 1.4 MB", 1, true),
        "memory: " .. tostring(err))
  local s = mt.solve({arms = 22, flank = 3})
  ok, err = mt.limit({time = 0.05}, s.census, s)
  check(not ok and err:find("the time budget", 1, true), "census: " .. tostring(err))
end)

test("Ctrl-C stops a long solve at once", function()
  local out_file = os.tmpname()
  local t = mt.clock()
  local p = io.popen(string.format(
    "%q -e %q 2>%s & pid=$!; sleep 0.5; kill -INT $pid; wait $pid; echo $?",
    PROGRAM, "mt.solve({arms = 30}, {threads = 2})", out_file))
  local code = p:read("a")
  p:close()
  local f = io.open(out_file)
  local err = f:read("a")
  f:close()
  os.remove(out_file)
  eq(code, "1\n", "exit status")
  check(err:find("interrupted", 1, true), "message: " .. err)
  check(mt.clock() - t < 5, "stopped at once")
end)
