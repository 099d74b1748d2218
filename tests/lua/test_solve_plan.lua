-- test_solve_plan.lua — scripts/tools/solve-plan.lua, the figures of
-- doc/solving-large.md: the page's tables are what its commands print (the
-- true classes and the index's entries counted here another way, and
-- against the solver's own at 16 to 22 arms); the figures a plan derives
-- from measured runs (rate, bytes, their growth, the rounds fitted to the
-- runs and the fit's error, overhead) and every cell of a plan are the
-- page's formulas, computed here again; bad options and half-given plans
-- are refused.  The
-- runs are those of a stand-in for mpirun that prints mutorere-mpi's last
-- line (tests/mpi/check.sh runs the script on the real one).

local SCRIPT = "scripts/tools/solve-plan.lua"
local SCAN, BUDGET = 4194304, 16 * 1048576

-- What the script prints and its exit status for the arguments args.
local function run(args)
  local p = assert(io.popen(string.format("%q %s %s 2>&1; echo \"status $?\"", PROGRAM, SCRIPT,
                                          args)))
  local out = p:read("a")
  p:close()
  local status = tonumber(out:match("status (%d+)\n$"))
  return out:gsub("status %d+\n$", ""), status
end

-- The rows of the markdown table whose header starts with "| " .. first,
-- as lists of cells.
local function table_rows(text, first)
  local rows, inside = {}, false
  for line in (text .. "\n"):gmatch("(.-)\n") do
    if line:find("| " .. first, 1, true) == 1 then
      inside = true
    elseif inside and line:find("^| ") then
      if not line:find("^| %-%-%-") then
        local cells = {}
        for cell in line:gmatch("| ([^|]-) ?%f[|]") do cells[#cells + 1] = cell end
        rows[#rows + 1] = cells
      end
    elseif inside then
      break
    end
  end
  return rows
end

-- C(n, k) in whole numbers (0 outside 0..n).
local function binomial(n, k)
  if k < 0 or k > n then return 0 end
  local c = 1
  for j = 1, k do c = c * (n - k + j) // j end
  return c
end

-- The true classes of n arms: C(n, n/2), and the necklaces of n/2 pieces
-- on n arms, counted by their turns' fixed points (Burnside).
local function classes(n)
  local fixed = 0
  for s = 0, n - 1 do -- a turn by s fixes the boards of period gcd(n, s)
    local a, b = n, s
    while b > 0 do a, b = b, a % b end
    if (n // 2) % (n // a) == 0 then fixed = fixed + binomial(a, n // 2 // (n // a)) end
  end
  return binomial(n, n // 2) + fixed // n
end

-- The entries of n arms: C(n, n/2), and for each longest clear run L the
-- strings of n - L - 2 bits with n/2 - 2 set and no clear run past L
-- (their clear bits in n/2 - 1 runs of 0 to L: inclusion and exclusion),
-- padded to 320.
local function entries(n)
  local k, slots = n // 2, 0
  for L = 1, k do
    local zeros, parts = (n - L - 2) - (k - 2), k - 1
    for i = 0, parts do
      local rest = zeros - i * (L + 1)
      if rest >= 0 then
        slots = slots + (-1) ^ i * binomial(parts, i) * binomial(rest + parts - 1, parts - 1)
      end
    end
  end
  local layer = binomial(n, k) + math.tointeger(slots)
  return (layer + 319) // 320 * 320
end

-- "1,234" and "593 MB" as numbers.
local function number(cell)
  local scale = {B = 1, kB = 1e3, MB = 1e6, GB = 1e9, TB = 1e12, PB = 1e15}
  local x, unit = cell:match("^([%d.]+) (%a+)$")
  if x then return tonumber(x) * scale[unit] end
  return tonumber((cell:gsub(",", "")))
end

-- want within the rounding of a printed cell (3 significant digits, or
-- the places shown).
local function near(cell, want, what)
  local got = number(cell)
  local places = cell:match("%.(%d+)")
  local slack = math.max(math.abs(want) * 0.006, places and 0.51 * 10 ^ -#places or 0.51)
  return check(got and math.abs(got - want) <= slack,
               string.format("%s: printed %s, the formula gives %.6g", what, cell, want))
end

-- The plan's row of n arms on p ranks from the page's formulas, checked
-- cell by cell against row.
local function check_plan_row(row, f, n, p)
  local c, e = classes(n), entries(n)
  local steps = (n - f.from) // 2
  local slice = math.ceil(e / p)
  local w = f.waves + 26 * steps
  local b = f.bytes + f.step * steps
  local rounds = w * (f.a + f.b * math.ceil(slice / SCAN)) + b * slice / BUDGET
  local work, latency = c / p / f.rate / 3600, rounds * 0.002 / 3600
  local network, disk = b * slice / 1.5e8 / 3600, e / 5 / 5e8 / 3600
  local what = n .. " arms on " .. p .. " ranks: "
  eq({row[1], row[2]}, {tostring(n), tostring(p)}, what .. "the board")
  near(row[3], slice / 2 + f.overhead, what .. "memory a rank")
  eq(number(row[4]), w, what .. "waves")
  near(row[5], rounds, what .. "rounds")
  near(row[6], b, what .. "bytes a class")
  near(row[7], b * e, what .. "network in all")
  near(row[8], b * slice, what .. "network a rank")
  near(row[9], e / 5, what .. "file")
  near(row[10], work, what .. "hours of work")
  near(row[11], latency, what .. "hours of rounds")
  near(row[12], network, what .. "hours of network")
  near(row[13], disk, what .. "hours of file")
  near(row[14], work + latency + network + disk, what .. "hours in all")
end

test("the page's tables are what its commands print", function()
  local page = dofile(HERE .. "/files.lua").read("doc/solving-large.md")
  local sizes, status = run("--mpi none")
  eq(status, 0, "the sizes alone: " .. sizes)
  local rows = table_rows(sizes, "arms | true classes")
  eq(#rows, 11, "24 to 44 arms")
  eq(table_rows(page, "arms | true classes"), rows, "the page's table of classes")
  for _, row in ipairs(rows) do
    local n = tonumber(row[1])
    eq(number(row[2]), classes(n), n .. " arms: the true classes")
    eq(number(row[3]), entries(n), n .. " arms: the entries")
    near(row[4], entries(n) / classes(n), n .. " arms: entries a class")
    check(number(row[4]) <= 1.05, n .. " arms: at most 1.05 entries a class")
    near(row[5], entries(n) / 2, n .. " arms: 4 bits an entry")
    near(row[6], entries(n) / 5, n .. " arms: five values a byte")
  end
  for n = 16, 22, 2 do -- the solver's own
    eq(mt.solve({arms = n}):info().entries, entries(n), n .. " arms: the solver's entries")
  end
  local disk = table_rows(sizes, "arms | a generation")
  eq(#disk, 6, "34 to 44 arms")
  eq(table_rows(page, "arms | a generation"), disk, "the page's table of disk")
  for _, row in ipairs(disk) do
    local n = tonumber(row[1])
    near(row[2], entries(n) / 2, n .. " arms: a generation, 4 bits an entry")
    near(row[3], entries(n), n .. " arms: two generations")
    near(row[4], entries(n) / 5, n .. " arms: the file")
  end
  check(not sizes:find("## The plan", 1, true), "no plan without its figures")
  local command = page:match("\n    (lua5.4 scripts/tools/solve%-plan.lua %-%-mpi none %-%-from .-)\n\n")
  check(command, "the page names the command of its plan")
  local args = command:gsub("\\\n%s*", ""):gsub("^lua5.4 scripts/tools/solve%-plan.lua ", "")
  local out
  out, status = run(args)
  eq(status, 0, "the plan: " .. out)
  local plan = table_rows(out, "arms | ranks | memory")
  eq(#plan, 3, "38, 40 and 44 arms")
  eq(table_rows(page, "arms | ranks | memory"), plan, "the page's plan")
  check(out:find("    " .. command:gsub("\\\n%s*", ""):gsub("4%.12e7", "4.12e+07"), 1, true),
        "the command that repeats the plan is the page's: " .. out)
  local f = {}
  for key, value in args:gmatch("%-%-([%w-]+) (%S+)") do f[key] = tonumber(value) or value end
  f.step = f["bytes-step"]
  f.a, f.b = f.rounds:match("^(.-),(.-)$")
  f.a, f.b = tonumber(f.a), tonumber(f.b)
  for i, np in ipairs({{38, 64}, {40, 256}, {44, 1024}}) do
    check_plan_row(plan[i], f, np[1], np[2])
  end
end)

-- A stand-in for mpirun: "-np P PROGRAM --variant standard --arms N
-- --file F" prints the last line of mutorere-mpi for N and P from runs.
local function fake_mpirun(runs)
  local path = os.tmpname()
  local lines = {"n=$7; p=$2", "case $n:$p in"}
  for _, r in ipairs(runs) do
    lines[#lines + 1] = string.format(
      "%d:%d) echo 'solved in %.2f s (processor time of a rank %.2f s at most), %d waves, " ..
      "%d rounds: 1,000 bytes sent between ranks, %.2f a class (%.2f were every class on a " ..
      "rank of its own); peak memory a rank %s (least %s), 1 GB in all' ;;",
      r.n, r.p, r.seconds, r.cpu, r.waves, r.rounds, r.per, r.bound, r.most, r.least)
  end
  lines[#lines + 1] = "*) echo \"no such run: $n arms, $p ranks\"; exit 3 ;;\nesac"
  local f = assert(io.open(path, "w"))
  f:write(table.concat(lines, "\n"), "\n")
  f:close()
  return path
end

-- The rounds of the page's fitted formula.
local function fitted(a, b, waves, slice, per)
  return waves * (a + b * math.ceil(slice / SCAN)) + per * slice / BUDGET
end

test("a plan from measured runs: the rate at the most ranks, growth, rounds fitted, overhead", function()
  local runs = {
    {n = 22, p = 1, seconds = 0.30, cpu = 0.25, waves = 60, rounds = 70, per = 0, bound = 30.5,
     most = "12 MB", least = "12 MB"},
    {n = 22, p = 3, seconds = 0.90, cpu = 0.20, waves = 60, rounds = 80, per = 28.1,
     bound = 30.5, most = "14 MB", least = "13 MB"},
    {n = 28, p = 1, seconds = 1.50, cpu = 1.20, waves = 118, rounds = 1234, per = 0, bound = 35.3,
     most = "25 MB", least = "25 MB"},
    {n = 28, p = 3, seconds = 4.00, cpu = 0.80, waves = 118, rounds = 640, per = 33.0,
     bound = 35.3, most = "26 MB", least = "24 MB"},
  }
  local mpirun = fake_mpirun(runs)
  local out, status = run(string.format("--mpi fake --mpirun 'sh %s' --arms 22,28 --ranks 1,3 " ..
                                        "--plan 30:16,32:8", mpirun))
  os.remove(mpirun)
  eq(status, 0, "measured and planned: " .. out)
  local measured = table_rows(out, "arms | ranks | seconds")
  eq(#measured, 4, "a row a run")
  for i, r in ipairs(runs) do
    local c = classes(r.n)
    local row = measured[i]
    eq({number(row[1]), number(row[2]), number(row[5]), number(row[6])},
       {r.n, r.p, r.waves, r.rounds}, "run " .. i)
    near(row[7], c / r.seconds / r.p, "run " .. i .. ": classes a second a rank")
    near(row[8], c / r.cpu / r.p, "run " .. i .. ": a processor second")
  end
  -- the figures: of the largest board (28), its run of the most ranks (3)
  local c28 = classes(28)
  local f = {from = 28, rate = c28 / 0.80 / 3, waves = 118, bytes = 35.3,
             step = (35.3 - 30.5) / 3}
  f.overhead = 0
  for _, r in ipairs(runs) do
    f.overhead = math.max(f.overhead, number(r.most) - entries(r.n) / 2 / r.p)
  end
  -- the rounds: a + b * scans a wave, least squares on the rounds a wave
  -- weighed by their inverse squares, solved here again
  local sw, sx, sy, sxx, sxy = 0, 0, 0, 0, 0
  for _, r in ipairs(runs) do
    local slice = entries(r.n) / r.p
    local x, y = math.ceil(slice / SCAN), (r.rounds - r.per * slice / BUDGET) / r.waves
    local w = 1 / y ^ 2
    sw, sx, sy, sxx, sxy = sw + w, sx + w * x, sy + w * y, sxx + w * x * x, sxy + w * x * y
  end
  local det = sw * sxx - sx * sx
  f.a, f.b = (sxx * sy - sx * sxy) / det, (sw * sxy - sx * sy) / det
  local fit_rows, worst, sum = table_rows(out, "arms | ranks | waves | rounds | fitted"), 0, 0
  eq(#fit_rows, 4, "the fit against each run")
  for i, r in ipairs(runs) do
    local want = fitted(f.a, f.b, r.waves, entries(r.n) / r.p, r.per)
    near(fit_rows[i][5], want, "run " .. i .. ": fitted rounds")
    local err = (want - r.rounds) / r.rounds
    near(fit_rows[i][6]:gsub("%%", ""):gsub("^%+", ""), 100 * err, "run " .. i .. ": its error")
    worst, sum = math.max(worst, math.abs(err)), sum + math.abs(err)
  end
  check(out:find(string.format("The fit's error over 4 runs: %.1f%% at most, %.1f%% on average.",
                               100 * worst, 100 * sum / 4), 1, true), "the fit's error: " .. out)
  local again = out:match("\n    (lua5.4 scripts/tools/solve%-plan.lua %-%-mpi none [^\n]+)")
  check(again, "the command that repeats the plan: " .. out)
  local given = {}
  for key, value in (again or ""):gmatch("%-%-([%w-]+) (%S+)") do
    given[key] = tonumber(value) or value
  end
  near(tostring(given.rate), f.rate, "the rate")
  near(string.format("%.2f", given["bytes-step"]), f.step, "the bytes' growth")
  local a, b = tostring(given.rounds):match("^(.-),(.-)$")
  near(a, f.a, "the rounds: A")
  near(b, f.b, "the rounds: B")
  f.a, f.b = tonumber(a), tonumber(b) -- the plan takes them as printed
  near(string.format("%.3g MB", given.overhead / 1e6), f.overhead, "the overhead")
  eq({given.from, given.waves, given.bytes}, {28, 118, 35.3}, "from, waves, bytes")
  local plan = table_rows(out, "arms | ranks | memory")
  eq(#plan, 2, "two boards planned")
  check_plan_row(plan[1], f, 30, 16)
  check_plan_row(plan[2], f, 32, 8)
  -- the same plan again from the command it printed
  local repeated = run((again or ""):gsub("^lua5.4 scripts/tools/solve%-plan.lua ", "") ..
                       " --plan 30:16,32:8")
  eq(table_rows(repeated, "arms | ranks | memory"), plan, "the command repeats the plan")
end)

test("bad options, half a plan and a failed run are refused", function()
  local out, status = run("--bogus 1")
  eq(status, 2, "an unknown option")
  check(out:find("bad option --bogus", 1, true), "said: " .. out)
  out, status = run("--mpi none --arms")
  eq(status, 2, "an option without its value: " .. out)
  out, status = run("--mpi none --rate 5")
  eq(status, 2, "a plan's figure without the others")
  check(out:find("--from, --rate, --bytes and --waves", 1, true), "said: " .. out)
  out, status = run("--mpi none --from 30 --rate 0 --waves 100 --bytes 50")
  eq(status, 2, "a rate of 0")
  check(out:find("--rate must be a positive number", 1, true), "said: " .. out)
  local instant = fake_mpirun({{n = 12, p = 1, seconds = 0, cpu = 0, waves = 12, rounds = 13,
                                per = 0, bound = 13.2, most = "11 MB", least = "11 MB"}})
  out, status = run(string.format("--mpi fake --mpirun 'sh %s' --arms 12 --ranks 1", instant))
  os.remove(instant)
  eq(status, 2, "a board too small to time")
  check(out:find("12 arms took no measurable processor time", 1, true), "said: " .. out)
  local mpirun = fake_mpirun({})
  out, status = run(string.format("--mpi fake --mpirun 'sh %s' --arms 20 --ranks 2", mpirun))
  os.remove(mpirun)
  eq(status, 1, "a run that printed no result")
  check(out:find("no such run: 20 arms, 2 ranks", 1, true), "what it printed is shown: " .. out)
end)
