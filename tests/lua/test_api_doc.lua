-- test_api_doc.lua — every heading of the reference (doc/api.md) names
-- something that is there from the start: each documented function and
-- method is a function, each field has a value, each REPL command is a
-- global of the program.  Every name is checked in a fresh process, so
-- that nothing another call loaded first can hide a name that is missing
-- until then.  Run by the program (REPL commands included) and by a stock
-- Lua host (module_host, and lua5.4 when it is installed).

local in_program = rawget(_G, "mt") ~= nil
local reference = dofile(HERE .. "/reference.lua")

-- Values of each class that headings and "Fields of a X:" lines name, as
-- Lua expressions: a field is there when one of them has it (a Position's
-- centre is nil on most boards).
local SAMPLES = {
  Game = {"mt.game()"},
  Variant = {'mt.variant("standard")', 'mt.variant("centre-must-leave")'},
  Position = {'mt.position("bbbbwwww/. b")', 'mt.position("bbb.wwww/b w 1")'},
  Move = {'mt.variant("standard"):moves(mt.position("bbbbwwww/. b"))[1]'},
  Solution = {'mt.solve("standard")'},
  Player = {'mt.player("random")'},
}

-- The entry of one backquoted name of a heading: {name, holders (Lua
-- expressions of the tables that hold it), key, want ("function" or
-- "value"), repl (true for a REPL command)}, or nil and why.
local function entry_of(code)
  local name, rest = code:match("^([%a_][%w_.:]*)(.*)$")
  if not name or not (rest == "" or rest:match("^[({]")) then
    return nil, "not a form this test reads (mt.name, Class:method, Class.field, command)"
  end
  local want = rest == "" and "value" or "function"
  local path, key = name:match("^(mt[%w_.]*)%.([%a_][%w_]*)$")
  if path then
    local holder = "mt"
    for part in path:gmatch("%.([%a_][%w_]*)") do holder = holder .. string.format("[%q]", part) end
    return {name = name, holders = {holder}, key = key, want = want}
  end
  local class, sep, member = name:match("^(%u[%w_]*)([:.])([%a_][%w_]*)$")
  if class then
    if not SAMPLES[class] then return nil, "no sample of class " .. class .. " in this test: add one" end
    if sep == ":" then want = "function" end
    return {name = name, holders = SAMPLES[class], key = member, want = want}
  end
  if name:match("^[%a_][%w_]*$") then
    return {name = name, holders = {"_G"}, key = name, want = want, repl = true}
  end
  return nil, "not a form this test reads (mt.name, Class:method, Class.field, command)"
end

