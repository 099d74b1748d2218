-- play-page.lua — writes the play page of a variant (mt.html with play =
-- true): one HTML file to open in any browser, offline, to play the
-- variant against perfect play or a friend, every move shown with its
-- value.
--
--   mutorere scripts/tools/play-page.lua VARIANT [ARMS] OUT.html
--
-- VARIANT is a name (built in or on the search path) or a variant file,
-- on the wheel or on a board of points; ARMS plays a variant of the wheel
-- on another number of arms.

local function usage()
  io.stderr:write("usage: mutorere scripts/tools/play-page.lua VARIANT [ARMS] OUT.html\n")
  os.exit(2)
end

local name, arms, out = arg[1], arg[2], arg[3]
if not out then arms, out = nil, arg[2] end
if not name or not out or arg[4] or (arms and not math.tointeger(tonumber(arms))) then usage() end

local ok, err = pcall(function()
  local v = mt.variant(name)
  if arms and v.points then
    error(string.format("ARMS is for the wheel; %s is a board of %d points", v.name, v.points), 0)
  end
  if arms then v = mt.variant{base = v, arms = math.tointeger(tonumber(arms))} end
  local t0 = mt.clock()
  mt.solve(v)
  local t1 = mt.clock()
  local _, states = mt.html(v, out)
  print(string.format("%s: the play page of %s (%s, %d states) in %.2f s after a %.2f s solve",
                      out, v.name, v.points and v.points .. " points" or v.arms .. " arms",
                      states, mt.clock() - t1, t1 - t0))
end)
if not ok then
  io.stderr:write("play-page.lua: ", tostring(err), "\n")
  os.exit(1)
end
