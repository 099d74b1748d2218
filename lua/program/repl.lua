-- repl.lua — what the REPL needs from Lua: printing values and finding
-- completions.  Runs in the program only, with the module's private
-- environment, given the REPL's globals, the module's shared table and its
-- own functions (M: what a script may have replaced in mt is not called);
-- returns {show = ..., complete = ...}.
local globals, shared, M = ...

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
-- A result whose __tostring fails or gives no string is an error that says
-- so (a failure of the statement), without a line of this file.
local function show(...)
  local parts = {}
  for i = 1, select("#", ...) do
    local v = select(i, ...)
    local ok, text = pcall(render, v, MAX_DEPTH, {})
    if not ok then
      error("cannot show result " .. i .. ": " .. tostring(text):gsub("^mutorere/repl%.lua:%d+: ", ""), 0)
    end
    parts[i] = type(v) == "string" and v or text
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

-- The methods table of the class a call of f returns, as f's entry in the
-- reference says ("current() → Game"), or nil.
local CLASSES = {Game = true, Variant = true, Position = true, Solution = true, Player = true}
local function returned_methods(f)
  if type(f) ~= "function" then return nil end
  local ok, text = pcall(M.doc, f)
  local kind = ok and type(text) == "string" and text:match("^[^\n]-→ (%u%a*)")
  return kind and CLASSES[kind] and M[kind] or nil
end

-- The value a path of names gives ("mt.game", "g:copy", "current"),
-- running no code.
local function lookup_callee(path)
  local object, method = path:match("^(.-):([%a_][%w_]*)$")
  if object then
    local v = lookup(object)
    return v ~= nil and field(v, method) or nil
  end
  return lookup(path)
end

-- The completions of text after a call ("current():re" gives text ":re"):
-- the methods of what the function returns, by its entry in the reference
-- (nothing is called), each prefixed as text is.
local function complete_after_call(text, line)
  local callee, sep, partial = line:match("([%a_][%w_.:]*)%s*%b()([.:])([%w_]*)$")
  if not callee then callee, sep, partial = line:match("([%a_][%w_.:]*)%s*%b{}([.:])([%w_]*)$") end
  local methods = callee and returned_methods(lookup_callee(callee))
  if not methods then return {} end
  local set, out = {}, {}
  collect(set, methods, sep == ":", 0)
  local prefix = text:sub(1, #text - #partial)
  for k in pairs(set) do
    if k:sub(1, #partial) == partial then out[#out + 1] = prefix .. k end
  end
  table.sort(out)
  return out
end

-- The completions of text inside the quote: the names of players after a
-- function of players (ai, mt.player, mt.match), else of variants; the
-- only one closes the quote.
local PLAYER_FUNCTIONS = {ai = true, player = true, match = true}
local function complete_quoted(text, before, quote)
  local callee = before:match("([%a_][%w_]*)%s*%(?%s*[\"']$")
  local ok, names = pcall(PLAYER_FUNCTIONS[callee] and M.players or M.variants)
  local out = {}
  for _, name in ipairs(ok and names or {}) do
    if name:sub(1, #text) == text then out[#out + 1] = name end
  end
  if #out == 1 then out[1] = out[1] .. quote end
  return out
end

-- complete(text [, before [, quote]]): the completions of the word text
-- ("mt.ga", "g:pl", "pri", ":re" after a call, "first-m" inside quotes)
-- as a sorted list of whole words; before is the line before text, quote
-- the quote text is inside.
local function complete(text, before, quote)
  if quote then return complete_quoted(text, before or "", quote) end
  if text:find("^[.:][%w_]*$") and (before or ""):find("[%)}]$") then
    return complete_after_call(text, before .. text)
  end
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
