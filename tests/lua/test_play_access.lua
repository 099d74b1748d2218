-- test_play_access.lua — the play page against axe-core's rules of WCAG
-- 2.1 A and AA (wcag2a, wcag2aa, wcag21a, wcag21aa), in a real headless
-- Chromium: no violation at the start, during and at the end of games,
-- with the values hidden, a piece picked, a challenge and a record under
-- way, on a wheel and on boards of points, on a laptop's screen and a
-- phone's.  axe-core comes from npm (.ci/run installs it; browsers.lua's
-- axe_path says where it is looked for); without it, or without
-- Chromium, the test is skipped (exit 77) and says why.

local mt = require "mutorere"

local browsers = dofile(HERE .. "/browsers.lua")
local AXE = browsers.axe_path("test_play_access.lua")
local session, dir, close_session = browsers.session(HERE, "test_play_access.lua")
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
    mutorere.undo(); return "";]]},
  {"the values hidden", [[document.getElementById("show-values").click(); return "";]]},
  {"the end of a game", [[document.getElementById("show-values").click();
    mutorere.setup({black: "human", white: "human"});
    for (var i = 0; i < 400 && !mutorere.result(); i++) {
      var m = mutorere.moves(); mutorere.play(m[m.length - 1].move);
    }
    return mutorere.result() ? "" : "no end";]]},
  {"a challenge", [[document.getElementById("challenge-draws").click(); return "";]]},
  {"a record read", [[document.getElementById("restart").click();
    document.getElementById("record-text").value = "[Variant \"elsewhere\"]\n\n1. x-y *";
    document.getElementById("import").click(); document.getElementById("copy-record").click();
    return "";]]},
}

-- Scans every step of a game on the page of variant v, at the window's
-- size; returns the violations found, each with where.
local function scan(v, size)
  local path = browsers.write(dir .. "/" .. v.name .. ".html", (mt.html(v)))
  local commands, names = {"open file://" .. path, "size " .. size}, {}
  for _, step in ipairs(STEPS) do
    commands[#commands + 1] = {js = step[2]}
    commands[#commands + 1] = {axe = true}
    names[#names + 1] = step[1]
  end
  local results, _, failure = session(commands)
  check(not failure, v.name .. ": the browser: " .. tostring(failure))
  local found = {}
  for i, name in ipairs(names) do
    eq(results[2 * i - 1], "", v.name .. ", " .. name .. ": the page got there")
    for line in (results[2 * i] or "?"):gmatch("[^\n]+") do
      found[#found + 1] = string.format("%s (%s, %s): %s", v.name, name, size, line)
    end
  end
  return found
end

test("no violation of WCAG 2.1 A and AA on any kind of page, at any stage of a game", function()
  local found = {}
  -- the wheel, boards of points, and games of drops and captures (Four
  -- Field Kono from a late start: its whole game is too big for a page)
  local kono = mt.variant{base = "four-field-kono", name = "four-field-kono-late",
                          start = "b...bb..w......w b", max_plies = 60}
  for _, v in ipairs({mt.variant("standard"), mt.variant("tugul-shodra"), mt.variant("do-guti"),
                      mt.variant("achi"), mt.variant("placing-torere"), kono}) do
    for _, size in ipairs({"1280 900", "375 667"}) do
      for _, f in ipairs(scan(v, size)) do found[#found + 1] = f end
    end
  end
  eq(found, {}, "axe-core's violations")
  -- the scan sees what it should: a button without a name, light text
  local results = session({{js = [[var b = document.createElement("button");
    document.body.appendChild(b);
    var p = document.createElement("p"); p.textContent = "faint"; p.style.color = "#ddaa33";
    document.body.appendChild(p); return "";]]}, {axe = true}})
  local seen = results[2] or ""
  check(seen:find("button-name", 1, true) and seen:find("color-contrast", 1, true),
        "axe-core reports a nameless button and faint text: " .. seen)
end)

close_session()
