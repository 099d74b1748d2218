-- reference.lua — what the Lua tests read of the reference, doc/api.md
-- (dofile(HERE .. "/reference.lua")): its headings' names, their
-- parameters, and the fields listed in "Fields of a Class:" lines.

local reference = {}

-- The reference's text.
function reference.text()
  return dofile(HERE .. "/files.lua").read(HERE .. "/../../doc/api.md")
end

-- The parameter names of a heading's call text ("(game [, options])" gives
-- {"game", "options"}; "{rotate = k, ...}" gives {"options"}).
function reference.params(call)
  if call:match("^{") then return {"options"} end
  local list = {}
  for name in (call:match("^%((.*)%)") or ""):gsub("[%[%]]", ""):gmatch("[^,%s]+") do
    list[#list + 1] = name
  end
  return list
end

-- Calls visit(code, section) for every backquoted name of a "###" heading
-- of text before its arrow (code: "mt.svg(x [, options])"; section: the
-- "##" title above it), and visit_field(class, field) for every
-- backquoted word of a "Fields of a Class:" paragraph.
function reference.each(text, visit, visit_field)
  local section, fields_of
  for line in (text .. "\n"):gmatch("([^\n]*)\n") do
    local heading = line:match("^###%s+(.*)$")
    section = line:match("^##%s+(.*)$") or section
    if heading then
      fields_of = nil
      for code in (heading:match("^(.-)→") or heading):gmatch("`([^`]+)`") do visit(code, section) end
    else
      local class, rest = line:match("^Fields of an? (%u[%w_]*):(.*)$")
      if class then fields_of, line = class, rest
      elseif line:match("^%s*$") or line:match("^#") then fields_of = nil end
      if fields_of and visit_field then
        for field in line:gmatch("`([%a_][%w_]*)`") do visit_field(fields_of, field) end
      end
    end
  end
end

-- {name = parameter list} for every function and method the reference
-- documents ("mt.svg", "Game:play").
function reference.signatures(text)
  local list = {}
  reference.each(text, function(code)
    local name, call = code:match("^([%a_][%w_.:]*)([({].*)$")
    if name then list[name] = reference.params(call) end
  end)
  return list
end

return reference