-- The entries the text of a reference documents: every backquoted name
-- of a "###" heading before its arrow, and the names of "Fields of a
-- Class:" paragraphs.  Returns them and the list of what it cannot read.
local function entries_of(text)
  local entries, unread = {}, {}
  local function add(code)
    local e, why = entry_of(code)
    if e then entries[#entries + 1] = e else unread[#unread + 1] = code .. ": " .. why end
  end
  reference.each(text, add, function(class, field) add(class .. "." .. field) end)
  return entries, unread
end

-- The Lua text a fresh process runs to check an entry: prints "ok", or
-- what is wrong (one block: the REPL reads a pipe a statement at a time).
local function check_script(e)
  local holders = {}
  for i, h in ipairs(e.holders) do holders[i] = "function() return " .. h .. " end" end
  return string.format([[
do
local mt = rawget(_G, "mt") or require "mutorere"
local holders, key, want = {%s}, %q, %q
local seen = {}
for _, holder in ipairs(holders) do
  local ok, x = pcall(function() return holder()[key] end)
  if ok and x ~= nil and (want == "value" or type(x) == "function") then print("ok") return end
  seen[#seen + 1] = ok and type(x) or ("error " .. tostring(x))
end
print("missing: got " .. table.concat(seen, ", ") .. ", want a " .. want)
end
]], table.concat(holders, ", "), e.key, e.want)
end

local function quote(s) return "'" .. s:gsub("'", "'\\''") .. "'" end

-- Runs the Lua file at path with a host command (how it is given: "file",
-- or "stdin" for the REPL reading a pipe); returns all it printed.
local function run(host, path)
  local command = host.command .. (host.input == "stdin" and " < " or " ") .. quote(path) .. " 2>&1"
  local p = assert(io.popen(command))
  local out = p:read("a")
  p:close()
  return out
end

-- The hosts of this run: the program (as a script and as the REPL on a
-- pipe), or the stock host that runs this file and lua5.4 if installed.
local function hosts()
  if in_program then
    return {{name = "program", command = quote(PROGRAM), input = "file"},
            {name = "REPL", command = "NO_COLOR=1 " .. quote(PROGRAM), input = "stdin", repl = true}}
  end
  local dir = package.cpath:match("^(.-)/%?%.so")
  local list = {}
  local host_program = os.getenv("MUTORERE_HOST")
  if host_program then
    list[1] = {name = "module_host", command = quote(host_program) .. " " .. quote(dir), input = "file"}
  end
  local p = io.popen("command -v lua5.4 2>/dev/null")
  local lua = p:read("l")
  p:close()
  if lua then
    local host = {name = "lua5.4", input = "file", command = quote(lua) .. " -e " ..
                  quote("package.cpath = " .. string.format("%q", dir .. "/?.so;") .. " .. package.cpath")}
    -- a module built with AddressSanitizer loads only in a host built so
    local probe = io.popen(host.command .. " -e 'require \"mutorere\"' 2>&1")
    local out = probe:read("a")
    probe:close()
    if out:find("ASan runtime", 1, true) then
      io.stderr:write("lua5.4 cannot load a module built with AddressSanitizer: not run there\n")
    else
      list[#list + 1] = host
    end
  end
  return list
end

-- The entries of text missing in a fresh process of host: a list of
-- "name: what is wrong".
local function missing(text, host)
  local entries, unread = entries_of(text)
  local problems, path = {}, os.tmpname()
  for _, why in ipairs(unread) do problems[#problems + 1] = why end
  for _, e in ipairs(entries) do
    if (e.repl or false) == (host.repl or false) then
      local f = assert(io.open(path, "w"))
      f:write(check_script(e))
      f:close()
      local out = run(host, path)
      if not out:match("^ok\n$") then problems[#problems + 1] = e.name .. ": " .. out end
    end
  end
  os.remove(path)
  return problems, #entries
end

test("the reference's headings are read, every form of them", function()
  local entries, unread = entries_of(reference.text())
  eq(unread, {}, "headings this test cannot read")
  local kinds = {}
  for _, e in ipairs(entries) do
    local kind = e.repl and "command" or e.name:match("^mt") and "module " .. e.want
                 or e.name:match(":") and "method" or "field"
    kinds[kind] = (kinds[kind] or 0) + 1
  end
  for _, kind in ipairs({"module function", "module value", "method", "field"}) do
    check((kinds[kind] or 0) >= 4, "some entries of kind " .. kind)
  end
  check((kinds.command or 0) >= 10, "REPL commands")
  local names = {}
  for _, e in ipairs(entries) do names[e.name] = e end
  eq(names["mt.puzzle.check"] and names["mt.puzzle.check"].holders, {'mt["puzzle"]'}, "a nested function")
  eq(names["Position:transform"] and names["Position:transform"].want, "function", "a method called with a table")
  check(names["mt.Player"] and names["mt.Game"], "a heading of several names")
  check(names["Variant.opening"] and names["Position.centre"], "fields from 'Fields of a' lines")
end)

test("every documented name is there in a fresh process", function()
  local list = hosts()
  check(#list > 0, "a host to run the checks in")
  local text = reference.text()
  for _, host in ipairs(list) do
    local problems, count = missing(text, host)
    check(count > 100, "the reference's entries")
    eq(problems, {}, "missing in a fresh " .. host.name)
  end
end)

test("a name that is not there is found missing", function()
  local bogus = table.concat({
    "### `mt.nonesuch(x)` → table", "### `mt.puzzle.nonesuch()`", "### `Game:nonesuch()` → Game",
    "### `mt.version2`", "### `nonesuch()`", "### `mt.version()`",
    "Fields of a Variant: `nonesuch`.", "### `mutorere --nonesuch`",
  }, "\n")
  for _, host in ipairs(hosts()) do
    local problems = missing(bogus, host)
    local want = host.repl and 2 or 7 -- the REPL: the command, the heading not read
    eq(#problems, want, "every bogus entry reported in the " .. host.name .. ": " .. table.concat(problems, " | "))
  end
  eq(select(2, missing("### `Game:moves()`\n### `mt.Game`", hosts()[1])), 2, "good entries counted")
  eq((missing("### `Game:moves()`\n### `mt.Game`", hosts()[1])), {}, "and found")
end)

test("a function added to a method table is a method of every value of its kind", function()
  local mt = rawget(_G, "mt") or require "mutorere"
  for class, samples in pairs(SAMPLES) do
    local methods = rawget(mt, class) or mt[class]
    if type(methods) == "table" then
      methods.added_by_test = function(self) return self end
      for _, source in ipairs(samples) do
        local x = assert(load("local mt = ... return " .. source))(mt)
        check(x:added_by_test() == x, class .. ": " .. source .. ":added_by_test()")
      end
      methods.added_by_test = nil
      local x = assert(load("local mt = ... return " .. samples[1]))(mt)
      eq(x.added_by_test, nil, class .. ": the method taken out")
    end
  end
end)
