-- xml.lua — a small XML parser for the tests: parse(text) returns the root
-- element {name, attributes, children} or raises an error that says where
-- the text is not well-formed XML.  It knows elements, attributes (quoted),
-- text, comments, the XML declaration and the five standard entities.

local entities = {amp = "&", lt = "<", gt = ">", quot = '"', apos = "'"}

-- Checks the entities of a text or attribute value.
local function check_text(s, where)
  for name in s:gmatch("&([^;]*);") do
    if not entities[name] and not name:match("^#x?%x+$") then
      error(where .. ": unknown entity &" .. name .. ";")
    end
  end
  local bare = s:gsub("&[^;]*;", "")
  if bare:find("&") then error(where .. ": a bare &") end
  if bare:find("<") then error(where .. ": a bare <") end
end

local function parse(text)
  local pos, stack, root = 1, {}, nil
  local function where() return "at byte " .. pos end
  text = text:gsub("^%s*<%?xml.-%?>", "")
  while pos <= #text do
    local lt = text:find("<", pos, true)
    if not lt then
      check_text(text:sub(pos), where())
      if text:sub(pos):find("%S") then error(where() .. ": text outside the root") end
      break
    end
    local between = text:sub(pos, lt - 1)
    check_text(between, where())
    if #stack == 0 and between:find("%S") then error(where() .. ": text outside the root") end
    pos = lt
    if text:sub(pos, pos + 3) == "<!--" then
      local stop = text:find("-->", pos + 4, true) or error(where() .. ": unclosed comment")
      pos = stop + 3
    elseif text:sub(pos, pos + 1) == "</" then
      local name, stop = text:match("^</([%w:_.-]+)%s*>()", pos)
      if not name then error(where() .. ": a bad closing tag") end
      local open = table.remove(stack)
      if not open or open.name ~= name then
        error(where() .. ": </" .. name .. "> closes " .. (open and open.name or "nothing"))
      end
      pos = stop
    else
      local name, rest = text:match("^<([%w:_.-]+)()", pos)
      if not name then error(where() .. ": a bad tag") end
      local element = {name = name, attributes = {}, children = {}}
      pos = rest
      while true do
        local s = text:match("^%s*()", pos)
        pos = s
        if text:sub(pos, pos + 1) == "/>" then pos = pos + 2 element.empty = true break end
        if text:sub(pos, pos) == ">" then pos = pos + 1 break end
        local attr, _, value, stop = text:match("^([%w:_.-]+)%s*=%s*(['\"])(.-)%2()", pos)
        if not attr then error(where() .. ": a bad attribute in <" .. name .. ">") end
        if element.attributes[attr] then error(where() .. ": attribute " .. attr .. " twice") end
        check_text(value, where())
        element.attributes[attr] = value
        pos = stop
      end
      local parent = stack[#stack]
      if parent then
        parent.children[#parent.children + 1] = element
      elseif root then
        error(where() .. ": a second root element")
      else
        root = element
      end
      if not element.empty then stack[#stack + 1] = element end
    end
  end
  if #stack > 0 then error("the end of the text: <" .. stack[#stack].name .. "> is not closed") end
  if not root then error("no root element") end
  return root
end

-- Calls f on every element of the tree.
local function each(element, f)
  f(element)
  for _, c in ipairs(element.children) do each(c, f) end
end

return {parse = parse, each = each}
