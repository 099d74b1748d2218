-- files.lua — whole files read and written, for the Lua tests
-- (dofile(HERE .. "/files.lua")).

local files = {}

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
