-- files.lua — whole files read and written, and fresh folders, for the Lua
-- tests (dofile(HERE .. "/files.lua")).

local files = {}

-- s quoted for the shell.
function files.shell_quote(s) return "'" .. s:gsub("'", "'\\''") .. "'" end

-- A fresh folder; returns its path.
function files.folder()
  local dir = os.tmpname()
  os.remove(dir)
  assert(os.execute("mkdir " .. files.shell_quote(dir)))
  return dir
end

-- Removes a folder and all in it.
function files.remove_folder(dir) os.execute("rm -rf " .. files.shell_quote(dir)) end

-- The bytes of the file at path.
function files.read(path)
  local f = assert(io.open(path, "rb"))
  local s = f:read("a")
  f:close()
  return s
end

-- Writes the bytes s to the file at path.
function files.write(path, s)
  local f = assert(io.open(path, "wb"))
  f:write(s)
  f:close()
end

return files
