-- charts.lua — pictures of a match as it went: the SPRT's log-likelihood
-- ratio after each pair, between its bounds, and Elo with its 95% interval
-- by games played, as SVG (mt.svg of a Match, or of the Games of a file:
-- mt.load_games); and the page of a match (mt.html of a Match): its
-- results as text, the pictures and its games.
local M, _, shared = ...

local WIDTH, PANEL = 640, 240 -- pixels of the picture, and of a panel's height
local LEFT, RIGHT, TOP, BOTTOM = 56, 16, 28, 34 -- a panel's margins
local ELO_CAP = 1000 -- an interval beyond ±ELO_CAP is drawn cut there
local CHART_OPTIONS = {title = "string", sprt = "table", width = "number"}
local SPRT_KEYS = {elo0 = "number", elo1 = "number", alpha = "number", beta = "number",
                   model = "string"}

local escape = shared.html_escape

-- A number for SVG: one decimal.
local function num(x) return string.format("%.1f", x) end

-- The results of a file's games as a match: the first player (Black of
-- the game numbered lowest), and for each game in order {game, score of
-- the first player, colour swapped}; nil and why when the games are not
-- one match's.
local function from_games(list)
  local games = {}
  for i, g in ipairs(list) do
    shared.check_arg(M.type(g) == "Game", 1, "svg", "Match or list of Games", g)
    local t = g:tags()
    games[#games + 1] = {number = shared.whole(tonumber(t.Game)) or i, black = t.Black,
                         white = t.White, winner = shared.game_outcome(g)}
  end
  table.sort(games, function(x, y) return x.number < y.number end)
  local a = games[1] and games[1].black
  local out = {}
  for _, x in ipairs(games) do
    if x.winner and (x.black == a or x.white == a) then
      local colour = x.black == a and "black" or "white"
      out[#out + 1] = {game = x.number, score = x.winner == "draw" and 0.5
                                        or x.winner == colour and 1 or 0}
    end
  end
  return a or "?", out
end

-- The results of a Match: its first player and each game {game, score}.
local function from_match(m)
  local out = {}
  for _, r in ipairs(m.records) do
    local colour = (not m.swap or r.game % 2 == 1) and "black" or "white"
    out[#out + 1] = {game = r.game, score = r.result == "draw" and 0.5
                                     or r.result == colour and 1 or 0}
  end
  table.sort(out, function(x, y) return x.game < y.game end)
  return m.a.name, out
end

-- The LLR of an SPRT on the counts so far: the pairs' (pentanomial) when
-- paired, but in the BayesElo model, which takes the games' wins, draws
-- and losses.
local function llr_of(sprt, paired, counts, wdl)
  local t = {elo0 = sprt.elo0, elo1 = sprt.elo1, alpha = sprt.alpha, beta = sprt.beta,
             model = sprt.model}
  if paired and sprt.model ~= "bayesian" then
    t.pairs = counts
  else
    t.wins, t.draws, t.losses = wdl[1], wdl[2], wdl[3]
  end
  return M.sprt(t).llr
end

-- The series of a match's results: after each pair of games (2k − 1,
-- 2k; both played) or, unpaired, each game: {games, elo, low, high, llr}.
local function series(results, paired, sprt)
  local points, counts, wdl = {}, {0, 0, 0, 0, 0}, {0, 0, 0}
  local by = {}
  for _, x in ipairs(results) do by[x.game] = x.score end
  local n = 0
  for _, x in ipairs(results) do n = math.max(n, x.game) end
  local step = paired and 2 or 1
  local function add(score)
    local k = score == 1 and 1 or score == 0.5 and 2 or 3
    wdl[k] = wdl[k] + 1
  end
  for last = step, n, step do
    local e, llr
    if paired then
      local first, second = by[last - 1], by[last]
      if first and second then
        local k = math.floor(2 * (first + second) + 0.5) + 1
        counts[k] = counts[k] + 1
        add(first)
        add(second)
        e = M.elo(counts)
        if sprt then llr = llr_of(sprt, true, counts, wdl) end
      end
    elseif by[last] then
      add(by[last])
      e = M.elo(wdl[1], wdl[2], wdl[3])
      if sprt then llr = llr_of(sprt, false, counts, wdl) end
    end
    if e then
      points[#points + 1] = {games = last, elo = e.elo, low = e.elo - e.margin,
                             high = e.elo + e.margin, llr = llr}
    end
  end
  return points
end

-- Keeps x within [-cap, cap] (±inf and NaN-free intervals included).
local function clamp(x, cap)
  if x ~= x then return 0 end
  return math.max(-cap, math.min(cap, x))
end

