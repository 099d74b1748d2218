-- test_patterns.lua — the module's own pattern functions, string.rep and
-- table functions (which answer the budgets) against Lua's, in a stock
-- host that still has Lua's: run by module_host, which loads this file
-- before the module.  Random patterns and subjects, the errors too; then
-- the budgets stop what Lua's own would not.

local lua = {find = string.find, match = string.match, gmatch = string.gmatch,
             gsub = string.gsub, rep = string.rep, insert = table.insert,
             remove = table.remove, move = table.move, concat = table.concat,
             sort = table.sort}
local mt = require "mutorere"
local ours = {find = string.find, match = string.match, gmatch = string.gmatch,
              gsub = string.gsub, rep = string.rep, insert = table.insert,
              remove = table.remove, move = table.move, concat = table.concat,
              sort = table.sort}

test("the module puts its own functions in place", function()
  for name, f in pairs(ours) do check(f ~= lua[name], name .. " is replaced") end
  check(("x"):find("x") == 1 and getmetatable("").__index.gmatch == ours.gmatch,
        "string methods are the module's too")
end)

-- The results of a call, with an error's message without its position.
local function outcome(f, ...)
  local r = table.pack(pcall(f, ...))
  if not r[1] then
    r[2] = tostring(r[2]):gsub("^[^:]*:%d+: ", ""):gsub("to '[^']*'", "to '?'")
  end
  return r
end

