-- test_solve_plan.lua — scripts/tools/solve-plan.lua, the figures of
-- doc/solving-large.md: the page's tables are what its commands print; the
-- figures a plan derives from measured runs (rate, bytes, their growth,
-- recounts, overhead) and every cell of a plan are the page's formulas,
-- computed here again; bad options and half-given plans are refused.  The
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

-- 2 * C(n, n/2) in whole numbers.
local function classes(n)
  local c = 1
  for k = 1, n // 2 do c = c * (n // 2 + k) // k end
  return 2 * c
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
  local c = classes(n)
  local steps = (n - f.from) // 2
  local slice = math.ceil(c / p)
  local w = f.waves + 26 * steps
  local b = f.bytes + f.step * steps
  local rounds = f.recounts * w * math.ceil(slice / SCAN) + b * slice / BUDGET
  local work, latency = slice / f.rate / 3600, rounds * 0.002 / 3600
  local network, disk = b * slice / 1.5e8 / 3600, c / 4 / 5e8 / 3600
  local what = n .. " arms on " .. p .. " ranks: "
  eq({row[1], row[2]}, {tostring(n), tostring(p)}, what .. "the board")
  near(row[3], slice / 2 + f.overhead, what .. "memory a rank")
  eq(number(row[4]), w, what .. "waves")
  near(row[5], rounds, what .. "rounds")
  near(row[6], b, what .. "bytes a class")
  near(row[7], b * c, what .. "network in all")
  near(row[8], b * slice, what .. "network a rank")
  near(row[9], c / 4, what .. "file")
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
  local rows = table_rows(sizes, "arms | classes")
  eq(#rows, 11, "24 to 44 arms")
  eq(table_rows(page, "arms | classes"), rows, "the page's table of classes")
  for _, row in ipairs(rows) do
    local n = tonumber(row[1])
    eq(number(row[2]), classes(n), n .. " arms: 2 C(n, n/2) classes")
    near(row[3], classes(n) / 2, n .. " arms: 4 bits a class")
    near(row[4], classes(n) / 4, n .. " arms: 2 bits a class")
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
  for key, value in args:gmatch("%-%-([%w-]+) (%S+)") do f[key] = tonumber(value) end
  f.step = f["bytes-step"]
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

test("a plan from measured runs: the rate at the most ranks, growth, recounts, overhead", function()
  local runs = {
    {n = 22, p = 1, seconds = 0.30, cpu = 0.25, waves = 60, rounds = 70, per = 0, bound = 30.5,
     most = "12 MB", least = "12 MB"},
    {n = 22, p = 3, seconds = 0.90, cpu = 0.20, waves = 60, rounds = 80, per = 28.1,
     bound = 30.5, most = "14 MB", least = "13 MB"},
    {n = 24, p = 1, seconds = 1.50, cpu = 1.20, waves = 78, rounds = 234, per = 0, bound = 35.3,
     most = "15 MB", least = "15 MB"},
    {n = 24, p = 3, seconds = 4.00, cpu = 0.80, waves = 78, rounds = 240, per = 33.0,
     bound = 35.3, most = "16 MB", least = "14 MB"},
  }
  local mpirun = fake_mpirun(runs)
  local out, status = run(string.format("--mpi fake --mpirun 'sh %s' --arms 22,24 --ranks 1,3 " ..
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
  -- the figures: of the largest board (24, two scans a wave on one rank),
  -- its run of the most ranks (3)
  local c24 = classes(24)
  local f = {from = 24, rate = c24 / 0.80 / 3, waves = 78, bytes = 35.3,
             step = (35.3 - 30.5) / 1, recounts = 234 / (78 * math.ceil(c24 / SCAN))}
  f.overhead = 0
  for _, r in ipairs(runs) do
    f.overhead = math.max(f.overhead, number(r.most) - classes(r.n) / 2 / r.p)
  end
  local again = out:match("\n    (lua5.4 scripts/tools/solve%-plan.lua %-%-mpi none [^\n]+)")
  check(again, "the command that repeats the plan: " .. out)
  local given = {}
  for key, value in (again or ""):gmatch("%-%-([%w-]+) (%S+)") do given[key] = tonumber(value) end
  near(tostring(given.rate), f.rate, "the rate")
  near(string.format("%.2f", given["bytes-step"]), f.step, "the bytes' growth")
  near(string.format("%.2f", given.recounts), f.recounts, "the recounts")
  near(string.format("%.3g MB", given.overhead / 1e6), f.overhead, "the overhead")
  eq({given.from, given.waves, given.bytes}, {24, 78, 35.3}, "from, waves, bytes")
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
