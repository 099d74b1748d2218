-- best.lua — best(f [, clock]): the seconds of the best of three runs of
-- f, each after a full garbage collection, by clock (default mt.clock, the
-- wall; os.clock for processor time); the bench files share it (dofile).
local mt = mt

return function(f, clock)
  clock = clock or mt.clock
  local b = math.huge
  for _ = 1, 3 do
    collectgarbage()
    local t = clock()
    f()
    b = math.min(b, clock() - t)
  end
  return b
end
