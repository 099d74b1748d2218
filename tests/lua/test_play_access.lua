-- test_play_access.lua — the play page against axe-core's rules of WCAG
-- 2.1 A and AA (wcag2a, wcag2aa, wcag21a, wcag21aa), in a real headless
-- Chromium: no violation at the start, during and at the end of games,
-- with the values hidden, a piece picked, a challenge and a record under
-- way, on a wheel and on boards of points, on a laptop's screen and a
-- phone's; in the dark scheme and in forced colours too (emulated), which
-- take on the page.  axe-core comes from npm (.ci/run installs it; browsers.lua's
-- axe_path says where it is looked for); without it, or without
-- Chromium, the test is skipped (exit 77) and says why.

local mt = require "mutorere"

local browsers = dofile(HERE .. "/browsers.lua")
local AXE, missing = browsers.axe_path()
if not AXE then
  skipped(missing)
  return
end
local session, dir = browsers.session(HERE, "test_play_access.lua")
check(AXE:match("axe%.min%.js$"), "axe-core found: " .. AXE)

-- The steps of a game on a page, each followed by a scan: name and the
-- JavaScript that brings the page there.
local STEPS = {
  {"the start", [[mutorere.setup({black: "human", white: "computer", delay: 0}); return "";]]},
  {"a piece picked", [[var m = mutorere.moves()[0];
    var at = m.from || m.to; // a drop: its point
    document.querySelector('#board .hit[data-point="' + at + '"]').dispatchEvent(new MouseEvent("click"));
    if (!m.from) mutorere.undo(); // the drop was played: back to the start
    return "";]]},
  {"during a game", [[mutorere.setup({black: "human", white: "human"});
    for (var i = 0; i < 5 && !mutorere.result(); i++) mutorere.play(mutorere.moves()[0].move);
    mutorere.undo();
    document.querySelector("#chart-details summary").click(); // (the chart's table open from here on)
    return "";]]},
  {"the values hidden", [[document.getElementById("show-values").click(); return "";]]},
  {"the end of a game", [[document.getElementById("show-values").click();
    mutorere.setup({black: "human", white: "human"});
    for (var i = 0; i < 400 && !mutorere.result(); i++) { // (a side's best, the other's worst: soon won)
      var m = mutorere.moves(); mutorere.play(m[i % 2 ? m.length - 1 : 0].move);
    }
    return mutorere.result() ? "" : "no end";]]},
  {"a challenge", [[document.getElementById("challenge-draws").click(); return "";]]},
  {"a record read", [[document.getElementById("restart").click();
    document.getElementById("record-text").value = "[Variant \"elsewhere\"]\n\n1. x-y *";
    document.getElementById("import").click(); document.getElementById("copy-record").click();
    return "";]]},
}

-- The rules of axe-core among WCAG 2.1 A and AA that read colours: all
-- a view that changes only colours can newly break.
local COLOUR_RULES = {"color-contrast", "link-in-text-block"}

