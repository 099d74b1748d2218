-- repl.lua — what the REPL needs from Lua: printing values and finding
-- completions.  Runs in the program only; returns {show = ..., complete =
-- ...}.
local M = ...

local keywords = {
  "and", "break", "do", "else", "elseif", "end", "false", "for", "function",
  "goto", "if", "in", "local", "nil", "not", "or", "repeat", "return", "then",
  "true", "until", "while",
}

local MAX_ITEMS = 40 -- table entries shown before "..."
local MAX_DEPTH = 3

local render

-- A table key as written in a constructor.
local function render_key(k)
  if type(k) == "string" and k:match("^[%a_][%w_]*$") then return k end
  return "[" .. render(k, MAX_DEPTH, {}) .. "]"
end

-- Orders keys: numbers first, then strings, then the rest by their text.
local function key_order(a, b)
  local ta, tb = type(a), type(b)
  if ta ~= tb then
    if ta == "number" then return true end
    if tb == "number" then return false end
    return ta < tb
  end
  if ta == "number" or ta == "string" then return a < b end
  return tostring(a) < tostring(b)
end

-- A table as a constructor, nested to depth, cycles shown as "<cycle>".
local function render_table(t, depth, seen)
  if seen[t] then return "<cycle>" end
  if depth <= 0 then return "{...}" end
  seen[t] = true
  local parts, n = {}, #t
  for i = 1, math.min(n, MAX_ITEMS) do
    parts[#parts + 1] = render(t[i], depth - 1, seen)
  end
  local keys = {}
  for k in pairs(t) do
    if not (math.type(k) == "integer" and k >= 1 and k <= n) then
      keys[#keys + 1] = k
    end
  end
  table.sort(keys, key_order)
  for _, k in ipairs(keys) do
    if #parts >= MAX_ITEMS then break end
    parts[#parts + 1] = render_key(k) .. " = " .. render(t[k], depth - 1, seen)
  end
  if n + #keys > MAX_ITEMS then parts[#parts + 1] = "..." end
  seen[t] = nil
  local flat = "{" .. table.concat(parts, ", ") .. "}"
  if #flat <= 78 and not flat:find("\n") then return flat end
  for i, part in ipairs(parts) do parts[i] = part:gsub("\n", "\n  ") end
  return "{\n  " .. table.concat(parts, ",\n  ") .. "\n}"
end

-- render(value, depth, seen): a value as the REPL shows it inside tables.
function render(v, depth, seen)
  local t = type(v)
  if t == "string" then return string.format("%q", v) end
  if t == "table" then
    local mt = getmetatable(v)
    if mt and mt.__tostring then return tostring(v) end
    return render_table(v, depth, seen)
  end
  return tostring(v)
end

-- show(...): the text for the results of an expression: strings as they
-- are, tables as constructors, the rest by tostring; tab-separated.
local function show(...)
  local parts = {}
  for i = 1, select("#", ...) do
    local v = select(i, ...)
    parts[i] = type(v) == "string" and v or render(v, MAX_DEPTH, {})
  end
  return table.concat(parts, "\t")
end

-- Adds to set the names a value offers after "." (or after ":" when
-- methods_only): table keys, and the methods and fields its metatable
-- lists.
local function collect(set, v, methods_only, depth)
  if depth > 4 then return end
  if type(v) == "table" then
    for k, x in pairs(v) do
      if type(k) == "string" and k:match("^[%a_][%w_]*$")
          and (not methods_only or type(x) == "function") then
        set[k] = true
      end
    end
  end
  local mt = getmetatable(v)
  if type(mt) ~= "table" then return end
  if type(mt.__index) == "table" then collect(set, mt.__index, methods_only, depth + 1) end
  if type(mt.methods) == "table" then collect(set, mt.methods, methods_only, depth + 1) end
  if not methods_only and type(mt.fields) == "table" then
    for _, f in ipairs(mt.fields) do set[f] = true end
  end
end

-- Looks up a dotted path of names from the globals, without running any
-- code but __index (errors give nil).
local function lookup(path)
  local v = _G
  for name in path:gmatch("[^.]+") do
    local ok, x = pcall(function() return v[name] end)
    if not ok or x == nil then return nil end
    v = x
  end
  return v
end

-- complete(text): the completions of the word text ("mt.ga", "g:pl", "pri")
-- as a sorted list of whole words.
local function complete(text)
  local base, sep, partial = text:match("^(.-)([.:]?)([%w_]*)$")
  if not base then return {} end
  local set = {}
  if sep == "" then
    collect(set, _G, false, 0)
    for _, k in ipairs(keywords) do set[k] = true end
    base = ""
  else
    if not base:match("^[%a_][%w_.]*$") then return {} end
    local v = lookup(base)
    if v == nil then return {} end
    collect(set, v, sep == ":", 0)
  end
  local out = {}
  for k in pairs(set) do
    if k:sub(1, #partial) == partial then out[#out + 1] = base .. sep .. k end
  end
  table.sort(out)
  return out
end

return {show = show, complete = complete}
