-- test_help.lua — the reference (doc/api.md) covers the API, and help()
-- shows it.

local mt = require "mutorere"

test("every function and method has a section", function()
  local documented = {}
  for _, name in ipairs(mt.topics()) do documented[name] = true end
  for k, v in pairs(mt) do
    if type(v) == "function" then check(documented["mt." .. k], "mt." .. k .. " documented") end
  end
  for k, v in pairs(mt.puzzle) do
    if type(v) == "function" then
      check(documented["mt.puzzle." .. k], "mt.puzzle." .. k .. " documented")
    end
  end
  for _, class in ipairs({"Game", "Variant", "Position", "Solution", "Player"}) do
    for k, v in pairs(mt[class]) do
      if type(v) ~= "function" or k:match("^__") then goto continue end
      check(documented[class .. ":" .. k], class .. ":" .. k .. " documented")
      ::continue::
    end
  end
end)

test("every section names something real", function()
  for _, name in ipairs(mt.topics()) do
    local module_fn = name:match("^mt%.([%w_]+)$")
    local class, method = name:match("^(%u%w+):([%w_]+)$")
    if module_fn then
      check(mt[module_fn] ~= nil, name .. " exists")
    elseif class then
      check(mt[class] and mt[class][method], name .. " exists")
    end
  end
end)

test("help finds sections by value and by name", function()
  local text = mt.doc(mt.game)
  check(text and text:find("mt.game", 1, true), "by function")
  check(mt.doc("game"):find("mt.game", 1, true), "by short name")
  check(mt.doc(mt.Game.play):find("Game:play", 1, true), "a method")
  check(mt.doc():find("help(name)", 1, true), "overview")
  local none, why = mt.doc("nonesuch")
  eq(none, nil, "unknown")
  check(why:find("no help for 'nonesuch'", 1, true), "says so")
end)
