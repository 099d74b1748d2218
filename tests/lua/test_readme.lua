-- test_readme.lua — the README's REPL transcripts are what the REPL
-- prints: every ``` block with "> " lines is fed to the program (in a
-- folder of its own, for the files they write), and what follows each
-- input line must be its output (times of day aside).

local function read(path)
  local f = assert(io.open(path))
  local text = f:read("a")
  f:close()
  return text
end

-- The code blocks of a Markdown text: the lines between ``` fences.
local function blocks(text)
  local found, current = {}, nil
  for line in (text .. "\n"):gmatch("([^\n]*)\n") do
    if line:match("^```") then
      if current then
        found[#found + 1] = current
        current = nil
      else
        current = {}
      end
    elseif current then
      current[#current + 1] = line
    end
  end
  return found
end

-- The transcripts of the README: lists of {input, expected output}.
local function transcripts(text)
  local found = {}
  for _, lines in ipairs(blocks(text)) do
    local steps, step = {}, nil
    for _, line in ipairs(lines) do
      local input = line:match("^> (.*)$")
      if input then
        step = {input = input, output = {}}
        steps[#steps + 1] = step
      elseif step then
        step.output[#step.output + 1] = line
      end
    end
    if #steps > 0 then found[#found + 1] = steps end
  end
  return found
end

-- Text with its timings made alike.
local function untimed(s) return (s:gsub("%d+%.%d+ s", "T s")) end

test("the README's transcripts are what the REPL prints", function()
  local all = transcripts(read("README.md"))
  check(#all >= 3, "transcripts found: " .. #all)
  for n, steps in ipairs(all) do
    local input, want = {}, {}
    for _, step in ipairs(steps) do
      input[#input + 1] = step.input
      for _, line in ipairs(step.output) do want[#want + 1] = line end
    end
    local path, out = os.tmpname(), os.tmpname()
    local f = assert(io.open(path, "w"))
    f:write(table.concat(input, "\n"), "\n")
    f:close()
    local dir = os.tmpname() -- the transcripts run in a folder of their own
    os.remove(dir)
    local ok = os.execute(string.format(
      "mkdir '%s' && cd '%s' && NO_COLOR=1 MUTORERE_PATH= '%s' < '%s' > '%s' 2>&1",
      dir, dir, PROGRAM, path, out))
    os.execute(string.format("rm -rf '%s'", dir))
    local got = read(out)
    os.remove(path)
    os.remove(out)
    check(ok, "transcript " .. n .. " runs")
    eq(untimed(got), untimed(table.concat(want, "\n") .. "\n"), "transcript " .. n)
  end
end)
