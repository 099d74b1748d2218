-- api.lua — the last part: the module's functions written in Lua, made to
-- raise their errors as the C ones do, at the caller's file and line and
-- without the names of the module's own files (an error of mt.perft called
-- from mt.divide reads as the caller's, not as "mutorere/extras.lua:58").
local M, _, shared = ...

-- Re-raises a failure of a wrapped function at its caller's level: a
-- position in the module's own files is taken off and replaced by the
-- caller's; any other message (one with a position in other code, a hook
-- or a player, or none at all) stays as it is.
local function finish(ok, ...)
  if ok then return ... end
  local message = ...
  local own = type(message) == "string" and message:match("^mutorere/[%w_]+%.lua:%d+: (.*)$")
  if own then error(own, 2) end
  error(message, 0)
end

local function pass(...) return ... end

-- Calls f(...) from a frame of this file, so that f's error(message, 2)
-- names this file, which finish replaces by the caller's position.
local function call(f, ...) return pass(f(...)) end

-- f, raising its errors as the API does.
local function positioned(f)
  return function(...) return finish(pcall(call, f, ...)) end
end

-- Wraps the Lua functions of table t (metamethods aside).
local function wrap_functions(t)
  for k, f in next, t do
    if shared.lua_function(f) and not (type(k) == "string" and k:find("^__")) then
      t[k] = positioned(f)
    end
  end
end

-- The other parts run later, when first used; the module wraps what each
-- defines with these then.
shared.positioned, shared.wrap_functions = positioned, wrap_functions

wrap_functions(M)
if type(M.puzzle) == "table" then wrap_functions(M.puzzle) end
for _, class in ipairs({"Game", "Variant", "Position", "Solution", "Player"}) do
  if type(M[class]) == "table" then wrap_functions(M[class]) end
end