-- What is scanned at each step: the colour scheme (the media features
-- emulated, browser.py's media command), the viewport's size (a phone's
-- emulated, browser.py's viewport command, or the window's) and the
-- rules (nil: all).  The dark and forced ones change colours only (the
-- first test proves it): scanned on a laptop's screen, for the colour
-- rules.  In this order, forwards and backwards, a step changes the view
-- three times (one size, two schemes), the fewest for four views.
local WINDOW = "1280 900"
local VIEWS = {
  {scheme = "light", media = "media", size = "375 667"},
  {scheme = "light", media = "media", size = WINDOW},
  {scheme = "dark", media = "media prefers-color-scheme=dark", size = WINDOW, rules = COLOUR_RULES},
  {scheme = "forced colours", media = "media forced-colors=active", size = WINDOW, rules = COLOUR_RULES},
}

-- The properties a dark or forced style may set besides colours: the
-- width and dashes of SVG strokes, which no rule of axe-core reads.
local DRAWN_ONLY = {["stroke-width"] = true, ["stroke-dasharray"] = true}

-- The declarations of the page's styles under the dark and the forced
-- schemes that set something else than a colour, "media: name: value"
-- each; and whether the page's script asks for the scheme.
local function beyond_colours(page)
  local css = dofile(HERE .. "/css.lua")
  local function is_colour(value) return css.colour(value) ~= nil or css.SYSTEM[value] == true end
  local found = {}
  for _, rule in ipairs(css.rules(page:match("<style>(.-)</style>"))) do
    local media = rule.media or ""
    if media:find("prefers-color-scheme", 1, true) or media:find("forced-colors", 1, true) then
      for name, value in pairs(rule.decls) do
        local colour = name:match("color$") or name == "fill" or name == "stroke" or name == "background" or
                       name:sub(1, 2) == "--"
        if not (DRAWN_ONLY[name] or colour and is_colour(value)) then
          found[#found + 1] = rule.media .. ": " .. name .. ": " .. value
        end
      end
    end
  end
  table.sort(found)
  return found, page:find("matchMedia", 1, true) ~= nil
end

-- What the page looks like in a scheme: the colours of the page, its
-- text, the legend's rings and a button, and the system's CanvasText and
-- ButtonFace, "name=rgb(...)" a line.
local LOOK = [[var probe = document.createElement("span"), out = [];
  document.body.appendChild(probe);
  function put(name, e, property) { out.push(name + "=" + getComputedStyle(e)[property]); }
  put("page", document.body, "backgroundColor");
  put("text", document.body, "color");
  ["win", "draw", "loss"].forEach(function (v) { put(v, document.querySelector("#legend .ring." + v), "stroke"); });
  put("button", document.getElementById("restart"), "backgroundColor");
  probe.style.color = "CanvasText"; put("CanvasText", probe, "color");
  probe.style.color = "ButtonFace"; put("ButtonFace", probe, "color");
  probe.remove();
  return out.join("\n");]]

-- The relative luminance of "rgb(r, g, b)" (WCAG 2.1), or nil.
local function luminance(text)
  local r, g, b = (text or ""):match("^rgba?%((%d+), (%d+), (%d+)")
  if not r then return nil end
  local sum = 0
  for i, c in ipairs({tonumber(r), tonumber(g), tonumber(b)}) do
    c = c / 255
    sum = sum + ({0.2126, 0.7152, 0.0722})[i] * (c <= 0.03928 and c / 12.92 or ((c + 0.055) / 1.055) ^ 2.4)
  end
  return sum
end

-- Checks that scheme took on the page (look: LOOK's answer): dark, its
-- page darker than its text; forced colours, the rings and the buttons in
-- the system's colours.
local function check_look(scheme, look, where)
  local got = {}
  for name, value in (look or ""):gmatch("([%w]+)=([^\n]*)") do got[name] = value end
  if scheme == "dark" then
    local page, text = luminance(got.page), luminance(got.text)
    check(page and text and page < 0.05 and text > 0.5, where .. ": a dark page, light text: " .. tostring(look))
  elseif scheme == "forced colours" then
    for _, v in ipairs({"win", "draw", "loss"}) do
      eq(got[v], got.CanvasText, where .. ": the " .. v .. " ring in the system's text colour")
    end
    eq(got.button, got.ButtonFace, where .. ": a button in the system's colours")
  end
end

-- Scans every step of a game on the page of variant v in each view
-- (the page loaded once: the views change at each step, in turn forwards
-- and backwards, so that a step starts in the view the one before ended
-- in); returns the violations found, each with where.
local function scan(v)
  local path = browsers.write(dir .. "/" .. v.name .. ".html", (mt.html(v)))
  local commands, names = {"media", "viewport", "size " .. WINDOW, "open file://" .. path}, {}
  local opened = {wait = "return document.querySelectorAll('#chart-table tbody tr').length > 0;"}
  local media, size = "media", WINDOW -- (the view now: a command only for a change)
  for i, step in ipairs(STEPS) do
    commands[#commands + 1] = {js = step[2]}
    names[#names + 1] = {step = step[1]}
    if step[1] == "during a game" then commands[#commands + 1] = opened end
    for k = 1, #VIEWS do
      local view = VIEWS[i % 2 == 1 and k or #VIEWS + 1 - k]
      if view.media ~= media then commands[#commands + 1] = view.media end
      if view.size ~= size then
        commands[#commands + 1] = view.size == WINDOW and "viewport" or "viewport " .. view.size
      end
      media, size = view.media, view.size
      commands[#commands + 1] = {axe = view.rules or true}
      names[#names + 1] = {scan = string.format("%s, %s, %s", step[1], view.scheme, view.size)}
      if i == 1 then -- (how the page looks, once)
        commands[#commands + 1] = {js = LOOK}
        names[#names + 1] = {look = view.scheme}
      end
    end
  end
  commands[#commands + 1] = "media"
  local results, _, failure = session(commands)
  check(not failure, v.name .. ": the browser: " .. tostring(failure))
  local found = {}
  for i, name in ipairs(names) do
    if name.look then
      check_look(name.look, results[i], v.name .. ", " .. name.look)
    elseif name.step then
      eq(results[i], "", v.name .. ", " .. name.step .. ": the page got there")
    else
      for line in (results[i] or "?"):gmatch("[^\n]+") do
        found[#found + 1] = string.format("%s (%s): %s", v.name, name.scan, line)
      end
    end
  end
  return found
end

-- Scans the pages of variants: no violation.
local function scan_all(variants)
  local found = {}
  for _, v in ipairs(variants) do
    for _, f in ipairs(scan(v)) do found[#found + 1] = f end
  end
  eq(found, {}, "axe-core's violations")
end

test("no violation of WCAG 2.1 A and AA on a wheel and on boards of points, at any stage of a game", function()
  -- the dark and forced schemes change colours only (so their views are
  -- scanned for the rules of colours)
  for _, v in ipairs({mt.variant("standard"), mt.variant("achi")}) do
    local found, asks = beyond_colours(mt.html(v))
    eq(found, {}, v.name .. ": the dark and forced styles set colours only")
    eq(asks, false, v.name .. ": the page's script does not ask for the scheme")
  end
  scan_all({mt.variant("standard"), mt.variant("tugul-shodra"), mt.variant("do-guti")})
  -- the scan sees what it should: a button without a name, light text
  local results = session({{js = [[var b = document.createElement("button");
    document.body.appendChild(b);
    var p = document.createElement("p"); p.textContent = "faint"; p.style.color = "#ddaa33";
    document.body.appendChild(p); return "";]]}, {axe = true}, {axe = COLOUR_RULES}})
  local seen, colours = results[2] or "", results[3] or ""
  check(seen:find("button-name", 1, true) and seen:find("color-contrast", 1, true),
        "axe-core reports a nameless button and faint text: " .. seen)
  check(colours:find("color-contrast", 1, true) and not colours:find("button-name", 1, true),
        "and for the colour rules, the faint text alone: " .. colours)
end)

test("no violation of WCAG 2.1 A and AA in games of drops and of captures, at any stage of a game", function()
  -- (Four Field Kono from a late start, two pieces a side: its whole
  -- game is too big for a page; the page has the same parts with fewer
  -- states to carry, 442 kB, not 2.3 MB with three black pieces)
  local kono = mt.variant{base = "four-field-kono", name = "four-field-kono-late",
                          start = "b...b...w......w b", max_plies = 60}
  scan_all({mt.variant("achi"), mt.variant("placing-torere"), kono})
end)
