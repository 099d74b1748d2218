-- enginerules.lua — what an outside engine is told of the rules it plays:
-- the name of a variant (and its arms) when the name gives those very
-- rules and the engine lists it, else the whole definition through its
-- VariantDefinition option (doc/ugi.md): a variant file's text — the rules
-- written out as data, every base inlined, or for a variant with hooks the
-- file it came from — on one line, its control characters and % written
-- %XX.  An engine that can be told neither cannot play the variant.
local M, _, shared = ...

local DEFINITION_MAX = 512 * 1024 -- bytes of a definition line (an engine reads 1 MiB)
local KEYWORDS = {}
for w in ([[and break do else elseif end false for function goto if in local nil not or
  repeat return then true until while]]):gmatch("%a+") do KEYWORDS[w] = true end

-- 1 when the rules of v are those its name gives (on its arms): a variant
-- without hooks equal to the one the name makes, or one with hooks made
-- straight from the file its name finds, or from its name and arms alone.
local function named_rules(v)
  local name = v.name
  if not name:match("^[%w_%-]+$") then return false end
  local ok, ref = pcall(M.variant, v.arms and {base = name, arms = v.arms} or name)
  if not ok then return false end
  if not v.hooked then return ref == v end
  if v.path then return v.path == M.variant(name).path end
  for k in next, v.definition or {x = 1} do
    if k ~= "base" and k ~= "arms" then return false end
  end
  return v.definition.base == name
end

-- The Lua text of a plain value (a string, a number, a boolean or a table
-- of them); raises on anything else.
local function lua_text(x, depth)
  local t = type(x)
  if t == "string" then return string.format("%q", x) end
  if t == "boolean" then return tostring(x) end
  if t == "number" then
    if shared.whole(x) then return string.format("%d", shared.whole(x)) end
    if x ~= x or x == math.huge or x == -math.huge then error("a number that is not finite", 0) end
    return string.format("%.17g", x)
  end
  if t ~= "table" or M.type(x) ~= nil then error("a " .. (M.type(x) or t) .. " among its data", 0) end
  if depth > 20 then error("tables nested too deeply", 0) end
  local keys = {}
  for k in next, x do keys[#keys + 1] = k end
  table.sort(keys, function(a, b)
    if type(a) ~= type(b) then return type(a) == "number" end
    return a < b
  end)
  local parts = {}
  for _, k in ipairs(keys) do
    local key
    if type(k) == "string" and k:match("^[%a_][%w_]*$") and not KEYWORDS[k] then
      key = k
    elseif type(k) == "string" or shared.whole(k) then
      key = "[" .. lua_text(k, depth + 1) .. "]"
    else
      error("a key that is not a string or a whole number", 0)
    end
    parts[#parts + 1] = key .. " = " .. lua_text(x[k], depth + 1)
  end
  return "{" .. table.concat(parts, ", ") .. "}"
end

local flat -- (below)

-- The definition a base spec stands for, every base of it inlined: a
-- table's own, that of the variant a name, a path or a Variant makes; a
-- variant built into the core without a definition stays a name.
local function flat_base(spec, depth)
  if type(spec) == "table" and M.type(spec) == nil then return flat(spec, depth + 1) end
  local b = M.variant(spec)
  if b.definition then return flat(b.definition, depth + 1) end
  return b.name
end

-- A definition table with every base inlined (a copy).
function flat(d, depth)
  if depth > 20 then error("bases nested too deeply", 0) end
  local out = {}
  for k, x in next, d do
    if k == "base" then out.base = flat_base(x, depth) else out[k] = x end
  end
  return out
end

-- The text of a variant file that makes v: its rules written out as data
-- (checked: the text makes v again), or for a variant with hooks the text
-- of the file it came from; nil and why when neither can be.
local function definition_text(v)
  if v.hooked then
    if not v.path then
      return nil, "its hooks are Lua functions made here, not read from a variant file"
    end
    local text, why = shared.read_file(v.path)
    if not text then return nil, "cannot read its file " .. tostring(why) end
    return text
  end
  local ok, text = pcall(function()
    local d = flat(v.definition or {base = v.name}, 0)
    d.name = v.name
    return "return " .. lua_text(d, 0) .. "\n"
  end)
  if not ok then return nil, "its definition cannot be written as data: " .. shared.reason(text) end
  local again = load(text, "=definition", "t", {})
  local made, w = pcall(function() return M.variant(again()) end)
  if not (made and w == v) then
    return nil, "its rules written as data are not the same rules"
  end
  return text
end

local texts = setmetatable({}, {__mode = "k"}) -- Variant -> {line} or {nil, why}

-- shared.definition_line(v): the text of a variant file making v (see
-- definition_text), as one line: control characters and % written %XX;
-- nil and why when it cannot be given.
function shared.definition_line(v)
  local known = texts[v]
  if not known then
    local text, why = definition_text(v)
    local line = text and text:gsub("[%%%c]", function(c) return string.format("%%%02X", c:byte()) end)
    if line and #line > DEFINITION_MAX then
      line, why = nil, string.format("its definition is longer than %d bytes", DEFINITION_MAX)
    end
    known = {line, why}
    texts[v] = known
  end
  return known[1], known[2]
end

-- shared.rules_told(v, declared, vars): how an engine that declares the
-- options declared (lower-case name -> name; vars: a combo's values,
-- lower-case) is told the rules of v: {name = true} (its Variant and Arms
-- options, or none: standard on 8 arms), {definition = line} (its
-- VariantDefinition option); nil and why when it cannot be.
function shared.rules_told(v, declared, vars)
  local by_name = named_rules(v)
  local listed = not vars.variant or vars.variant[v.name:lower()]
  local arms_told = not v.arms or declared.arms or v.arms == 8
  if by_name and declared.variant and listed and arms_told then return {name = true} end
  if by_name and not declared.variant and v.name == "standard" and arms_told then
    return {name = true}
  end
  if declared.variantdefinition then
    local line, why = shared.definition_line(v)
    if line then return {definition = line} end
    return nil, string.format("the rules of variant %s cannot be sent: %s", v.name, why)
  end
  local why = not by_name and "they are not those its name gives"
              or not declared.variant and "the engine has no Variant option"
              or not listed and "the engine's Variant option does not list it"
              or string.format("the engine has no Arms option (%d arms)", v.arms)
  return nil, string.format("it cannot be told the rules of variant %s: %s, and it has no " ..
                            "VariantDefinition option (doc/ugi.md)", v.name, why)
end
