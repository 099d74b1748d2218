-- solve-plan.lua — the figures of doc/solving-large.md: what a symmetric
-- solve of the standard game takes by arms (true classes, the index's
-- entries and their ratio, working memory at 4 bits an entry, the file at
-- five values a byte), mutorere-mpi measured on the boards and
-- rank counts given (its own printout: time, waves, rounds, bytes sent a
-- class and at most, peak memory a rank), and from those the plan of
-- larger boards (ranks, memory a rank, bytes over the network, hours).
--
--   lua5.4 scripts/tools/solve-plan.lua [options]   (or mutorere ...)
--     --mpi PATH        mutorere-mpi (build-mpi/mutorere-mpi); "none": the
--                       sizes, and a plan when its figures are given below
--     --mpirun CMD      how to start it ("mpirun --oversubscribe
--                       --allow-run-as-root --mca mpi_yield_when_idle 1":
--                       ranks past the cores share them, and a rank waiting
--                       in a collective call yields its core rather than
--                       spinning, so that processor time is work done)
--     --arms 24,26,28   boards measured
--     --ranks 1,2,3,4   rank counts measured on each
--     --best K          each measured K times, the quickest kept, and the
--                       least processor time (1)
--     --plan 38:64,40:256,44:1024   boards planned, each on its ranks
--   the plan's figures, as measured unless given:
--     --from N          the board they are of (the largest measured)
--     --rate R          classes a second a rank works through: at the most
--                       ranks measured, in processor time (what a core of
--                       its own would do, the messages' handling included,
--                       however busy this machine is)
--     --bytes B         bytes a class were every class on a rank of its own
--     --bytes-step S    their growth every two arms (from the two largest
--                       boards measured)
--     --waves W         waves
--     --rounds A,B      rounds a wave: A + B * ceil(S / 4,194,304) for a
--                       slice of S entries (fitted to every run measured:
--                       the fit and its error are printed)
--     --overhead M      bytes a rank holds besides its slice's 4 bits (the
--                       most measured)
--     --wave-step N     waves more every two arms past it (26: 28 to 30 to
--                       32 arms took 24 each, the steps growing)
--     --latency S       seconds a round takes on the cluster: three
--                       collective calls over every rank (0.002)
--     --bandwidth B     bytes a second a rank sends (1.5e8: a 10 Gb/s link
--                       a node of 8 ranks)
--     --disk B          bytes a second rank 0 writes the file at (5e8)
--
-- The plan's hours add: the classes of a slice at the rate; the rounds at
-- the latency (a wave takes A + B rounds for each 4,194,304 entries of a
-- slice, fitted to the runs measured, and a round for each 16 MiB of words
-- a rank sends); the bytes a rank sends at the bandwidth; and the file
-- (five values a byte) at the disk's rate.  Read
-- them as orders of magnitude: a rate measured on small boards on one
-- shared machine is not a cluster's.

local options = {mpi = "build-mpi/mutorere-mpi",
                 mpirun = "mpirun --oversubscribe --allow-run-as-root --mca mpi_yield_when_idle 1",
                 arms = "24,26,28", ranks = "1,2,3,4", plan = "38:64,40:256,44:1024",
                 latency = "0.002", bandwidth = "1.5e8", disk = "5e8", ["wave-step"] = "26", best = "1"}
-- the plan's figures, measured unless given
local figures = {from = true, rate = true, waves = true, bytes = true, ["bytes-step"] = true,
                 rounds = true, overhead = true}
local known = {}
for key in pairs(options) do known[key] = true end
for key in pairs(figures) do known[key] = true end
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

-- C(n, k), exactly.
local function binomial(n, k)
  local c = 1
  for j = 1, k do c = c * (n - k + j) // j end
  return c
end

-- The true classes of a layer of n arms.
local HERE = (arg and arg[0] or ""):match("^(.*)/[^/]*$") or "."
local classes = dofile(HERE .. "/classes.lua")

