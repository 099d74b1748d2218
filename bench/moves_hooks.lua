-- moves_hooks.lua — the six games of drops, jumps and captures with their
-- moves written as a Lua moves hook (the fields that make moves turned
-- off; a game's row stays a field: it ends games, it makes no move), and
-- moves_perft(name, depth), which bench/moves.c calls: the perft of the
-- game with its fields and with the hook, processor time, best of three.
local mt = mt

-- The moves of p on a board of points by its lines: drops on the empty
-- points while the mover holds a piece, else slides to empty neighbours.
local function drops_then_slides(p)
  local out = {}
  if p.hand[p.side] > 0 then
    for _, point in ipairs(p:pieces("empty")) do out[#out + 1] = "@" .. point end
    return out
  end
  for _, from in ipairs(p:pieces(p.side)) do
    for _, to in ipairs(p:neighbours(from)) do
      if not p[to] then out[#out + 1] = from .. "-" .. to end
    end
  end
  return out
end

-- Four Field Kono: slides, and a jump over one's own piece onto an enemy.
local STEPS = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
local function kono(p)
  local out, other = {}, p.side == "black" and "white" or "black"
  local function point(c, r)
    if c < 1 or c > 4 or r < 1 or r > 4 then return nil end
    return string.char(96 + c) .. r
  end
  for _, from in ipairs(p:pieces(p.side)) do
    local c, r = from:byte() - 96, tonumber(from:sub(2))
    for _, d in ipairs(STEPS) do
      local q, beyond = point(c + d[1], r + d[2]), point(c + 2 * d[1], r + 2 * d[2])
      if q and not p[q] then
        out[#out + 1] = from .. "-" .. q
      elseif q and p[q] == p.side and beyond and p[beyond] == other then
        out[#out + 1] = from .. "x" .. beyond
      end
    end
  end
  return out
end

-- Mū Tōrere's moves: to the empty neighbouring arm, to the empty centre
-- with an enemy on a neighbouring arm, from the centre to the empty arm;
-- leaping: over an enemy on the next arm into the empty arm beyond;
-- placing: drops on the empty arms while the mover holds a piece.
local function torere(leaping, placing)
  return function(p)
    local out, n, me = {}, p.arms, p.side
    local other = me == "black" and "white" or "black"
    local function arm(i) return (i - 1) % n + 1 end
    if placing and p.hand[me] > 0 then
      for i = 1, n do if not p[i] then out[#out + 1] = "@" .. i end end
      return out
    end
    for i = 1, n do
      if p[i] == me then
        for _, j in ipairs({arm(i - 1), arm(i + 1)}) do
          if not p[j] then out[#out + 1] = i .. "-" .. j end
        end
        if not p.centre and (p[arm(i - 1)] == other or p[arm(i + 1)] == other) then
          out[#out + 1] = i .. "-c"
        end
        if leaping then
          for _, d in ipairs({-1, 1}) do
            if p[arm(i + d)] == other and not p[arm(i + 2 * d)] then
              out[#out + 1] = i .. "-" .. arm(i + 2 * d)
            end
          end
        end
      end
    end
    if p.centre == me then
      for i = 1, n do if not p[i] then out[#out + 1] = "c-" .. i end end
    end
    return out
  end
end

local HOOKS = {achi = drops_then_slides, tapatan = drops_then_slides,
               ["three-mens-morris"] = drops_then_slides, ["four-field-kono"] = kono,
               ["leaping-torere"] = torere(true, false), ["placing-torere"] = torere(false, true)}

local hooked = {}

-- The game name with its moves made by the hook.
local function as_hook(name)
  if not hooked[name] then
    local make = HOOKS[name]
    hooked[name] = mt.variant{base = name, name = name .. "-hook", slides = false, jumps = false,
                              drops = false, moves = function(p) return make(p) end}
  end
  return hooked[name]
end

-- Processor seconds of the best of three runs of f; what f gave.
local function best(f)
  local b, got = math.huge, nil
  for _ = 1, 3 do
    collectgarbage()
    local t = os.clock()
    got = f()
    b = math.min(b, os.clock() - t)
  end
  return b, got
end

function moves_perft(name, depth) -- luacheck: ignore (a global bench.c calls)
  local fields, hook = mt.game(name), mt.game(as_hook(name))
  local fs, fl = best(function() return mt.perft(fields, depth) end)
  local hs, hl = best(function() return mt.perft(hook, depth) end)
  return fl, fs, hl, hs
end