-- The frame of a panel at y: its axes, a title, ticks of x (games) and
-- of y (values lo..hi, written in format); returns the functions that
-- place a point.
local function panel(out, y0, title, games, lo, hi, width, format)
  local w, h = width - LEFT - RIGHT, PANEL - TOP - BOTTOM
  local function px(g) return LEFT + w * g / math.max(games, 1) end
  local function py(v) return y0 + TOP + h * (hi - v) / (hi - lo) end
  out[#out + 1] = string.format('<text x="%s" y="%s" font-size="14" font-weight="bold">%s</text>',
                                num(LEFT), num(y0 + 18), escape(title))
  out[#out + 1] = string.format('<rect x="%s" y="%s" width="%s" height="%s" fill="#fff" ' ..
                                'stroke="#888"/>', num(LEFT), num(y0 + TOP), num(w), num(h))
  for i = 0, 4 do
    local v = lo + (hi - lo) * i / 4
    out[#out + 1] = string.format('<text x="%s" y="%s" font-size="11" text-anchor="end">%s' ..
                                  '</text>', num(LEFT - 4), num(py(v) + 4),
                                  string.format(format, v))
    local g = math.floor(games * i / 4 + 0.5)
    out[#out + 1] = string.format('<text x="%s" y="%s" font-size="11" text-anchor="middle">%d' ..
                                  '</text>', num(px(g)), num(y0 + PANEL - BOTTOM + 14), g)
  end
  out[#out + 1] = string.format('<text x="%s" y="%s" font-size="11" text-anchor="middle">' ..
                                'games</text>', num(LEFT + w / 2), num(y0 + PANEL - 4))
  return px, py
end

-- A polyline through points (x, y pairs) in colour; data: attributes
-- (the values drawn, for a script that reads the picture).
local function line(out, xy, colour, dash, data)
  if #xy < 4 then return end
  local parts = {}
  for i = 1, #xy, 2 do parts[#parts + 1] = num(xy[i]) .. "," .. num(xy[i + 1]) end
  out[#out + 1] = string.format('<polyline fill="none" stroke="%s" stroke-width="2"%s%s ' ..
                                'points="%s"/>', colour, dash and ' stroke-dasharray="6 4"' or "",
                                data or "", table.concat(parts, " "))
end

-- The attribute name="v1 v2 ..." of field key of points (with the games).
local function values(name, points, key)
  local games, xs = {}, {}
  for i, p in ipairs(points) do
    games[i], xs[i] = tostring(p.games), string.format("%.17g", p[key])
  end
  return string.format(' data-games="%s" %s="%s"', table.concat(games, " "), name,
                       table.concat(xs, " "))
end

