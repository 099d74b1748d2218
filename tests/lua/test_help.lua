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

test("help() lists each function once; its forms show together", function()
  -- (issue 33) mt.elo and mt.svg, documented in two forms each, were
  -- listed twice, and help "mt.elo" showed the second form alone
  local seen = {}
  for name in mt.doc():gmatch("[%w_.:]+") do
    if name:find("^mt%.") or name:find(":") then
      check(not seen[name], name .. " listed once")
      seen[name] = true
    end
  end
  check(seen["mt.elo"] and seen["mt.svg"], "both listed")
  local topics = {}
  for _, name in ipairs(mt.topics()) do
    check(not topics[name], name .. " once among the topics")
    topics[name] = true
  end
  local elo = mt.doc(mt.elo)
  check(elo:find("mt.elo(wins, draws, losses)", 1, true) and elo:find("mt.elo(pairs)", 1, true),
        "both forms of mt.elo: " .. elo:sub(1, 80))
  local svg = mt.doc("svg")
  check(svg:find("mt.svg(x [, path] [, options])", 1, true) and svg:find("mt.svg(match [, options])", 1, true),
        "both forms of mt.svg")
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
