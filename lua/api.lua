-- api.lua — the last part: the module's functions written in Lua, made to
-- raise their errors as the C ones do, at the caller's file and line and
-- without the names of the module's own files (an error of mt.perft called
-- from mt.divide reads as the caller's, not as "mutorere/extras.lua:58").
local M = ...

-- Re-raises a failure of a wrapped function at its caller's level: a
-- position in the module's own files is taken off and replaced by the
-- caller's; a message with no position gets the caller's; a position in
-- other code (a hook, a player) stays.
local function finish(ok, ...)
  if ok then return ... end
  local message = ...
  if type(message) ~= "string" then error(message, 0) end
  local own = message:match("^mutorere/[%w_]+%.lua:%d+: (.*)$")
  if own then error(own, 2) end
  if message:match("^[^\n:]+:%d+: ") then error(message, 0) end
  error(message, 2)
end

-- f, raising its errors as the API does.
local function positioned(f)
  return function(...) return finish(pcall(f, ...)) end
end

-- Wraps the Lua functions of table t (metamethods aside).
local function wrap_functions(t)
  for k, f in next, t do
    if type(f) == "function" and debug.getinfo(f, "S").what == "Lua"
        and not (type(k) == "string" and k:match("^__")) then
      t[k] = positioned(f)
    end
  end
end

wrap_functions(M)
if type(M.puzzle) == "table" then wrap_functions(M.puzzle) end
for _, class in ipairs({"Game", "Variant", "Position", "Solution", "Player"}) do
  if type(M[class]) == "table" then wrap_functions(M[class]) end
end
