-- tournament.lua — tournament games per second, serially and spread over
-- two worker processes (jobs = 2), on the same seed: the same standings,
-- and the ratio (run by bench.c with the module loaded as mt; quick = ...).

local quick = ...
local mt = mt

local options = {players = {"alphabeta", "heuristic", "mcts", "random"},
                 variants = {"standard", {base = "standard", arms = 12}},
                 games = quick and 4 or 16, seed = 1}

-- Runs the tournament with jobs; returns it and the seconds it took.
local function timed(jobs)
  options.jobs = jobs
  local t = mt.clock()
  local result = mt.tournament(options)
  return result, mt.clock() - t
end

local serial, s_time = timed(1)
local spread, j_time = timed(2)
local games = #serial.matches * options.games
print(string.format("tournament, %d players, %d variants, %d games", #options.players,
                    #options.variants, games))
print(string.format("  %-44s %11d games    %7.3f s %10.1f games/s", "serial", games,
                    s_time, games / s_time))
print(string.format("  %-44s %11d games    %7.3f s %10.1f games/s", "jobs = 2", games,
                    j_time, games / j_time))
local same = tostring(serial) == tostring(spread)
for k, m in ipairs(serial.matches) do
  for i, r in ipairs(m.records) do
    local other = spread.matches[k].records[i]
    same = same and table.concat(r.moves, " ") == table.concat(other.moves, " ")
  end
end
local nproc = io.popen("nproc 2>/dev/null")
local cores = nproc and nproc:read("n") or 0
if nproc then nproc:close() end
print(string.format("jobs = 2 / serial: %.2fx with %d cores (bar: 1.6x on 2 idle cores)%s",
                    s_time / j_time, cores, same and "" or "  THE RESULTS DIFFER"))
