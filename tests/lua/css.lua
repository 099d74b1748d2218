-- css.lua — a small reader of a style sheet, for the tests of the play
-- page's colours (dofile(HERE .. "/css.lua")): its rules, at the top and
-- inside @media, what an element gets from them under a colour scheme
-- (custom properties resolved), and WCAG 2.1's contrast of colours.
local M = {}

-- The end of the block whose "{" is just before at in text: the index
-- of its "}" (the blocks inside it skipped).
local function block_end(text, at)
  local depth = 1
  for i = at, #text do
    local c = text:sub(i, i)
    if c == "{" then depth = depth + 1 elseif c == "}" then depth = depth - 1 end
    if depth == 0 then return i end
  end
  error("css: a block without its end, at " .. text:sub(at - 40, at + 40), 0)
end

-- Appends to rules those of text, within the @media condition media
-- (nil at the top).
local function read_block(text, media, rules)
  local at = 1
  while true do
    local _, open, head = text:find("^%s*([^{}]-)%s*{", at)
    if not open then break end
    local close = block_end(text, open + 1)
    local body = text:sub(open + 1, close - 1)
    if head:match("^@media") then
      read_block(body, head:match("^@media%s*(.-)$"), rules)
    else
      local decls, selectors = {}, {}
      for name, value in body:gmatch("([%w-]+)%s*:%s*([^;]+)") do decls[name] = value:match("^(.-)%s*$") end
      for s in head:gmatch("[^,]+") do selectors[#selectors + 1] = s:match("^%s*(.-)%s*$") end
      rules[#rules + 1] = {media = media, selectors = selectors, decls = decls}
    end
    at = close + 1
  end
  if text:find("%S", at) then error("css: cannot read " .. text:sub(at, at + 60), 0) end
end

-- The rules of css text, in order: {media, selectors, decls (name to
-- value)}, media the @media condition it is under or nil.
function M.rules(css)
  local rules = {}
  read_block(css:gsub("/%*.-%*/", ""), nil, rules)
  return rules
end

-- The specificity of the compound selector token (tag, #id, .classes)
-- when it matches element e ({tag, classes = {...}}), else nil.
local function compound(token, e)
  local tag, rest = token:match("^([%a*]*)(.*)$")
  if tag ~= "" and tag ~= "*" and tag ~= e.tag then return nil end
  local score = (tag ~= "" and tag ~= "*") and 1 or 0
  local has = {}
  for _, c in ipairs(e.classes or {}) do has[c] = true end
  for kind, name in rest:gmatch("([.#])([%w_-]+)") do
    if kind == "." and not has[name] then return nil end
    if kind == "#" and name ~= e.id then return nil end
    score = score + (kind == "#" and 100 or 10)
  end
  if rest:gsub("[.#][%w_-]+", "") ~= "" then return nil end -- attributes, pseudo-classes: not read
  return score
end

-- The specificity of selector for element e ({tag, id, classes, within:
-- the selectors of its ancestors, as the sheet writes them}), or nil.
local function specificity(selector, e)
  local tokens = {}
  for t in selector:gmatch("%S+") do tokens[#tokens + 1] = t end
  local score = compound(tokens[#tokens], e)
  if not score then return nil end
  local within = {}
  for _, w in ipairs(e.within or {}) do within[w] = true end
  for i = 1, #tokens - 1 do
    if not within[tokens[i]] then return nil end
    score = score + select(2, tokens[i]:gsub("#", "")) * 100 + select(2, tokens[i]:gsub("%.", "")) * 10
  end
  return score
end

-- Whether a rule applies under scheme (a set of the @media conditions
-- that hold).
local function holds(rule, scheme) return rule.media == nil or scheme[rule.media] == true end

-- The custom properties under scheme: those of :root, the later winning.
function M.variables(rules, scheme)
  local vars = {}
  for _, r in ipairs(rules) do
    if holds(r, scheme) and r.selectors[1] == ":root" then
      for name, value in pairs(r.decls) do
        if name:sub(1, 2) == "--" then vars[name] = value end
      end
    end
  end
  return vars
end

-- value with each var(--x) replaced by its value in vars.
local function resolve(value, vars)
  for _ = 1, 10 do
    local done = true
    value = value:gsub("var%((%-%-[%w-]+)%)", function(name)
      done = false
      return vars[name] or error("css: no value for " .. name, 0)
    end)
    if done then return value end
  end
  error("css: variables that never end in " .. value, 0)
end

-- The declarations element e gets under scheme, the variables resolved:
-- the rules that match it, by specificity then order.
function M.style(rules, e, scheme)
  local vars, found = M.variables(rules, scheme), {}
  for i, r in ipairs(rules) do
    if holds(r, scheme) then
      local best
      for _, s in ipairs(r.selectors) do
        local score = specificity(s, e)
        if score and (not best or score > best) then best = score end
      end
      if best then found[#found + 1] = {score = best, order = i, decls = r.decls} end
    end
  end
  table.sort(found, function(a, b) return a.score < b.score or (a.score == b.score and a.order < b.order) end)
  local out = {}
  for _, f in ipairs(found) do
    for name, value in pairs(f.decls) do out[name] = resolve(value, vars) end
  end
  return out
end

-- The colours the system gives under forced colours (CSS Color 4).
M.SYSTEM = {}
for _, name in ipairs({"Canvas", "CanvasText", "LinkText", "VisitedText", "ActiveText", "ButtonFace",
                       "ButtonText", "ButtonBorder", "Field", "FieldText", "Highlight", "HighlightText",
                       "SelectedItem", "SelectedItemText", "Mark", "MarkText", "GrayText", "AccentColor",
                       "AccentColorText"}) do
  M.SYSTEM[name] = true
end

-- The colour of text "#rgb", "#rrggbb" or "rgb[a](r, g, b[, a])": {r, g,
-- b} from 0 to 255 and its alpha; nil when it is none of them.
function M.colour(text)
  text = text or ""
  local hex = text:match("^#(%x+)$")
  if hex and #hex == 3 then hex = hex:gsub(".", "%0%0") end
  if hex and #hex == 6 then
    return {tonumber(hex:sub(1, 2), 16), tonumber(hex:sub(3, 4), 16), tonumber(hex:sub(5, 6), 16)}, 1
  end
  local r, g, b, a = text:match("^rgba?%(%s*([%d.]+)%s*,%s*([%d.]+)%s*,%s*([%d.]+)%s*,?%s*([%d.]*)%s*%)$")
  if r then return {tonumber(r), tonumber(g), tonumber(b)}, tonumber(a) or 1 end
  return nil
end

-- Colour c at opacity alpha over colour behind, as the browser paints it.
function M.over(c, alpha, behind)
  return {alpha * c[1] + (1 - alpha) * behind[1], alpha * c[2] + (1 - alpha) * behind[2],
          alpha * c[3] + (1 - alpha) * behind[3]}
end

-- WCAG 2.1's relative luminance of colour c.
function M.luminance(c)
  local sum = 0
  for i, weight in ipairs({0.2126, 0.7152, 0.0722}) do
    local x = c[i] / 255
    x = x <= 0.03928 and x / 12.92 or ((x + 0.055) / 1.055) ^ 2.4
    sum = sum + weight * x
  end
  return sum
end

-- WCAG 2.1's contrast ratio of colours a and b (1 to 21).
function M.contrast(a, b)
  local x, y = M.luminance(a), M.luminance(b)
  return (math.max(x, y) + 0.05) / (math.min(x, y) + 0.05)
end

return M
