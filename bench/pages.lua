-- pages.lua — writing the play page of mt.html (run by bench.c with the
-- module loaded as mt; quick = ... for a short run): for the standard rule
-- on 8 to 12 arms, a board of points, games of drops and of captures, the
-- page's size and the milliseconds it takes after the solve (the goal:
-- under one second on 12 arms), against two references measured in this
-- one run: the census of the same states (a walk in C that reads each
-- state's value and counts it, nothing written: the least a page can
-- cost) and a bare walk of them in Lua (moves, plays, keys and lookups,
-- nothing written: what the page cost when its walk was Lua's).

local quick = ...
local mt = mt

local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
local best = dofile(here .. "best.lua")

-- The states reachable from the start of v, walked as the page walks
-- them but written nowhere.
local function bare_walk(v, s)
  local start = v.start
  local list, seen, head = {start}, {[v:key(start, {})] = true}, 1
  local lists = {{}}
  while head <= #list do
    local p, h = list[head], lists[head]
    s:lookup(p, h)
    if not v:outcome(p, h) then
      for _, m in ipairs(v:moves(p, h)) do
        local q, hq = v:play(p, m, h)
        local key = v:key(q, hq)
        if not seen[key] then
          seen[key] = true
          list[#list + 1], lists[#list + 1] = q, hq
        end
      end
    end
    head = head + 1
  end
  return #list
end

local variants = {}
for n = 8, quick and 10 or 12, 2 do variants[#variants + 1] = mt.variant{arms = n} end
for _, name in ipairs(quick and {"tapatan"} or {"ho-bag-gonu", "tapatan", "achi"}) do
  variants[#variants + 1] = mt.variant(name)
end
if not quick then
  variants[#variants + 1] = mt.variant{base = "four-field-kono", name = "kono, two a side",
                                       start = "b...b...w......w b"}
end

print("play pages (mt.html of a variant; after the solve; best of 3)")
for _, v in ipairs(variants) do
  local s = mt.solve(v)
  local page, states
  local t = best(function() page, states = mt.html(v) end)
  local census = best(function() s:census(v.start, 0) end)
  local walk = best(function() bare_walk(v, s) end)
  print(string.format("  %-18s %6d states: %7d bytes, %6.1f ms; its census %5.1f ms (%.1fx), " ..
                      "a bare walk in Lua %6.1f ms (%.2fx)",
                      v.name .. (v.arms and " " .. v.arms or ""), states, #page, 1e3 * t,
                      1e3 * census, t / census, 1e3 * walk, t / walk))
end
