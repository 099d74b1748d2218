-- repl.lua — what the REPL needs from Lua: printing values and finding
-- completions.  Runs in the program only, with the module's private
-- environment, given the REPL's globals and the module's shared table;
-- returns {show = ..., complete = ...}.
local globals, shared = ...

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
  local parts, n = {}, rawlen(t)
  for i = 1, math.min(n, MAX_ITEMS) do
    parts[#parts + 1] = render(rawget(t, i), depth - 1, seen)
  end
  local keys = {}
  for k in next, t do
    if not (math.type(k) == "integer" and k >= 1 and k <= n) then
      keys[#keys + 1] = k
    end
  end
  table.sort(keys, key_order)
  for _, k in ipairs(keys) do
    if #parts >= MAX_ITEMS then break end
    parts[#parts + 1] = render_key(k) .. " = " .. render(rawget(t, k), depth - 1, seen)
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
    local mt = debug and debug.getmetatable(v)
    if type(mt) == "table" and rawget(mt, "__tostring") then return tostring(v) end
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

local MAX_KEYS = 10000 -- keys looked at in one table while completing

-- The table behind a read-only view of the module, or v itself.
local function behind(v)
  return type(v) == "table" and shared.view_target and shared.view_target(v) or v
end

-- The metatable of v as it is, ignoring __metatable (no code runs).
local function metatable_of(v)
  return debug and debug.getmetatable(v) or nil
end

-- Adds to set the names a value offers after "." (or after ":" when
-- methods_only): table keys, and the methods and fields its metatable
-- lists.  Runs no code of the value's: raw access only, a bounded number
-- of keys.
local function collect(set, v, methods_only, depth)
  if depth > 4 then return end
  v = behind(v)
  if type(v) == "table" then
    local k, seen = next(v), 0
    while k ~= nil and seen < MAX_KEYS do
      local x = rawget(v, k)
      if type(k) == "string" and k:match("^[%a_][%w_]*$")
          and (not methods_only or type(x) == "function") then
        set[k] = true
      end
      seen = seen + 1
      k = next(v, k)
    end
  end
  local mt = metatable_of(v)
  if type(mt) ~= "table" then return end
  local index, methods, fields = rawget(mt, "__index"), rawget(mt, "methods"), rawget(mt, "fields")
  if type(index) == "table" then collect(set, index, methods_only, depth + 1) end
  if type(methods) == "table" then collect(set, methods, methods_only, depth + 1) end
  if not methods_only and type(fields) == "table" then
    for i = 1, math.min(rawlen(fields), MAX_KEYS) do
      if type(rawget(fields, i)) == "string" then set[rawget(fields, i)] = true end
    end
  end
end

-- Field name of v without running code: raw, then through the __index
-- tables of its metatables.
local function field(v, name)
  for _ = 1, 8 do
    v = behind(v)
    if type(v) == "table" then
      local x = rawget(v, name)
      if x ~= nil then return x end
    end
    local mt = metatable_of(v)
    local index = type(mt) == "table" and rawget(mt, "__index")
    if type(index) ~= "table" then return nil end
    v = index
  end
end

-- Looks up a dotted path of names from the globals, running no code.
local function lookup(path)
  local v = globals
  for name in path:gmatch("[^.]+") do
    v = field(v, name)
    if v == nil then return nil end
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
    collect(set, globals, false, 0)
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
