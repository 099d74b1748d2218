-- accuracy.lua — mt.accuracy of alpha-beta at depth 2 on every state of the
-- standard game on 16 arms (12 when quick), against the reference: the
-- tightest loop that asks the same player for its move in each of those
-- states, listed beforehand by a plain walk (untimed).  The bar: 3 times
-- the reference.  (Run by bench.c with the module loaded as mt; quick =
-- ...)

local quick = ...
local mt = mt

local arms = quick and 12 or 16
local v = mt.variant{base = "standard", arms = arms}
local player = mt.player("alphabeta", {depth = 2})

-- The states reachable from the start that go on, by a plain walk: the
-- text of each position (the standard rules remember no moves; text keeps
-- the collector's work small).
local function states_with_a_move()
  local list, seen, queue = {}, {}, {{v.start, {}}}
  seen[v:key(v.start)] = true
  local head = 1
  while head <= #queue do
    local p, h = queue[head][1], queue[head][2]
    head = head + 1
    if not v:outcome(p, h) then
      list[#list + 1] = tostring(p)
      for _, m in ipairs(v:moves(p, h)) do
        local q, after = v:play(p, m, h)
        local key = v:key(q, after)
        if not seen[key] then
          seen[key] = true
          queue[#queue + 1] = {q, after}
        end
      end
    end
  end
  return list
end

-- Runs f; returns its result, the wall-clock and the processor seconds.
local function timed(f)
  collectgarbage()
  local t, c = mt.clock(), os.clock()
  local result = f()
  return result, mt.clock() - t, os.clock() - c
end

mt.solve(v)
local states = states_with_a_move()
local _, ref_wall, ref_cpu = timed(function()
  for _, s in ipairs(states) do player:choose(mt.game(v, s)) end
end)
local result, wall, cpu = timed(function()
  return mt.accuracy(player, v, {progress = false})
end)
print(string.format("accuracy, alphabeta depth 2, standard %d arms", arms))
print(string.format("  %-44s %11d states   %7.3f s (cpu %6.3f s)", "the player alone",
                    #states, ref_wall, ref_cpu))
print(string.format("  %-44s %11d states   %7.3f s (cpu %6.3f s)", "mt.accuracy",
                    result.states, wall, cpu))
print(string.format("mt.accuracy / the player alone: %.2fx (cpu %.2fx; bar: 3x)%s",
                    wall / ref_wall, cpu / ref_cpu,
                    result.states == #states and "" or "  THE STATES DIFFER"))