-- The strings of m bits, j of them set, without a run of more than L
-- clear bits.
local function bounded(m, j, L)
  -- strings[b * (L + 1) + r]: the strings so far with b bits set that may
  -- start with r more clear bits; a step puts a bit in front (set, or
  -- clear), in place: b downwards, r upwards, each cell read before it is
  -- written
  local width, strings = L + 1, {}
  for b = 0, j do
    for r = 0, L do strings[b * width + r] = b == 0 and 1 or 0 end
  end
  for _ = 1, m do
    for b = j, 0, -1 do
      local at, set = b * width, b > 0 and strings[(b - 1) * width] or 0
      for r = 0, L - 1 do strings[at + r] = set + strings[at + r + 1] end
      strings[at + L] = set
    end
  end
  return strings[j * width]
end

-- The entries of a layer of n arms in core/symrank.h's index: C(n, n/2),
-- and the slots of the centre-empty boards by their longest clear run L
-- (the bits between its ends: n - L - 2, n/2 - 2 set, no longer run), the
-- whole padded to 320.
local function entries(n)
  local k, slots = n // 2, 0
  for L = 1, k do slots = slots + bounded(n - L - 2, k - 2, L) end
  local layer = binomial(n, k) + slots
  return (layer + 319) // 320 * 320
end

local function row(cells) print("| " .. table.concat(cells, " | ") .. " |") end
local function head(cells)
  row(cells)
  local rule = {}
  for k = 1, #cells do rule[k] = "---" end
  row(rule)
end

print("## Classes by arms\n")
head({"arms", "true classes", "entries", "entries a class", "solving (4 bits an entry)",
      "at rest (five values a byte)"})
for n = 24, 44, 2 do
  local c, e = classes(n), entries(n)
  row({n, count(c), count(e), string.format("%.4f", e / c), size(e / 2), size(e / 5)})
end

-- A generation of checkpoints holds every rank's 4 bits an entry; two
-- are kept (the older is removed before a new one is written).
print("\n## Disk for mutorere-mpi's checkpoints and the file\n")
head({"arms", "a generation of checkpoints", "two: what the folder holds at most",
      "the file (rank 0's disk)"})
for n = 34, 44, 2 do
  local e = entries(n)
  row({n, size(e / 2), size(e), size(e / 5)})
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
  local seconds, cpu, waves, rounds, per, bound, most, least = out:match(
    "solved in ([%d.]+) s %(processor time of a rank ([%d.]+) s at most%), (%d+) waves, " ..
    "(%d+) rounds: [%d,]+ bytes sent between ranks, " ..
    "([%d.]+) a class %(([%d.]+) were every class on a rank of its own%); " ..
    "peak memory a rank ([%d.]+ %a+) %(least ([%d.]+ %a+)%)")
  if not seconds then
    io.stderr:write("solve-plan.lua: ", command, " printed:\n", out)
    os.exit(1)
  end
  return {arms = n, ranks = ranks, seconds = tonumber(seconds), cpu = tonumber(cpu),
          waves = tonumber(waves),
          rounds = tonumber(rounds), per = tonumber(per), bound = tonumber(bound),
          most = bytes_of(most), least = bytes_of(least)}
end

local SCAN, BUDGET = 4194304, 16 * 1048576 -- core/mpi/waves.c's

