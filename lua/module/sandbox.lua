-- sandbox.lua — running scripts that others wrote: a safe environment (no
-- io, no os but its clocks, no package, require, dofile, loadfile, debug or
-- string.dump, load of text only), read-only views of the module and of
-- every metatable, and budgets of time, instructions and memory
-- (mt.limit) that neither pcall nor coroutines escape.
local M, _, shared = ...

local views = setmetatable({}, {__mode = "k"}) -- view -> the table it shows

-- shared.view_target(v): the table behind a read-only view, or nil.
function shared.view_target(v) return views[v] end

-- readonly(t, cache): a read-only view of a table, kept in cache (a weak
-- table: one view of each table per cache); the tables inside it are seen
-- read-only too.  Other values are themselves.
local function readonly(t, cache)
  if type(t) ~= "table" then return t end
  local view = cache[t]
  if view then return view end
  view = setmetatable({}, {
    __index = function(_, k) return readonly(t[k], cache) end,
    __newindex = function() error("this table is read-only here", 2) end,
    __pairs = function()
      return function(_, k)
        local key, value = next(t, k)
        return key, readonly(value, cache)
      end, view, nil
    end,
    __len = function() return #t end,
    __metatable = "read-only",
  })
  cache[t] = view
  views[view] = t
  return view
end

local locked = setmetatable({}, {__mode = "k"}) -- the views of metatables

-- Locks a metatable: getmetatable gives a read-only view of it.
function shared.lock(mt)
  if type(mt) == "table" and rawget(mt, "__metatable") == nil then
    mt.__metatable = readonly(mt, locked)
  end
end

-- A copy of a library table without some of its fields.
local function copy(lib, without)
  local t = {}
  for k, v in next, lib or {} do if not (without and without[k]) then t[k] = v end end
  return t
end

-- The string methods become a copy of the string library made now,
-- without dump: no script reaches string.dump through ("").dump, and none
-- changes the methods of every other script's strings by changing string.
-- Functions added to string later are methods too.
local string_meta = debug and debug.getmetatable("") or getmetatable("")
if type(string_meta) == "table" and rawget(string_meta, "__metatable") == nil
    and type(rawget(string_meta, "__index")) == "table" then
  local library = rawget(string_meta, "__index")
  local methods = copy(library, {dump = true})
  methods.dump = false
  string_meta.__index = setmetatable(methods, {__index = library})
end

-- The module's metatables and the string metatable are locked, so that no
-- script can change how the values of other scripts behave.
for _, name in ipairs({"mutorere.Game", "mutorere.Variant", "mutorere.Position",
                       "mutorere.Move", "mutorere.Solution"}) do
  local registry = debug and debug.getregistry()
  if registry and registry[name] then shared.lock(registry[name]) end
end
shared.lock(string_meta)
for _, class in ipairs(shared.classes or {}) do shared.lock(class) end
-- (the parts that run later have their classes locked as they run)

local SAFE_BASE = {"assert", "error", "getmetatable", "ipairs", "next", "pairs",
                   "pcall", "print", "rawequal", "rawget", "rawlen",
                   "select", "tonumber", "tostring", "type",
                   "xpcall", "_VERSION"}

-- mt.sandbox_env(): a fresh safe global environment, with its own
-- read-only view of the module.  Its setmetatable refuses finalizers, which
-- would run later, outside the sandbox's budget; its rawset refuses the
-- read-only views.
function M.sandbox_env()
  shared.run_all_parts() -- the sandbox sees the whole module
  local env = {}
  for _, name in ipairs(SAFE_BASE) do env[name] = _G[name] end
  env.string = copy(string, {dump = true})
  env.table, env.math, env.utf8 = copy(table), copy(math), copy(utf8)
  env.coroutine = copy(coroutine)
  env.os = {clock = os.clock, time = os.time, date = os.date, difftime = os.difftime}
  env.load = function(chunk, name, mode, chunk_env)
    if mode ~= nil and mode ~= "t" then
      return nil, "only text chunks may be loaded in a sandbox"
    end
    return load(chunk, name, "t", chunk_env or env)
  end
  env.collectgarbage = function(option, ...)
    if option == nil or option == "collect" or option == "count" or option == "step" then
      return collectgarbage(option, ...)
    end
    error("collectgarbage(\"" .. tostring(option) .. "\") is not allowed in a sandbox", 2)
  end
  env.setmetatable = function(t, mt)
    if type(mt) == "table" and rawget(mt, "__gc") ~= nil then
      error("finalizers (__gc) are not allowed in a sandbox: they would run " ..
            "after it, out of its budget", 2)
    end
    return setmetatable(t, mt)
  end
  env.rawset = function(t, k, v)
    if views[t] then error("this table is read-only here", 2) end
    return rawset(t, k, v)
  end
  env.mt = readonly(shared.module, setmetatable({}, {__mode = "k"}))
  env._G = env
  return env
