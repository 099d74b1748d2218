-- best.lua — best(f): the seconds of the best of three runs of f, each
-- after a full garbage collection (the bench files share it: dofile).
local mt = mt

return function(f)
  local b = math.huge
  for _ = 1, 3 do
    collectgarbage()
    local t = mt.clock()
    f()
    b = math.min(b, mt.clock() - t)
  end
  return b
end
