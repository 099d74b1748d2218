-- test_pictures.lua — SVG pictures parse as XML and show what they should;
-- the DOT graph of the standard game has the published 46 boards (26 with
-- colour swap).

local mt = require "mutorere"
local xml = dofile(HERE .. "/xml.lua")

-- The elements of an SVG document by name, counted, and by class.
local function survey(svg)
  local root = xml.parse(svg)
  eq(root.name, "svg", "the root")
  eq(root.attributes.xmlns, "http://www.w3.org/2000/svg", "the namespace")
  local names, classes = {}, {}
  xml.each(root, function(e)
    names[e.name] = (names[e.name] or 0) + 1
    local c = e.attributes.class
    if c then classes[c] = (classes[c] or 0) + 1 end
  end)
  return names, classes
end

test("a position as SVG", function()
  for _, style in ipairs({"star", "wheel"}) do
    local _, classes = survey(mt.svg("bbb.wwwb/w w", {style = style}))
    eq(classes.black, 4, style .. ": black pieces")
    eq(classes.white, 4, style .. ": white pieces")
    eq(classes.empty, 1, style .. ": the empty point")
    eq(classes.move, nil, style .. ": no arrow without a move")
  end
  local names = survey(mt.svg(mt.game{arms = 12}))
  eq(names.text, 12 + 1, "12 arm numbers and the caption")
  local g = mt.game()
  g:play("4-c")
  local _, classes = survey(mt.svg(g))
  eq(classes.move, 1, "an arrow for the last move")
  survey(mt.svg(g, {title = "a <tricky> & \"quoted\" title"}))
  local _, big = survey(mt.svg(mt.game{arms = 40}))
  eq(big.black, 20, "40 arms")
end)

test("a game as an SVG strip", function()
  local g = mt.game()
  for _, m in ipairs({"4-c", "5-4", "c-5", "6-c"}) do g:play(m) end
  local names, classes = survey(mt.svg_game(g, {per_row = 3}))
  eq(names.polygon, 5, "five boards")
  eq(classes.move, 4, "an arrow for each move")
  eq(classes.black, 5 * 4, "the pieces of every board")
end)

test("the position graph as DOT", function()
  local dot, nodes = mt.dot("standard")
  eq(nodes, 46, "46 boards up to rotation and reflection")
  local _, swapped = mt.dot("standard", {swap = true})
  eq(swapped, 26, "26 with colour swap")
  local declared = 0
  for _ in dot:gmatch("\n  n%d+ %[label") do declared = declared + 1 end
  eq(declared, 46, "46 node lines")
  check(dot:find("^digraph \"standard\" {"), "a digraph")
  check(dot:find("style=bold", 1, true), "forced moves marked")
  check(dot:find("#7bc96f", 1, true) and dot:find("#e8787a", 1, true), "coloured by value")
  local _, opening = mt.dot("first-move")
  check(opening >= 46, "an opening variant has its own graph: " .. opening)
end)