local runs = {}
if options.mpi ~= "none" then
  print("\n## mutorere-mpi measured (" .. options.mpirun .. ")\n")
  head({"arms", "ranks", "seconds", "processor s a rank", "waves", "rounds",
        "classes a second a rank", "a processor second", "in all", "bytes sent a class",
        "at most", "peak memory a rank", "ms a round past one rank's rate"})
  for _, n in ipairs(numbers(options.arms)) do
    local board = {}
    for _, p in ipairs(numbers(options.ranks)) do
      local m = measure(n, p)
      local cpu = m.cpu
      for _ = 2, tonumber(options.best) do
        local again = measure(n, p)
        cpu = math.min(cpu, again.cpu)
        if again.seconds < m.seconds then m = again end
      end
      m.cpu = cpu
      runs[#runs + 1], board[#board + 1] = m, m
    end
    local c, one = classes(n), nil
    for _, m in ipairs(board) do
      if m.ranks == 1 then one = c / m.seconds end
    end
    for _, m in ipairs(board) do
      -- the time past the slice's work at one rank's rate, a round
      local past = one and string.format("%.2f", math.max(0, m.seconds - c / m.ranks / one)
                                                  / m.rounds * 1000) or ""
      row({n, m.ranks, string.format("%.2f", m.seconds), string.format("%.2f", m.cpu), m.waves,
           count(m.rounds), count(c / m.seconds / m.ranks), count(c / m.cpu / m.ranks),
           count(c / m.seconds), string.format("%.2f", m.per),
           string.format("%.2f", m.bound), size(m.most), past})
    end
  end
end

-- The figures the plan stands on: the measured ones, or as given.
local largest, second = 0, 0
for _, m in ipairs(runs) do largest = math.max(largest, m.arms) end
for _, m in ipairs(runs) do
  if m.arms < largest then second = math.max(second, m.arms) end
end
local f = {bytes_step = 0, overhead = 0}
local most_ranks, alone = 0, nil
for _, m in ipairs(runs) do
  local c = classes(m.arms)
  if m.arms == largest then
    f.waves, f.bytes = m.waves, m.bound
    if m.ranks == 1 then alone = c / m.cpu end
    if m.ranks > most_ranks then most_ranks, f.rate = m.ranks, c / m.cpu / m.ranks end
  end
  -- what a rank holds besides its share of the table: buffers, Open MPI
  f.overhead = math.max(f.overhead, m.most - entries(m.arms) / 2 / m.ranks)
end

-- The rounds of a run of w waves on slices of s entries that send b bytes
-- a class: w * (A + B * ceil(s / SCAN)) + b * s / BUDGET.
local function rounds_of(fit, w, s, b)
  return w * (fit[1] + fit[2] * math.ceil(s / SCAN)) + b * s / BUDGET
end

-- A and B fitted to the runs by least squares on the rounds a wave, each
-- weighed by its inverse square (relative errors); B alone when every
-- run's slices take as many scans.
local function fit_rounds()
  local sw, sx, sy, sxx, sxy, n = 0, 0, 0, 0, 0, 0
  for _, m in ipairs(runs) do
    local s = entries(m.arms) / m.ranks
    local x = math.ceil(s / SCAN)
    local y = (m.rounds - m.per * s / BUDGET) / m.waves
    local w = 1 / (y * y)
    sw, sx, sy = sw + w, sx + w * x, sy + w * y
    sxx, sxy, n = sxx + w * x * x, sxy + w * x * y, n + 1
  end
  if n == 0 then return nil end
  local det = sw * sxx - sx * sx
  if math.abs(det) < 1e-12 * sw * sxx then return {0, sy / sx} end
  return {(sxx * sy - sx * sxy) / det, (sw * sxy - sx * sy) / det}
end
f.rounds = fit_rounds()
if options.rounds then
  local a, b = options.rounds:match("^([%d.e+-]+),([%d.e+-]+)$")
  if not (tonumber(a) and tonumber(b)) then
    io.stderr:write("solve-plan.lua: --rounds must be A,B (numbers)\n")
    os.exit(2)
  end
  f.rounds = {tonumber(a), tonumber(b)}
end
if f.rounds and #runs > 0 then -- the fit against each run
  print(string.format("\n## Rounds: measured and fitted\n\nrounds = waves * (%.3f + %.3f * " ..
                      "ceil(slice / %d)) + bytes a rank / 16 MiB\n", f.rounds[1], f.rounds[2],
                      SCAN))
  head({"arms", "ranks", "waves", "rounds", "fitted", "error"})
  local worst, sum = 0, 0
  for _, m in ipairs(runs) do
    local s = entries(m.arms) / m.ranks
    local r = rounds_of(f.rounds, m.waves, s, m.per)
    local err = (r - m.rounds) / m.rounds
    worst, sum = math.max(worst, math.abs(err)), sum + math.abs(err)
    row({m.arms, m.ranks, m.waves, count(m.rounds), count(r), string.format("%+.1f%%", 100 * err)})
  end
  print(string.format("\nThe fit's error over %d runs: %.1f%% at most, %.1f%% on average.",
                      #runs, 100 * worst, 100 * sum / #runs))
end
for _, m in ipairs(runs) do
  if m.arms == second then f.bytes_step = (f.bytes - m.bound) / ((largest - second) / 2) end
end
f.from = largest > 0 and largest or nil
for key in pairs(figures) do
  f[key:gsub("-", "_")] = tonumber(options[key]) or f[key:gsub("-", "_")]
end
local given = false
for key in pairs(figures) do given = given or options[key] ~= nil end
if not (f.from and f.rate and f.bytes and f.waves) then
  if options.mpi == "none" and not given then return end -- the sizes alone
  io.stderr:write("solve-plan.lua: no plan: measure, or give --from, --rate, --bytes and --waves\n")
  os.exit(2)
end
if not (f.rate > 0 and f.rate < math.huge) then
  io.stderr:write(options.rate and "solve-plan.lua: --rate must be a positive number\n" or
                  string.format("solve-plan.lua: no plan: %d arms took no measurable processor " ..
                                "time; measure larger boards (--arms) or give --rate\n", f.from))
  os.exit(2)
end
-- the figures as the command that repeats the plan prints them, so that
-- it gives the very same plan
local function as_printed(format, x) return tonumber(string.format(format, x)) end
local rate, bytes, waves = as_printed("%.0f", f.rate), f.bytes, f.waves
local bytes_step, overhead = as_printed("%.2f", f.bytes_step), as_printed("%.3g", f.overhead)
local fit = f.rounds or {0, 1}
fit = {as_printed("%.6g", fit[1]), as_printed("%.6g", fit[2])}
largest = f.from
local latency, bandwidth = tonumber(options.latency), tonumber(options.bandwidth)
local disk, wave_step = tonumber(options.disk), tonumber(options["wave-step"])

print(string.format("\n## The plan\n\nFrom %d arms: %s classes a second a rank%s; %d waves, %d " ..
                    "more every two arms; %.2f bytes a class, %.2f more every two arms; " ..
                    "%.3f + %.3f rounds a wave for each %d entries of a slice; %s a rank " ..
                    "besides its " ..
                    "table.  The cluster: %s s a round, %s bytes a second a rank, the file " ..
                    "written at %s bytes a second.  The same plan again:\n",
                    largest, count(rate),
                    alone and most_ranks > 1 and string.format(" (at %d ranks; %s on one, without " ..
                      "messages)", most_ranks, count(alone)) or "",
                    waves, wave_step, bytes, bytes_step, fit[1], fit[2], SCAN,
                    size(overhead), options.latency, options.bandwidth, options.disk))
print(string.format("    lua5.4 scripts/tools/solve-plan.lua --mpi none --from %d --rate %.0f " ..
                    "--waves %d --bytes %.2f --bytes-step %.2f --rounds %.6g,%.6g " ..
                    "--overhead %.3g\n",
                    largest, rate, waves, bytes, bytes_step, fit[1], fit[2], overhead))
head({"arms", "ranks", "memory a rank", "waves", "rounds", "bytes a class", "network in all",
      "a rank", "file", "hours: work", "rounds", "network", "file", "in all"})
for _, pair in ipairs(numbers(options.plan)) do
  local n, p = pair[1], pair[2]
  local c, e = classes(n), entries(n)
  local steps = math.max(0, (n - largest) // 2)
  local slice = math.ceil(e / p)
  local w = waves + wave_step * steps
  local b = bytes + bytes_step * steps
  local rounds = rounds_of(fit, w, slice, b)
  local hours = {c / p / rate / 3600, rounds * latency / 3600,
                 b * slice / bandwidth / 3600, e / 5 / disk / 3600}
  local sum = hours[1] + hours[2] + hours[3] + hours[4]
  row({n, p, size(slice / 2 + overhead), w, count(rounds), string.format("%.1f", b),
       size(b * e), size(b * slice), size(e / 5),
       string.format("%.2f", hours[1]), string.format("%.2f", hours[2]),
       string.format("%.2f", hours[3]), string.format("%.2f", hours[4]),
       string.format("%.2f", sum)})
end
