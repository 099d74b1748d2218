-- patterns.lua — what the module's own pattern, string.rep and table
-- functions (which answer Ctrl-C and the budgets) cost against Lua's: run
-- by bench.c in a state that kept Lua's in lua_library before it loaded
-- the module.  Every figure is a ratio measured in this one run.

local quick = ...
local lua = rawget(_G, "lua_library")
local ours = {find = string.find, match = string.match, gmatch = string.gmatch, gsub = string.gsub,
              rep = string.rep, sort = table.sort, insert = table.insert, concat = table.concat}
local rounds = quick and 1 or 5

local text = string.rep("hello world, the quick brown fox 12345; ", quick and 5000 or 20000)
local numbers = {}
for i = 1, quick and 100000 or 300000 do numbers[i] = (i * 7919) % 100003 end

local WORK = {
  {"find a pattern", function(L) for i = 1, 20000 do L.find(text, "fox %d+", i * 10) end end},
  {"match with captures", function(L)
    for _ = 1, 100000 do L.match("key = value", "^(%w+)%s*=%s*(%w+)$") end
  end},
  {"gmatch words", function(L) for _ in L.gmatch(text, "%a+") do end end},
  {"gsub with captures", function(L) L.gsub(text, "(%w+)", "<%1>") end},
  {"rep", function(L) for _ = 1, 200 do L.rep("ab", 10000, ",") end end},
  {"insert and concat", function(L)
    local t = {}
    for i = 1, 100000 do L.insert(t, i) end
    L.concat(t, ",")
  end},
  {"sort numbers", function(L) L.sort(table.move(numbers, 1, #numbers, 1, {})) end},
  {"sort with a function", function(L)
    L.sort(table.move(numbers, 1, #numbers, 1, {}), function(a, b) return a > b end)
  end},
}

local function seconds(f, library)
  local best = math.huge
  for _ = 1, rounds do
    local t = os.clock()
    f(library)
    best = math.min(best, os.clock() - t)
  end
  return best
end

print("the library functions that answer the budgets, against Lua's own")
for _, w in ipairs(WORK) do
  local a, b = seconds(w[2], lua), seconds(w[2], ours)
  print(string.format("  %-24s Lua %7.1f ms  mutorere %7.1f ms  %.2fx", w[1], a * 1000, b * 1000, b / a))
end
