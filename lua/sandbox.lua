-- sandbox.lua — running scripts that others wrote: a safe environment (no
-- io, no os but its clocks, no package, require, dofile, loadfile, debug or
-- string.dump, load of text only), read-only views of the module and of
-- every metatable, and budgets of time, instructions and memory
-- (mt.limit) that neither pcall nor coroutines escape.
local M, _, shared = ...

-- Every other part runs first, so that all their classes are locked below
-- and a sandbox sees the whole module.
shared.run_all_parts()

local views = setmetatable({}, {__mode = "k"})

-- readonly(t): a read-only view of a table; the tables inside it are seen
-- read-only too.  Other values are themselves.
local function readonly(t)
  if type(t) ~= "table" then return t end
  local view = views[t]
  if view then return view end
  view = setmetatable({}, {
    __index = function(_, k) return readonly(t[k]) end,
    __newindex = function() error("this table is read-only here", 2) end,
    __pairs = function()
      return function(_, k)
        local key, value = next(t, k)
        return key, readonly(value)
      end, view, nil
    end,
    __len = function() return #t end,
    __metatable = "read-only",
  })
  views[t] = view
  return view
end
shared.readonly = readonly

-- Locks a metatable: getmetatable gives a read-only view of it.
function shared.lock(mt)
  if type(mt) == "table" and rawget(mt, "__metatable") == nil then
    mt.__metatable = readonly(mt)
  end
end

-- The module's metatables and the string metatable are locked, so that no
-- script can change how the values of other scripts behave.
for _, name in ipairs({"mutorere.Game", "mutorere.Variant", "mutorere.Position",
                       "mutorere.Move", "mutorere.Solution"}) do
  local ok, registry = pcall(debug and debug.getregistry or error)
  if ok and registry[name] then shared.lock(registry[name]) end
end
shared.lock(debug and debug.getmetatable("") or getmetatable(""))
for _, class in ipairs(shared.classes or {}) do shared.lock(class) end

-- A copy of a library table without some of its fields.
local function copy(lib, without)
  local t = {}
  for k, v in pairs(lib or {}) do if not (without and without[k]) then t[k] = v end end
  return t
end

local SAFE_BASE = {"assert", "error", "getmetatable", "ipairs", "next", "pairs",
                   "pcall", "print", "rawequal", "rawget", "rawlen", "rawset",
                   "select", "setmetatable", "tonumber", "tostring", "type",
                   "xpcall", "_VERSION"}

-- mt.sandbox_env(): a fresh safe global environment.  Its setmetatable
-- refuses finalizers, which would run later, outside the sandbox's budget.
function M.sandbox_env()
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
  env.mt = readonly(M)
  env._G = env
  return env
end

-- Calls f(...) with its global environment (its _ENV upvalue) set to env
-- for the call.
local function with_env(f, env, ...)
  local index
  for i = 1, 255 do
    local name = debug.getupvalue(f, i)
    if name == nil then break end
    if name == "_ENV" then index = i break end
  end
  if not index then return f(...) end
  local _, before = debug.getupvalue(f, index)
  debug.setupvalue(f, index, env)
  local results = table.pack(pcall(f, ...))
  debug.setupvalue(f, index, before)
  if not results[1] then error(results[2], 0) end
  return table.unpack(results, 2, results.n)
end

-- mt.sandbox(path or function [, options]): runs a script file (text
-- only) or a function in a safe environment, with file access refused,
-- within a budget.  Options: time (seconds, default 10), instructions,
-- memory (bytes, default 64 MiB), args (a list passed to the script).
-- Returns true and the results, or false and the error.
function M.sandbox(x, options)
  local o = options or {}
  local env = M.sandbox_env()
  local f
  if type(x) == "function" then
    if not debug then error("sandboxing a function needs the debug library", 2) end
    f = function(...) return with_env(x, env, ...) end
  elseif type(x) == "string" then
    local chunk, err = loadfile(x, "t", env)
    if not chunk then return false, err end
    f = chunk
  else
    error("mt.sandbox runs a path or a function, not " .. type(x), 2)
  end
  local args = o.args or {}
  return M.limit({time = o.time or 10, instructions = o.instructions,
                  memory = o.memory or 64 * 1024 * 1024},
                 shared.within_sandbox, f, table.unpack(args, 1, args.n or #args))
end

-- Refuses file access in a sandbox (for the module's Lua parts).
function shared.no_files_in_sandbox(what)
  if M.sandboxed() then error(what .. " is not allowed in a sandbox", 3) end
end
