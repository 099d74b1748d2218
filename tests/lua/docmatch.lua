-- docmatch.lua — what a `-->` comment of the docs promises, and whether a
-- value keeps that promise (for test_docs.lua).  The promise is written as
-- Lua values, a list of them for several results, with two liberties:
--
--   3.14        a number rounds to the figures shown (2 decimals here); a
--               whole number is exact
--   0.9885...   a number cut after the figures shown
--   "a ..."     a string with "..." where any text may stand
--   ...         any value (a field `depth = ...`); in a table, more entries
--               (`{"a", ..., "z"}`: a list that starts with "a" and ends
--               with "z"; `{a = 1, ...}`: a table with a = 1 and more)
--   inf, -inf   math.huge and -math.huge
--
-- A Lua value written to be compared: a table, or for userdata (a Move,
-- a Position) {__ud = tostring(value)}, which a string matches.

local M = {}

local ANY = {kind = "any"}

-- Parses the text of a promise: a list of patterns, or nil and why.
function M.parse(text)
  local pos = 1
  local function skip() pos = text:find("%S", pos) or #text + 1 end
  local function peek(s) skip() return text:sub(pos, pos + #s - 1) == s end
  local function fail(what) error({what .. " at '" .. text:sub(pos, pos + 20) .. "'"}) end
  local value
  -- A string literal starting at pos (escapes as Lua reads them).
  local function string_literal()
    local i = pos + 1
    while i <= #text do
      local c = text:sub(i, i)
      if c == "\\" then i = i + 2
      elseif c == '"' then break
      else i = i + 1 end
    end
    if i > #text then fail("a string never closed") end
    local s = load("return " .. text:sub(pos, i), "=promise", "t", {})()
    pos = i + 1
    return {kind = "string", text = s}
  end
  local function number_literal()
    local s = text:match("^%-?%d+%.?%d*", pos)
    if not s then return nil end
    pos = pos + #s
    local p = {kind = "number", value = tonumber(s), decimals = #(s:match("%.(%d*)$") or "")}
    if text:sub(pos, pos + 2) == "..." then p.cut, pos = true, pos + 3 end
    return p
  end
  local function table_literal()
    pos = pos + 1
    local t = {kind = "table", items = {}, fields = {}, more = false}
    while not peek("}") do
      if peek("...") then
        pos = pos + 3
        t.more = true
        t.items[#t.items + 1] = ANY
      elseif peek("[") then
        pos = pos + 1
        skip()
        local key = text:sub(pos, pos) == '"' and string_literal().text or fail("a key")
        if not peek("]") then fail("a ]") end
        pos = pos + 1
        if not peek("=") then fail("an =") end
        pos = pos + 1
        t.fields[key] = value()
      else
        skip()
        local name = text:match("^([%a_][%w_]*)%s*=[^=]", pos)
        if name then
          pos = text:find("=", pos, true) + 1
          t.fields[name] = value()
        else
          t.items[#t.items + 1] = value()
        end
      end
      if peek(",") then pos = pos + 1 elseif not peek("}") then fail("a , or }") end
    end
    pos = pos + 1
    return t
  end
  value = function()
    skip()
    if peek("...") then pos = pos + 3 return ANY end
    local c = text:sub(pos, pos)
    if c == '"' then return string_literal() end
    if c == "{" then return table_literal() end
    for word, v in pairs({["nil"] = {kind = "nil"}, ["true"] = {kind = "boolean", value = true},
                          ["false"] = {kind = "boolean", value = false},
                          ["-inf"] = {kind = "number", value = -math.huge, decimals = 0},
                          ["inf"] = {kind = "number", value = math.huge, decimals = 0}}) do
      if text:match("^" .. word:gsub("%-", "%%-") .. "%f[^%w]", pos) then
        pos = pos + #word
        return v
      end
    end
    return number_literal() or fail("a value")
  end
  local ok, result = pcall(function()
    local list = {value()}
    while peek(",") do
      pos = pos + 1
      list[#list + 1] = value()
    end
    skip()
    if pos <= #text then fail("the end") end
    return list
  end)
  if ok then return result end
  if type(result) == "table" then return nil, "cannot read the promise: " .. result[1] end
  error(result, 0)
end

-- A value as short text, for messages.
local function show(v, depth)
  depth = depth or 2
  if type(v) == "string" then return string.format("%q", v) end
  if type(v) ~= "table" then return tostring(v) end
  if v.__ud then return v.__ud end
  if depth == 0 then return "{...}" end
  local parts = {}
  for k, x in pairs(v) do parts[#parts + 1] = tostring(k) .. " = " .. show(x, depth - 1) end
  table.sort(parts)
  return "{" .. table.concat(parts, ", ") .. "}"
end
M.show = show

-- Whether string s is what text with "..." wildcards says.
function M.string_fits(s, text)
  local pieces, at = {}, 1
  while true do
    local i = text:find("...", at, true)
    pieces[#pieces + 1] = text:sub(at, (i or 0) - 1)
    if not i then break end
    at = i + 3
  end
  if #pieces == 1 then return s == text end
  if s:sub(1, #pieces[1]) ~= pieces[1] then return false end
  local from = #pieces[1] + 1
  for i = 2, #pieces - 1 do
    local a, b = s:find(pieces[i], from, true)
    if not a then return false end
    from = b + 1
  end
  local last = pieces[#pieces]
  return #s - #last + 1 >= from and s:sub(#s - #last + 1) == last
end

-- The length of the list part of t (1, 2, ... without a hole).
local function length(t)
  local n = 0
  while t[n + 1] ~= nil do n = n + 1 end
  return n
end

local fits

-- Whether table value v keeps the table promise p; false and why if not.
local function table_fits(v, p)
  if type(v) ~= "table" or v.__ud then return false, "not a table: " .. show(v) end
  for k, want in pairs(p.fields) do
    local ok, why = fits(v[k], want)
    if not ok then return false, "field " .. k .. ": " .. why end
  end
  local head, tail, gap = {}, {}, false
  for _, item in ipairs(p.items) do
    if item == ANY then gap, tail = true, {}
    elseif gap then tail[#tail + 1] = item
    else head[#head + 1] = item end
  end
  local n = length(v)
  if (not gap and n ~= #head) or n < #head + #tail then
    return false, string.format("%d entries in its list, not %s%d", n, gap and "at least " or "",
                                #head + #tail)
  end
  for i, want in ipairs(head) do
    local ok, why = fits(v[i], want)
    if not ok then return false, "entry " .. i .. ": " .. why end
  end
  for i, want in ipairs(tail) do
    local k = n - #tail + i
    local ok, why = fits(v[k], want)
    if not ok then return false, "entry " .. k .. ": " .. why end
  end
  if not p.more then
    for k in pairs(v) do
      if p.fields[k] == nil and not (math.type(k) == "integer" and k >= 1 and k <= n) then
        return false, "a field not promised: " .. tostring(k)
      end
    end
  end
  return true
end

-- Whether number v keeps the number promise p.
local function number_fits(v, p)
  if type(v) ~= "number" then return false end
  if p.decimals == 0 and not p.cut then return v == p.value end
  local format = "%." .. p.decimals .. "f"
  if p.cut then
    local scale = 10 ^ p.decimals
    v = (v < 0 and math.ceil or math.floor)(v * scale) / scale
  end
  return string.format(format, v) == string.format(format, p.value)
end

-- Whether value v keeps promise p; false and why if not.
fits = function(v, p)
  local ok
  if p == ANY then return true
  elseif p.kind == "table" then return table_fits(v, p)
  elseif p.kind == "number" then ok = number_fits(v, p)
  elseif p.kind == "string" then
    local s = type(v) == "table" and v.__ud or v
    ok = type(s) == "string" and M.string_fits(s, p.text)
  elseif p.kind == "nil" then ok = v == nil
  else ok = v == p.value end
  if ok then return true end
  return false, "got " .. show(v)
end

-- Whether the results (a list of n values) keep the promises (a list);
-- false and why if not.  Missing results are nil, and so must be those
-- past the promises.
function M.fits(results, n, promises)
  for i = #promises + 1, n do
    if results[i] ~= nil then
      return false, string.format("%d results, %d promised", n, #promises)
    end
  end
  for i, p in ipairs(promises) do
    local ok, why = fits(results[i], p)
    if not ok then return false, "result " .. i .. ": " .. why end
  end
  return true
end

return M
