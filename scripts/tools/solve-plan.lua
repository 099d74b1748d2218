-- solve-plan.lua — the figures of doc/solving-large.md: what a symmetric
-- solve of the standard game takes by arms (classes, working memory at 4
-- bits a class, the file at 2), mutorere-mpi measured on the boards and
-- rank counts given (its own printout: time, waves, rounds, bytes sent a
-- class, peak memory a rank), and from those the plan of larger boards
-- (ranks, memory a rank, bytes over the network, hours).
--
--   lua5.4 scripts/tools/solve-plan.lua [options]   (or mutorere ...)
--     --mpi PATH        mutorere-mpi (build-mpi/mutorere-mpi); "none": the
--                       sizes and a plan from the figures given below
--     --mpirun CMD      how to start it ("mpirun --oversubscribe
--                       --allow-run-as-root": ranks past the cores share them)
--     --arms 24,26,28   boards measured
--     --ranks 1,2,3,4   rank counts measured on each
--     --plan 38:64,40:256,44:4096   boards planned, each on its ranks
--     --rate R          classes a second a rank for the plan (default: the
--                       least measured at the largest board, over rank
--                       counts within --cores)
--     --cores K         cores of this machine (every core)
--     --bytes B         bytes sent a class for the plan (default: the most
--                       measured)
--     --latency S       seconds a round of messages takes on the cluster
--                       (three collective calls over every rank: 0.002)
--     --bandwidth B     bytes a second a rank sends and receives on the
--                       cluster (1e9: a 10 Gb/s link a node of 8 ranks)
--     --waves-from N    the waves of a board past the measured ones: the
--                       waves of the largest measured, plus N a step of
--                       two arms (26, as from 28 to 30 and 30 to 32 arms)
--
-- The plan's hours are three sums: the classes a rank holds at the rate
-- measured here, the rounds (at least one for each 262,144 classes of a
-- slice in every wave) at --latency each, and the bytes a rank sends at
-- --bandwidth.  Read them as orders of magnitude: the rate measured on
-- small boards on one machine is not a cluster's.

local options = {mpi = "build-mpi/mutorere-mpi",
                 mpirun = "mpirun --oversubscribe --allow-run-as-root",
                 arms = "24,26,28", ranks = "1,2,3,4", plan = "38:64,40:256,44:4096",
                 latency = "0.002", bandwidth = "1e9", ["waves-from"] = "26"}
local known = {rate = true, bytes = true, cores = true}
for key in pairs(options) do known[key] = true end
local i = 1
while i <= #arg do
  local key, value = arg[i]:match("^%-%-([%w-]+)$"), arg[i + 1]
  if key and known[key] and value then
    options[key], i = value, i + 2
  else
    io.stderr:write("solve-plan.lua: bad option ", tostring(arg[i]), "\n")
    os.exit(2)
  end
end

-- The numbers of a list "a,b,c", or of "a:x,b:y" as pairs.
local function numbers(text)
  local list = {}
  for item in text:gmatch("[^,]+") do
    local a, b = item:match("^(%d+):(%d+)$")
    list[#list + 1] = a and {tonumber(a), tonumber(b)} or tonumber(item)
  end
  return list
end

-- A count with thousands separators.
local function count(n)
  local s = string.format("%.0f", n)
  return (s:reverse():gsub("(%d%d%d)", "%1,"):reverse():gsub("^,", ""))
end

-- Bytes as people read them (1000s).
local function size(bytes)
  local units, u = {"B", "kB", "MB", "GB", "TB", "PB"}, 1
  while bytes >= 1000 and u < #units do bytes, u = bytes / 1000, u + 1 end
  return string.format(u == 1 and "%d %s" or "%.3g %s", bytes, units[u])
end

-- Bytes of a size as mutorere-mpi prints it ("12 MB", "1.2 GB").
local function bytes_of(text)
  local x, unit = text:match("^([%d.]+) (%a+)$")
  local scale = {bytes = 1, kB = 1e3, MB = 1e6, GB = 1e9, TB = 1e12}
  return tonumber(x) * scale[unit]
end

-- The classes of a layer of n arms: 2 * C(n, n/2).
local function classes(n)
  local c = 1
  for k = 1, n // 2 do c = c * (n // 2 + k) / k end
  return 2 * math.floor(c + 0.5)
end

local function row(cells) print("| " .. table.concat(cells, " | ") .. " |") end
local function head(cells)
  row(cells)
  local rule = {}
  for k = 1, #cells do rule[k] = "---" end
  row(rule)
end

print("## Classes by arms\n")
head({"arms", "classes", "solving (4 bits a class)", "at rest (2 bits a class)"})
for n = 24, 44, 2 do
  local c = classes(n)
  row({n, count(c), size(c / 2), size(c / 4)})
end

-- Runs mutorere-mpi on n arms at ranks ranks; returns what it printed.
local function measure(n, ranks)
  local file = os.tmpname()
  local command = string.format("%s -np %d %s --variant standard --arms %d --file %s 2>&1",
                                options.mpirun, ranks, options.mpi, n, file)
  local pipe = assert(io.popen(command))
  local out = pipe:read("a")
  pipe:close()
  os.remove(file)
  local seconds, waves, rounds, sent, per, most, least = out:match(
    "solved in ([%d.]+) s, (%d+) waves, (%d+) rounds: ([%d,]+) bytes sent between ranks, " ..
    "([%d.]+) a class; peak memory a rank ([%d.]+ %a+) %(least ([%d.]+ %a+)%)")
  if not seconds then
    io.stderr:write("solve-plan.lua: ", command, " printed:\n", out)
    os.exit(1)
  end
  return {arms = n, ranks = ranks, seconds = tonumber(seconds), waves = tonumber(waves),
          rounds = tonumber(rounds), sent = tonumber((sent:gsub(",", ""))),
          per = tonumber(per), most = bytes_of(most), least = bytes_of(least)}
end

local runs = {}
if options.mpi ~= "none" then
  print("\n## mutorere-mpi measured (" .. options.mpirun .. ")\n")
  head({"arms", "ranks", "seconds", "waves", "rounds", "classes a second a rank",
        "classes a second in all", "bytes sent a class", "peak memory a rank"})
  for _, n in ipairs(numbers(options.arms)) do
    for _, p in ipairs(numbers(options.ranks)) do
      local m = measure(n, p)
      runs[#runs + 1] = m
      local c = classes(n)
      row({n, p, string.format("%.2f", m.seconds), m.waves, count(m.rounds),
           count(c / m.seconds / p), count(c / m.seconds), string.format("%.2f", m.per),
           size(m.most)})
    end
  end
end

-- The figures the plan stands on: given, or the measured ones.
local cores = tonumber(options.cores)
if not cores then -- every core: as nproc says
  local pipe = io.popen("nproc 2>/dev/null")
  cores = pipe and tonumber(pipe:read("a")) or 1
  if pipe then pipe:close() end
end
local rate, bytes = tonumber(options.rate), tonumber(options.bytes)
local largest, waves_measured, overhead = 0, nil, 0
for _, m in ipairs(runs) do largest = math.max(largest, m.arms) end
for _, m in ipairs(runs) do
  local c = classes(m.arms)
  if m.arms == largest then
    waves_measured = m.waves
    if m.ranks <= cores then
      local r = c / m.seconds / m.ranks
      if not options.rate and (not rate or r < rate) then rate = r end
    end
  end
  if not options.bytes and (not bytes or m.per > bytes) then bytes = m.per end
  -- what a rank holds besides its share of the table: buffers, Open MPI
  overhead = math.max(overhead, m.least - c / 2 / m.ranks)
end
if not (rate and bytes) then
  io.stderr:write("solve-plan.lua: no rate or bytes a class: measure, or give --rate and --bytes\n")
  os.exit(2)
end
local latency, bandwidth = tonumber(options.latency), tonumber(options.bandwidth)
local step = tonumber(options["waves-from"])
waves_measured = waves_measured or 0

print(string.format("\n## The plan\n\nrate %s classes a second a rank, %.2f bytes sent a class, "
                    .. "%s a rank besides its table, %s s a round, %s bytes a second a rank; "
                    .. "%d waves at %d arms, %d more every two arms past it\n",
                    count(rate), bytes, size(overhead), options.latency, options.bandwidth,
                    waves_measured, largest, step))
head({"arms", "ranks", "memory a rank", "waves", "rounds", "network in all", "network a rank",
      "hours: work", "rounds", "network", "in all"})
for _, pair in ipairs(numbers(options.plan)) do
  local n, p = pair[1], pair[2]
  local c = classes(n)
  local slice = math.ceil(c / p)
  local waves = waves_measured + step * math.max(0, (n - largest) // 2)
  local rounds = waves * math.ceil(slice / 262144)
  local work = slice / rate
  local talk = rounds * latency
  local sent = bytes * c
  local wire = sent / p / bandwidth
  row({n, p, size(slice / 2 + overhead), waves, count(rounds), size(sent), size(sent / p),
       string.format("%.2f", work / 3600), string.format("%.2f", talk / 3600),
       string.format("%.2f", wire / 3600), string.format("%.2f", (work + talk + wire) / 3600)})
end
