-- test_ugi.lua — a scripted UGI session compared with its expected
-- transcript (times and speeds, which vary, are masked).

local function read(path)
  local f = assert(io.open(path))
  local text = f:read("a")
  f:close()
  return text
end

local function lines(text)
  local t = {}
  for line in text:gmatch("([^\n]*)\n") do t[#t + 1] = line end
  return t
end

test("a UGI session gives its expected transcript", function()
  local dir = HERE .. "/../ugi"
  local out = io.popen(string.format("MUTORERE_PATH= '%s' --ugi < '%s/session.in'",
                                     PROGRAM, dir)):read("a")
  out = out:gsub(" time %d+", " time T"):gsub(" nps %d+", " nps N")
  local got, want = lines(out), lines(read(dir .. "/session.expected"))
  eq(#got, #want, "lines")
  for i = 1, math.max(#got, #want) do eq(got[i], want[i], "line " .. i) end
end)

test("go answers while the engine stops on request", function()
  local input = os.tmpname()
  local f = io.open(input, "w")
  f:write("ugi\nposition startpos\ngo infinite\nisready\nstop\nquery p1turn\nquit\n")
  f:close()
  local out = io.popen(string.format("MUTORERE_PATH= '%s' --ugi < '%s'", PROGRAM, input)):read("a")
  os.remove(input)
  check(out:find("bestmove %d%-c"), "a best move: " .. out)
  check(out:find("response true", 1, true), "and goes on after stop")
end)
