-- browsers.lua — what the browser tests share (dofile(HERE ..
-- "/browsers.lua")): quoting for the shell, and finding a program.
local M = {}

-- s quoted for the shell.
function M.quote(s) return "'" .. s:gsub("'", "'\\''") .. "'" end

-- The first of names for which the shell command check (a format, %s the
-- quoted name) succeeds; when none does, the test is skipped: exit 77
-- after "SKIP test: missing".
function M.first(names, check, test, missing)
  for _, name in ipairs(names) do
    if os.execute(string.format(check, M.quote(name)) .. " >/dev/null 2>&1") then return name end
  end
  io.stderr:write("SKIP " .. test .. ": " .. missing .. "\n")
  os.exit(77)
end

return M
