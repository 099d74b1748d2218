-- classes.lua — the true classes of a layer of n arms (positions up to
-- rotation and colour swap): C(n, n/2) with an empty arm, and the
-- necklaces of n/2 pieces on n arms with the centre empty (Burnside: over
-- the turns by n/d arms, phi(d) of them fix C(n/d, n/2d) boards).
-- solve-plan.lua sizes its tables by it; tests/mpi/check.sh checks
-- mutorere-mpi's census against it.

-- C(n, k), exactly.
local function binomial(n, k)
  local c = 1
  for j = 1, k do c = c * (n - k + j) // j end
  return c
end

return function(n)
  local necklaces = 0
  for d = 1, n // 2 do
    if n % d == 0 and (n // 2) % d == 0 then
      local phi = 0
      for j = 1, d do
        local a, b = j, d
        while b > 0 do a, b = b, a % b end
        if a == 1 then phi = phi + 1 end
      end
      necklaces = necklaces + phi * binomial(n // d, n // 2 // d)
    end
  end
  return binomial(n, n // 2) + necklaces // n
end
