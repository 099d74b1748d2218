-- solve-table.lua — solves the variants on every board from 4 arms up and
-- prints a table: the value of the start for black (who moves first) and
-- its distance, the positions reachable from the start (won / lost / drawn
-- for the side to move), the longest forced end among them, and the time.
-- A variant on a board of points has one row, its board's (at --from).
--
--   mutorere scripts/tools/solve-table.lua [options]
--     --from N        the smallest board (4)
--     --to N          the largest board (32)
--     --census-to N   the largest board whose reachable positions are
--                     counted (--to; a census takes 8 bytes a table entry)
--     --variants a,b  the variants (every built-in one)
--     --threads K     worker threads (every core)
--     --dir DIR       keep each solution in DIR/VARIANT-N.mts, and read it
--                     from there when it is already solved
--     --tsv           tab-separated values instead of a Markdown table
--
-- Rows are printed as they are done, boards in order, so a long run can be
-- stopped at any time with what it found so far.

local mt = require "mutorere"

local options = {from = 4, to = 32, variants = ""}
local i = 1
while i <= #arg do
  local key, value = arg[i]:match("^%-%-([%w-]+)$"), arg[i + 1]
  if key == "tsv" then
    options.tsv, i = true, i + 1
  elseif key and value then
    options[key], i = value, i + 2
  else
    io.stderr:write("solve-table.lua: bad option ", arg[i], "\n")
    os.exit(2)
  end
end
local from, to = tonumber(options.from), tonumber(options.to)
local census_to = tonumber(options["census-to"] or to)
local threads = options.threads and tonumber(options.threads)
local variants = {}
if options.variants ~= "" then
  for name in options.variants:gmatch("[^,]+") do variants[#variants + 1] = name end
else
  for name in pairs(mt.builtins()) do variants[#variants + 1] = name end
  local order = {standard = 1, ["first-two-turns"] = 2, ["first-move"] = 3,
                 ["no-restriction"] = 4, ["adjacent-enemy"] = 5, misere = 6}
  table.sort(variants, function(a, b) return (order[a] or 99) < (order[b] or 99) end)
end
if not (from and to and census_to and from % 2 == 0 and to % 2 == 0) then
  io.stderr:write("solve-table.lua: --from and --to must be even numbers\n")
  os.exit(2)
end

local columns = {"variant", "arms", "start", "reachable", "won", "lost", "drawn",
                 "longest", "table", "solve s", "census s"}

-- Prints one row.
local function row(cells)
  if options.tsv then
    print(table.concat(cells, "\t"))
  else
    print("| " .. table.concat(cells, " | ") .. " |")
  end
  io.stdout:flush()
end

-- A count with thousands separators.
local function count(n)
  if not n then return "" end
  local s = tostring(n)
  return (s:reverse():gsub("(%d%d%d)", "%1,"):reverse():gsub("^,", ""))
end

-- A size in bytes as people read it.
local function size(bytes)
  local units, u = {"B", "kB", "MB", "GB", "TB"}, 1
  while bytes >= 1000 and u < #units do bytes, u = bytes / 1000, u + 1 end
  return string.format(u == 1 and "%d %s" or "%.1f %s", bytes, units[u])
end

-- The start's value for black as a cell: "draw", "win 9", "loss 4".
local function start_cell(value, distance)
  return distance and (value .. " " .. distance) or value
end

row(columns)
if not options.tsv then
  local rule = {}
  for k = 1, #columns do rule[k] = "---" end
  row(rule)
end
for n = from, to, 2 do
  for _, name in ipairs(variants) do
    local own = mt.variant(name)
    if own.points and n ~= from then goto next end
    local v = own.points and own or mt.variant{base = name, arms = n}
    local file = options.dir and string.format("%s/%s-%d.mts", options.dir, name, n)
    local t0 = mt.clock()
    local s = mt.solve(v, {threads = threads, file = file})
    local solve_seconds = mt.clock() - t0
    local value, distance = s:lookup(v.start)
    local census, census_seconds = {}, nil
    if n <= census_to then
      t0 = mt.clock()
      census = s:census(v.start, 0)
      census_seconds = mt.clock() - t0
    end
    row({name, own.points and own.points .. " points" or n, start_cell(value, distance),
         count(census.reachable),
         count(census.wins), count(census.losses), count(census.draws),
         (census.longest or -1) >= 0 and tostring(census.longest) or "",
         size(s:info().bytes), string.format("%.1f", solve_seconds),
         census_seconds and string.format("%.1f", census_seconds) or ""})
    s, v = nil, nil -- luacheck: ignore 311 (drops the solution before collecting)
    collectgarbage()
    collectgarbage()
    ::next::
  end
end
