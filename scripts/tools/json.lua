-- json.lua — reads JSON text (RFC 8259) as Lua values, for the tools that
-- read others' configuration files (match.lua: cutechess's engines.json,
-- fastchess's -config file).  Objects become tables with string keys,
-- arrays lists (n their length, json.is_list true: an object may have a
-- key "n" too), null json.null; numbers stay exact when whole.  A bad
-- text is an error that says what and where (line, column).
--   local json = dofile("scripts/tools/json.lua")
--   local value = json.decode(text [, name])

local json = {null = setmetatable({}, {__tostring = function() return "null" end})}
local LIST = {} -- the metatable of the lists read

-- json.is_list(x): whether x is an array read.
function json.is_list(x) return type(x) == "table" and getmetatable(x) == LIST end

local ESCAPES = {['"'] = '"', ["\\"] = "\\", ["/"] = "/", b = "\b", f = "\f", n = "\n",
                 r = "\r", t = "\t"}
local DEPTH_MAX = 200

-- A reader of text (named name in errors): its position and what it
-- raises.
local function reader(text, name)
  local r = {text = text, at = 1}
  function r.fail(what)
    local before = text:sub(1, r.at - 1)
    local line = select(2, before:gsub("\n", "")) + 1
    local column = r.at - (before:match(".*()\n") or 0)
    error(string.format("%s: line %d, column %d: %s", name, line, column, what), 0)
  end
  function r.space() r.at = text:match("^[ \t\r\n]*()", r.at) end
  return r
end

-- The UTF-8 bytes of code point c.
local function utf8_of(c) return utf8.char(c) end

local value -- (below)

-- Reads a string (the reader at its opening quote).
local function read_string(r)
  local out, at = {}, r.at + 1
  while true do
    local plain, stop = r.text:match('^([^"\\%c]*)()', at)
    out[#out + 1] = plain
    at = stop
    local c = r.text:sub(at, at)
    if c == '"' then
      r.at = at + 1
      return table.concat(out)
    elseif c == "\\" then
      local e = r.text:sub(at + 1, at + 1)
      if ESCAPES[e] then
        out[#out + 1], at = ESCAPES[e], at + 2
      elseif e == "u" then
        local hex = r.text:match("^%x%x%x%x", at + 2)
        r.at = at
        if not hex then r.fail("\\u needs four hexadecimal digits") end
        local code = tonumber(hex, 16)
        at = at + 6
        if code >= 0xD800 and code <= 0xDBFF then -- a surrogate pair
          local low = r.text:match("^\\u(%x%x%x%x)", at)
          local lc = low and tonumber(low, 16)
          if not lc or lc < 0xDC00 or lc > 0xDFFF then r.fail("a lone surrogate") end
          code, at = 0x10000 + (code - 0xD800) * 0x400 + (lc - 0xDC00), at + 6
        elseif code >= 0xDC00 and code <= 0xDFFF then
          r.fail("a lone surrogate")
        end
        out[#out + 1] = utf8_of(code)
      else
        r.at = at
        r.fail("a bad escape \\" .. e)
      end
    else
      r.at = at
      r.fail(c == "" and "the text ends inside a string" or "a control character in a string")
    end
  end
end

-- Reads a number: -? (0 | [1-9] digits) (. digits)? ([eE] [+-]? digits)?.
local function read_number(r)
  local s, at = r.text, r.at
  local q = s:match("^-?()", at)
  q = s:match("^0()", q) or s:match("^[1-9]%d*()", q)
  if not q then r.fail("a bad number") end
  if s:sub(q, q) == "." then q = s:match("^%.%d+()", q) or r.fail("a bad number") end
  if s:sub(q, q):match("[eE]") then q = s:match("^[eE][-+]?%d+()", q) or r.fail("a bad number") end
  r.at = q
  local n = tonumber(s:sub(at, q - 1))
  return math.tointeger(n) or n
end

-- Reads an array or an object (the reader at its bracket).
local function read_container(r, depth)
  local open = r.text:sub(r.at, r.at)
  local close = open == "[" and "]" or "}"
  if depth > DEPTH_MAX then r.fail("nested too deeply") end
  local out = open == "[" and setmetatable({n = 0}, LIST) or {}
  r.at = r.at + 1
  r.space()
  if r.text:sub(r.at, r.at) == close then
    r.at = r.at + 1
    return out
  end
  while true do
    if open == "[" then
      out.n = out.n + 1
      out[out.n] = value(r, depth + 1)
    else
      if r.text:sub(r.at, r.at) ~= '"' then r.fail("a key (a string) expected") end
      local key = read_string(r)
      r.space()
      if r.text:sub(r.at, r.at) ~= ":" then r.fail("':' expected") end
      r.at = r.at + 1
      out[key] = value(r, depth + 1)
    end
    r.space()
    local c = r.text:sub(r.at, r.at)
    r.at = r.at + 1
    if c == close then return out end
    if c ~= "," then
      r.at = r.at - 1
      r.fail("',' or '" .. close .. "' expected")
    end
    r.space()
  end
end

-- Reads a value (white space around it skipped).
function value(r, depth)
  r.space()
  local c = r.text:sub(r.at, r.at)
  local v
  if c == "{" or c == "[" then
    v = read_container(r, depth)
  elseif c == '"' then
    v = read_string(r)
  elseif c == "-" or c:match("%d") then
    v = read_number(r)
  else
    local word = r.text:match("^%a+", r.at)
    local words = {["true"] = true, ["false"] = false, null = json.null}
    if words[word] == nil then r.fail(c == "" and "a value expected" or "a bad value") end
    v, r.at = words[word], r.at + #word
  end
  r.space()
  return v
end

-- json.decode(text [, name]): the value of JSON text (name: what errors
-- call it, "JSON").
function json.decode(text, name)
  local r = reader(text, name or "JSON")
  local v = value(r, 0)
  if r.at <= #text then r.fail("more after the value") end
  return v
end

return json
