-- pages.lua — writing the play page of mt.html (run by bench.c with the
-- module loaded as mt; quick = ... for a short run): for the standard rule
-- on 8 to 12 arms, the page's size and the seconds it takes after the
-- solve (the goal: under one second on 12 arms), against a bare walk of
-- the same states in Lua (moves, plays, keys and lookups, nothing
-- written) measured in this one run.

local quick = ...
local mt = mt

local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
local best = dofile(here .. "best.lua")

-- The states reachable from the start of v, walked as the page walks
-- them but written nowhere.
local function bare_walk(v, s)
  local list, seen, head = {v.start}, {[tostring(v.start)] = true}, 1
  while head <= #list do
    local p = list[head]
    s:lookup(p)
    if not v:outcome(p) then
      for _, m in ipairs(v:moves(p)) do
        local q = v:play(p, m)
        local key = tostring(q):gsub(" %d+$", "")
        if not seen[key] then
          seen[key] = true
          list[#list + 1] = q
        end
      end
    end
    head = head + 1
  end
  return #list
end

print("play pages (mt.html of a variant; after the solve; best of 3)")
for n = 8, quick and 10 or 12, 2 do
  local v = mt.variant{arms = n}
  local s = mt.solve(v)
  local page, states
  local t = best(function() page, states = mt.html(v) end)
  local walk = best(function() bare_walk(v, s) end)
  print(string.format("  %2d arms %6d states: %7d bytes, %6.1f ms; a bare walk %5.1f ms: %.1fx",
                      n, states, #page, 1e3 * t, 1e3 * walk, t / walk))
end
