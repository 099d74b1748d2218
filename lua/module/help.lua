-- help.lua — help() and mt.doc(): the API reference (doc/api.md, embedded
-- in the program) looked up by function, method or name.
local M, embedded, shared = ...

local sections -- name -> text, read from the reference on first use
local order    -- names in the reference's order

-- The key of a heading "### `mt.game([variant])` → Game": "mt.game".
local function heading_key(line)
  local body = line:match("^###%s+`?([^`]*)")
  if not body then return nil end
  return body:match("^([%w_.:]+)")
end

-- Reads the reference into sections; the forms of one function
-- (mt.elo(wins, draws, losses) and mt.elo(pairs)) make one section, named
-- once.
local function load_reference()
  if sections then return end
  sections, order = {}, {}
  local text = embedded("api.md") or ""
  local key, lines = nil, {}
  local function flush()
    if not key then return end
    local section = table.concat(lines, "\n"):gsub("%s+$", "")
    if sections[key] then
      sections[key] = sections[key] .. "\n\n" .. section
    else
      sections[key] = section
      order[#order + 1] = key
    end
  end
  for line in (text .. "\n"):gmatch("([^\n]*)\n") do
    local k = heading_key(line)
    if k or line:match("^##?%s") then
      flush()
      key, lines = k, {}
    end
    if key then lines[#lines + 1] = line end
  end
  flush()
end

-- The reference name of a value: "mt.game", "Game:play", "play", or nil
-- (of two names, the least: the same in every state).
local function name_of(x)
  local function find(t)
    for _, k in ipairs(shared.keys(t)) do
      if type(k) == "string" and rawequal(rawget(t, k), x) then return k end
    end
  end
  local k = find(M)
  if k then return "mt." .. k end
  k = find(M.puzzle or {})
  if k then return "mt.puzzle." .. k end
  for _, class in ipairs({"Game", "Variant", "Position", "Solution", "Player"}) do
    local methods = M[class]
    k = type(methods) == "table" and find(methods)
    if k then return class .. ":" .. k end
  end
  k = find(shared.globals())
  if k then return k end
  local mt = debug and debug.getmetatable(x)
  local name = type(mt) == "table" and rawget(mt, "__name")
  if type(name) == "string" then return (name:gsub("^mutorere%.", "")) end
  return nil
end

-- The keys that match a name given by the user ("game" finds "mt.game",
-- "play" finds "play" and "Game:play").
local function matches(name)
  load_reference()
  if sections[name] then return {name} end
  local found = {}
  for _, key in ipairs(order) do
    local last = key:match("[.:]([%w_]+)$") or key
    if last == name or key == "mt." .. name then found[#found + 1] = key end
  end
  return found
end

-- Wraps words into lines of at most width columns, each starting with
-- indent.
local function wrap(words, indent, width)
  local lines, line = {}, indent
  for _, w in ipairs(words) do
    if #line + #w + 2 > width and line ~= indent then
      lines[#lines + 1] = line
      line = indent
    end
    line = line == indent and line .. w or line .. "  " .. w
  end
  lines[#lines + 1] = line
  return table.concat(lines, "\n")
end

-- The overview shown by help().
local function overview()
  load_reference()
  local groups, current, listed = {}, nil, {}
  local text = embedded("api.md") or ""
  for line in (text .. "\n"):gmatch("([^\n]*)\n") do
    local title = line:match("^##%s+(.*)")
    if title then
      current = {title = title, keys = {}}
      groups[#groups + 1] = current
    elseif current and heading_key(line) and not listed[heading_key(line)] then
      listed[heading_key(line)] = true
      current.keys[#current.keys + 1] = heading_key(line)
    end
  end
  local out = {"mutorere " .. M.version ..
               ": help(name) or help(function) explains one thing."}
  for _, g in ipairs(groups) do
    if #g.keys > 0 then
      out[#out + 1] = ""
      out[#out + 1] = g.title .. ":"
      out[#out + 1] = wrap(g.keys, "  ", 78)
    end
  end
  return table.concat(out, "\n")
end

-- A reference section as plain text: no markdown marks, code indented.
local function plain(section)
  local out, in_code = {}, false
  for line in (section .. "\n"):gmatch("([^\n]*)\n") do
    if line:match("^```") then
      in_code = not in_code
    elseif in_code then
      out[#out + 1] = "    " .. line
    else
      line = line:gsub("^###%s+", ""):gsub("`", "")
      out[#out + 1] = line
    end
  end
  return table.concat(out, "\n")
end

-- The entries of a class ("Game"), as an overview of its methods.
local function class_overview(class)
  load_reference()
  local keys = {}
  for _, k in ipairs(order) do
    if k:match("^" .. class .. ":") then keys[#keys + 1] = k end
  end
  if #keys == 0 then return nil end
  return "A " .. class .. " value.  Its methods (help \"" .. keys[1] ..
         "\" and so on):\n" .. wrap(keys, "  ", 78)
end

-- mt.doc([x]): the reference text for a value or name (nil, and a message,
-- when there is none); with no argument, the overview.
function M.doc(x)
  if x == nil then return overview() end
  local name = type(x) == "string" and x or name_of(x)
  if not name then
    return nil, "no help for a " .. type(x) .. "; help() lists the topics"
  end
  if type(x) ~= "string" and M.type(x) then return class_overview(M.type(x)) end
  local keys = matches(name)
  if #keys == 0 then keys = matches(name:match("[.:]([%w_]+)$") or name) end
  if #keys == 0 then
    return nil, "no help for '" .. name .. "'; help() lists the topics"
  end
  local parts = {}
  for _, k in ipairs(keys) do parts[#parts + 1] = plain(sections[k]) end
  local short = name:match("[.:]([%w_]+)$") or name
  local also = {}
  for _, k in ipairs(order) do
    local last = k:match("[.:]([%w_]+)$") or k
    if last == short then
      local listed = false
      for _, kk in ipairs(keys) do listed = listed or kk == k end
      if not listed then also[#also + 1] = k end
    end
  end
  if #also > 0 then parts[#parts + 1] = "See also: " .. table.concat(also, ", ") end
  return table.concat(parts, "\n\n")
end

-- mt.help([x]): prints mt.doc(x).
function M.help(x)
  local text, err = M.doc(x)
  print(text or err)
end

-- mt.topics(): every name the reference documents, in its order.
function M.topics()
  load_reference()
  return table.move(order, 1, #order, 1, {})
end
