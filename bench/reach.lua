-- reach.lua — solving what the rules reach (run by bench.c with the module
-- loaded as mt; quick = ..., long = ... as bench.c says; core_peak() and
-- core_reset_peak() read the core's peak memory): two variants whose rules
-- remember moves, where play reaches a few states of the plain table's
-- index, solved by mt.solve left to choose (the reachable states) — the
-- targets: under 1 s and under 100 MB each, with the census the plain
-- table gives (issue 24) — and, when long, by the plain table too, in the
-- same run.

local quick, long = ...
local mt = mt
local core_peak, core_reset_peak = core_peak, core_reset_peak -- luacheck: globals core_peak core_reset_peak (bench.c's)

-- The variants of issue 24: a piece may not move twice in a row (it moved
-- last as history[mine]) once history[late] exists.
local cases = {
  {arms = 6, history = 8, mine = 2, late = 8, census = {1237, 96, 72, 1069}},
  {arms = 8, history = 6, mine = 1, late = 6, census = {35029, 4516, 2338, 28175}},
}

local function variant(c)
  local mine, late = c.mine, c.late
  return mt.variant{name = string.format("tired-late-%d", c.arms), base = "standard",
                    arms = c.arms, history = c.history,
                    allow = function(_, m, h) return not (h[mine] and m.from == h[mine].to and h[late]) end}
end

-- The states of the plain table's index: positions (2 (n+1)! / ((n/2)!)^2)
-- times the histories of up to k moves of n + 1 to points.
local function table_states(n, k)
  local positions = 2
  for i = 1, n + 1 do positions = positions * i end
  for i = 1, n // 2 do positions = positions / i / i end
  local histories, power = 0, 1
  for _ = 0, k do histories, power = histories + power, power * (n + 1) end
  return math.floor(positions * histories + 0.5)
end

local function megabytes(bytes) return bytes / 1e6 end

-- Solves c afresh with options (a new variant: nothing cached), the best
-- of runs: seconds (wall clock), processor seconds, the core's peak bytes,
-- the solution.
local function solve(c, options, runs)
  local best, cpu, peak, s = math.huge, 0, 0, nil
  for _ = 1, runs do
    local v = variant(c)
    collectgarbage()
    core_reset_peak()
    local t, t_cpu = mt.clock(), os.clock()
    s = mt.solve(v, options)
    local seconds = mt.clock() - t
    if seconds < best then best, cpu, peak = seconds, os.clock() - t_cpu, core_peak() end
  end
  return best, cpu, peak, s
end

local function census_of(s)
  local c = s:census()
  return {c.reachable, c.wins, c.losses, c.draws}
end

print("solving what the rules reach: mt.solve left to choose (best of " .. (quick and 3 or 5) ..
      "; the census the plain table gives: as issue 24 found it, or solved here when long)")
for _, c in ipairs(cases) do
  local seconds, cpu, peak, s = solve(c, {progress = false}, quick and 3 or 5)
  local got, want = census_of(s), c.census
  local t_seconds, t_cpu, t_peak, t
  if long then
    t_seconds, t_cpu, t_peak, t = solve(c, {progress = false, reachable = false}, 1)
    want = census_of(t)
  end
  local same = table.concat(got, " ") == table.concat(want, " ")
  print(string.format("  %d arms, history %d, %s: %d states (%d won, %d lost, %d drawn: %s) in %.3f s " ..
                      "(processor %.3f s), core peak %.1f MB (targets: < 1 s, < 100 MB)",
                      c.arms, c.history, s:info().kind, got[1], got[2], got[3], got[4],
                      same and "the plain table's census" or "NOT THE PLAIN TABLE'S CENSUS",
                      seconds, cpu, megabytes(peak)))
  if long then
    print(string.format("  %15s the plain table (%s, %d states): %.2f s (processor %.2f s), core peak %.0f MB: " ..
                        "%.0fx the time, %.0fx the memory", "", t:info().kind, t:states(), t_seconds, t_cpu,
                        megabytes(t_peak), t_seconds / seconds, t_peak / peak))
  else
    print(string.format("  %15s the plain table indexes %d states (bench long solves it)", "",
                        table_states(c.arms, c.history)))
  end
end