-- The SPRT panel: the LLR after each pair between its bounds.
local function llr_panel(out, y0, points, sprt, games, width)
  local lower, upper = math.log(sprt.beta / (1 - sprt.alpha)), math.log((1 - sprt.beta) / sprt.alpha)
  local lo, hi = lower, upper
  for _, p in ipairs(points) do lo, hi = math.min(lo, p.llr), math.max(hi, p.llr) end
  lo, hi = lo - 0.1 * (hi - lo), hi + 0.1 * (hi - lo)
  local px, py = panel(out, y0, string.format("SPRT [%g, %g] (%s): LLR by games", sprt.elo0,
                                              sprt.elo1, sprt.model), games, lo, hi, width,
                       "%.2f")
  line(out, {px(0), py(upper), px(games), py(upper)}, "#228833", true)
  line(out, {px(0), py(lower), px(games), py(lower)}, "#cc3311", true)
  for _, b in ipairs({{upper, "H1", "#228833", -4}, {lower, "H0", "#cc3311", 12}}) do
    out[#out + 1] = string.format('<text x="%s" y="%s" font-size="11" fill="%s">%s %.2f</text>',
                                  num(px(0) + 4), num(py(b[1]) + b[4]), b[3], b[2], b[1])
  end
  local xy = {px(0), py(0)}
  for _, p in ipairs(points) do xy[#xy + 1], xy[#xy + 2] = px(p.games), py(p.llr) end
  line(out, xy, "#004488", false, values("data-llr", points, "llr"))
end

-- The Elo panel: Elo after each pair (or game), its 95% interval shaded.
local function elo_panel(out, y0, points, games, paired, width)
  local lo, hi = -10, 10
  for _, p in ipairs(points) do
    lo = math.min(lo, clamp(p.low, ELO_CAP))
    hi = math.max(hi, clamp(p.high, ELO_CAP))
  end
  local px, py = panel(out, y0, "Elo ± 95% by games" .. (paired and " (from the pairs)" or ""),
                       games, lo, hi, width, "%.0f")
  local band, back, xy = {}, {}, {}
  for _, p in ipairs(points) do
    band[#band + 1] = num(px(p.games)) .. "," .. num(py(clamp(p.high, ELO_CAP)))
    table.insert(back, 1, num(px(p.games)) .. "," .. num(py(clamp(p.low, ELO_CAP))))
    xy[#xy + 1], xy[#xy + 2] = px(p.games), py(clamp(p.elo, ELO_CAP))
  end
  if #band > 0 then
    out[#out + 1] = string.format('<polygon fill="#bbccee" stroke="none" points="%s %s"/>',
                                  table.concat(band, " "), table.concat(back, " "))
  end
  line(out, {px(0), py(0), px(games), py(0)}, "#888", true)
  line(out, xy, "#004488", false, values("data-elo", points, "elo"))
end

-- Reads the sprt option of a picture: {elo0, elo1, alpha, beta, model}.
local function sprt_of(t)
  if not t then return nil end
  shared.as_option(2, "svg", "sprt", shared.options, t, 1, "sprt", SPRT_KEYS)
  shared.as_option(2, "svg", "sprt", M.sprt, {elo0 = t.elo0, elo1 = t.elo1, alpha = t.alpha,
                                              beta = t.beta, model = t.model})
  return {elo0 = t.elo0, elo1 = t.elo1, alpha = t.alpha or 0.05, beta = t.beta or 0.05,
          model = t.model or "logistic"}
end

-- shared.match_svg(x, options): the pictures of a Match or of a list of
-- Games (see mt.svg).
function shared.match_svg(x, options)
  local o = shared.options(options, 2, "svg", CHART_OPTIONS)
  local width = shared.check_option(o.width == nil or o.width >= 200 and o.width <= 10000, 2,
                                    "svg", "width", "a number of pixels from 200 to 10000",
                                    o.width) or WIDTH
  local name, results, paired, sprt
  if shared.is_match(x) then
    name, results = from_match(x)
    local own = x.sprt and {elo0 = x.sprt.elo0, elo1 = x.sprt.elo1, alpha = x.sprt.alpha,
                            beta = x.sprt.beta, model = x.sprt.model}
    paired, sprt = x.swap, sprt_of(o.sprt or own)
  else
    name, results = from_games(x)
    paired, sprt = true, sprt_of(o.sprt)
  end
  local games = 0
  for _, r in ipairs(results) do games = math.max(games, r.game) end
  local points = series(results, paired, sprt)
  local out, y = {}, 0
  if sprt then
    llr_panel(out, y, points, sprt, games, width)
    y = y + PANEL
  end
  elo_panel(out, y, points, games, paired, width)
  y = y + PANEL
  local title = o.title or string.format("%s: %d games", name, #results)
  return table.concat({
    '<?xml version="1.0" encoding="UTF-8"?>',
    string.format('<svg xmlns="http://www.w3.org/2000/svg" width="%s" height="%s" ' ..
                  'viewBox="0 0 %s %s" font-family="sans-serif">', num(width), num(y),
                  num(width), num(y)),
    "<title>" .. escape(title) .. "</title>",
    '<rect width="100%" height="100%" fill="#fffdf7"/>',
    table.concat(out, "\n"), "</svg>", ""}, "\n")
end

-- The match page's colours, in the light scheme, the dark one and forced
-- colours (its pictures keep their own light backdrop).
local MATCH_STYLE = [[
:root { color-scheme: light dark; --ink: #222; --paper: #fffdf7; --code: #fff; --rule: #ccc; }
@media (prefers-color-scheme: dark) {
  :root { --ink: #ecebe8; --paper: #1a1917; --code: #262421; --rule: #5a554d; }
}
@media (forced-colors: active) {
  :root { --ink: CanvasText; --paper: Canvas; --code: Canvas; --rule: CanvasText; }
}
body { font-family: sans-serif; margin: 1em auto; max-width: 60em; color: var(--ink); background: var(--paper); }
pre { background: var(--code); padding: .5em; border: 1px solid var(--rule); }
td, th { padding: 0 .6em; }
]]

-- shared.match_page(m): the page of a match: its results as text, its
-- pictures, its games.
function shared.match_page(m)
  local rows = {}
  for _, r in ipairs(m.records) do
    rows[#rows + 1] = string.format("<tr><td>%d</td><td>%s</td><td>%s</td><td>%s</td><td>%s" ..
                                    "</td><td>%d</td></tr>", r.game, escape(r.black),
                                    escape(r.white), escape(r.result), escape(r.reason), r.plies)
  end
  local svg = shared.match_svg(m):gsub("^<%?xml[^>]*>%s*", "")
  local title = string.format("%s vs %s", m.a.name, m.b.name)
  return table.concat({
    "<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
    "<title>Mū Tōrere: " .. escape(title) .. "</title>",
    "<style>" .. MATCH_STYLE .. "</style>",
    "</head><body>", "<h1>" .. escape(title) .. "</h1>",
    "<pre id=\"results\">" .. escape(tostring(m)) .. "</pre>",
    '<section id="pictures">' .. svg .. "</section>",
    '<h2>Games</h2><table id="games"><tr><th>game</th><th>black</th><th>white</th>' ..
    "<th>result</th><th>reason</th><th>plies</th></tr>" .. table.concat(rows) .. "</table>",
    "<footer>Made with mutorere " .. escape(M.version) .. ".</footer>", "</body></html>", ""},
    "\n")
end