end

-- A copy of the Lua function f whose globals (its _ENV) are env for good:
-- the functions it makes keep them too, whoever calls them later.  Its
-- other upvalues are f's own.  A C function is itself.
local function bound_to(f, env)
  if debug.getinfo(f, "S").what == "C" then return f end
  local bound = load(string.dump(f), "=sandboxed", "b", env)
  for i = 1, 255 do
    local name = debug.getupvalue(f, i)
    if name == nil then break end
    if name == "_ENV" then
      debug.setupvalue(bound, i, env)
    elseif name == "(no name)" then
      error("mt.sandbox cannot run a function without debug information", 3)
    else
      debug.upvaluejoin(bound, i, f, i)
    end
  end
  return bound
end

local SANDBOX_OPTIONS = {time = true, instructions = true, memory = true, args = true}

-- mt.sandbox(path or function [, options]): runs a script file (text
-- only) or a function in a safe environment, with file access refused,
-- within a budget.  Options: time (seconds, default 10), instructions,
-- memory (bytes, default 64 MiB), args (a list passed to the script).
-- Returns true and the results, or false and the error.
function M.sandbox(x, options)
  local o = options or {}
  if type(o) ~= "table" then error("bad argument #2 to 'sandbox' (a table of options expected)", 2) end
  for _, k in ipairs(shared.keys(o)) do
    if not SANDBOX_OPTIONS[k] then
      error("bad argument #2 to 'sandbox' (unknown option '" .. tostring(k) ..
            "'; the options are time, instructions, memory and args)", 2)
    end
  end
  local args = o.args or {}
  if type(args) ~= "table" then error("bad argument #2 to 'sandbox' (args must be a list)", 2) end
  local env = M.sandbox_env()
  local f
  if type(x) == "function" then
    if not debug then error("sandboxing a function needs the debug library", 2) end
    f = bound_to(x, env)
  elseif type(x) == "string" then
    local chunk, err = loadfile(x, "t", env)
    if not chunk then return false, err end
    f = chunk
  else
    error("bad argument #1 to 'sandbox' (a path or a function expected, got " .. type(x) .. ")", 2)
  end
  return M.limit({time = o.time or 10, instructions = o.instructions,
                  memory = o.memory or 64 * 1024 * 1024},
                 shared.within_sandbox, f, table.unpack(args, 1, rawget(args, "n") or #args))
end

-- shared.variant_file(path): the Variant of a variant file run in a
-- sandbox, its table made into a Variant inside it too (records use it:
-- their files run with no rights).
function shared.variant_file(path)
  local env = M.sandbox_env()
  local chunk, err = loadfile(path, "t", env)
  if not chunk then error(err, 0) end
  local ok, v = M.limit({time = 10, memory = 64 * 1024 * 1024}, shared.within_sandbox, function()
    local t = chunk()
    if type(t) ~= "table" then
      error("variant file " .. path .. " must return a table, not " .. type(t), 0)
    end
    if rawget(t, "name") == nil then rawset(t, "name", path:match("([^/]-)%.lua$") or "custom") end
    return M.variant(t)
  end)
  if not ok then error(v, 0) end
  return v
end

-- Refuses file access in a sandbox (for the module's Lua parts).
function shared.no_files_in_sandbox(what)
  if M.sandboxed() then error(what .. " is not allowed in a sandbox", 3) end
end