-- All the matches gmatch gives, as text.
local function all_matches(gmatch, s, p, init)
  local out = {}
  for a, b, c in gmatch(s, p, init) do
    out[#out + 1] = tostring(a) .. "|" .. tostring(b) .. "|" .. tostring(c)
    if #out > 50 then break end
  end
  return table.concat(out, ",")
end

local PIECES = {"a", "b", "%", "(", ")", ".", "*", "+", "-", "?", "[", "]", "^", "$",
                "%a", "%d", "%s", "%w", "%p", "%1", "%2", "%b()", "%f[%w]", "%f[%W]",
                "[^a]", "[a-c]", "[%a_]", "[]]", "[^]]", "[a-]", "x", " ", "()", "%]",
                "%x", "%S", "%U", "%0", "[%d%s]", "\0"}
local LETTERS = {"a", "b", "(", ")", " ", "x", "1", "_", "]", "-", "aa", "\0", "é"}

test("find, match, gmatch and gsub agree with Lua's", function()
  local seed = 12345
  local function random(n)
    seed = (seed * 1103515245 + 12345) % 2147483648
    return seed % n + 1
  end
  local differ, tried = 0, 0
  for _ = 1, 20000 do
    local p, s = {}, {}
    for i = 1, random(7) - 1 do p[i] = PIECES[random(#PIECES)] end
    for i = 1, random(9) - 1 do s[i] = LETTERS[random(#LETTERS)] end
    p, s = table.concat(p), table.concat(s)
    local init, most = random(14) - 5, random(4) == 1 and 2 or nil
    local cases = {
      {"find", function(f) return f.find(s, p, init) end},
      {"plain find", function(f) return f.find(s, p, init, true) end},
      {"match", function(f) return f.match(s, p, init) end},
      {"gsub text", function(f) return f.gsub(s, p, "<%0%1>", most) end},
      {"gsub function", function(f) return f.gsub(s, p, function(a, b) return b and a .. b end) end},
      {"gsub table", function(f) return f.gsub(s, p, {a = "A", [""] = 1}) end},
      {"gmatch", function(f) return all_matches(f.gmatch, s, p, init) end},
    }
    for _, c in ipairs(cases) do
      tried = tried + 1
      local a, b = outcome(c[2], lua), outcome(c[2], ours)
      local same = a.n == b.n
      for i = 1, a.n do same = same and a[i] == b[i] end
      if not same then
        differ = differ + 1
        if differ <= 5 then
          check(false, string.format("%s(%q, %q, %d): Lua %s %s, ours %s %s", c[1], s, p, init,
                                     tostring(a[1]), tostring(a[2]), tostring(b[1]), tostring(b[2])))
        end
      end
    end
  end
  eq(differ, 0, "calls that differ of " .. tried)
end)

test("string.rep and the table functions agree with Lua's", function()
  for _, c in ipairs({{"ab", 3}, {"ab", 3, ","}, {"", 5}, {"x", 0}, {"x", -2, "y"}, {"", 4, "-"}}) do
    eq(ours.rep(table.unpack(c)), lua.rep(table.unpack(c)), "rep " .. table.concat(c, " "))
  end
  local function both(f)
    local t1, t2 = {1, 2, 3, 4, 5}, {1, 2, 3, 4, 5}
    local a, b = outcome(f, lua, t1), outcome(f, ours, t2)
    return a, b, t1, t2
  end
  local calls = {
    function(f, t) return f.insert(t, 1, "x") end,
    function(f, t) return f.insert(t, 6, "x") end,
    function(f, t) return f.insert(t, 8, "x") end,
    function(f, t) return f.insert(t, "x") end,
    function(f, t) return f.insert(t) end,
    function(f, t) return f.remove(t) end,
    function(f, t) return f.remove(t, 1) end,
    function(f, t) return f.remove(t, 6) end,
    function(f, t) return f.remove(t, 9) end,
    function(f, t) return f.move(t, 2, 4, 1) end,
    function(f, t) return f.move(t, 1, 3, 3) end,
    function(f, t) return #f.move(t, 1, 5, 1, {}) end,
    function(f, t) return f.move(t, 1, math.maxinteger, 2) end,
    function(f, t) return f.concat(t, ", ") end,
    function(f, t) return f.concat(t, "", 2, 4) end,
    function(f, t) return f.concat(t, "", 4, 2) end,
    function(f, t) t[3] = {} return f.concat(t) end,
    function(f, t) f.sort(t, function(a, b) return a > b end) return f.concat(t) end,
    function(f, t) t[2] = "x" return f.sort(t) end,
    function(f) return f.sort(5) end,
  }
  for i, call in ipairs(calls) do
    local a, b, t1, t2 = both(call)
    if a[1] then
      eq(b, a, "call " .. i)
      eq(t2, t1, "the table after call " .. i)
    else -- the same error; a sort stopped by one leaves the same items
      eq(b[1], false, "call " .. i .. " fails too")
      local want = a[2]:gsub("#1 to '%?' %(position", "#2 to '?' (position") -- 5.4.4 said #1
      eq(b[2], want, "call " .. i .. "'s error")
      lua.sort(t1, function(x, y) return tostring(x) < tostring(y) end)
      lua.sort(t2, function(x, y) return tostring(x) < tostring(y) end)
      eq(t2, t1, "the items after call " .. i)
    end
  end
  for n = 0, 300, 7 do
    local t1 = {}
    for i = 1, n do t1[i] = (i * 7919) % 101 end
    local t2 = table.move(t1, 1, n, 1, {})
    lua.sort(t1)
    ours.sort(t2)
    eq(t2, t1, "sorted " .. n)
  end
  local t = {}
  for i = 1, 200 do t[i] = i % 7 end
  local ok = pcall(ours.sort, t, function() return true end)
  local kept = 0
  for i = 1, 200 do kept = kept + (t[i] and 1 or 0) end
  eq(kept, 200, "an inconsistent order loses nothing (" .. tostring(ok) .. ")")
end)

-- Calls that run for ages inside C in Lua's own library.
local SLOW = {
  {"a backtracking find", function() return ("a"):rep(3000):find(".-.-.-.-.-x") end},
  {"a backtracking match", function() return ("a"):rep(20000):match("(.-)%1b") end},
  {"gsub", function() return ("a"):rep(10000):gsub(".-.-.-b", "") end},
  {"gmatch", function() for _ in ("a"):rep(10000):gmatch(".-.-.-b") do end end},
  {"a balanced run", function() return ("("):rep(100000):find("%b()%b()x") end},
  {"move", function() return table.move({}, 1, 1e15, 2) end},
  {"insert", function()
    return table.insert(setmetatable({}, {__len = function() return 1e15 end}), 1, 1)
  end},
  {"remove", function()
    return table.remove(setmetatable({}, {__len = function() return 1e15 end}), 1)
  end},
  {"sort", function(t) table.sort(t) table.sort(t, math.ult) table.sort(t) end,
   function()
     local t = {}
     for i = 1, 2e6 do t[i] = (i * 7919) % 1000003 end
     return t
   end},
}

test("budgets stop them: time and instructions", function()
  eq({mt.limit({time = 0.2}, string.rep, "", 1e15)}, {true, ""}, "rep of nothing is nothing, at once")
  eq({mt.limit({time = 0.2}, string.rep, "", 1e15, "")}, {true, ""}, "with an empty separator too")
  for _, c in ipairs(SLOW) do
    local start = os.clock()
    local ok, err = mt.limit({time = 0.05}, c[2], c[3] and c[3]())
    check(not ok and (tostring(err):find("time budget", 1, true)
                      or tostring(err):find("not enough memory", 1, true)
                      or tostring(err):find("too large", 1, true)),
          c[1] .. " under a time budget: " .. tostring(err))
    check(os.clock() - start < 2, c[1] .. " stopped soon")
  end
  for _, c in ipairs(SLOW) do
    local arg = c[3] and c[3]()
    local start = os.clock()
    local ok, err = mt.limit({instructions = 1e6}, c[2], arg)
    check(not ok and (tostring(err):find("instruction budget", 1, true)
                      or tostring(err):find("not enough memory", 1, true)
                      or tostring(err):find("too large", 1, true)),
          c[1] .. " under an instruction budget: " .. tostring(err))
    check(os.clock() - start < 2, c[1] .. " stopped soon")
  end
end)
