-- perft_plain.lua — the standard rule's perft written in plain Lua, the
-- way a script author would: the board as an array of "b", "w" and false,
-- point n+1 being the centre.  The bench compares the C core with it.

local function moves(board, n, side)
  local enemy = side == "b" and "w" or "b"
  local centre = n + 1
  local list = {}
  if not board[centre] then
    for a = 1, n do
      local left, right = (a - 2) % n + 1, a % n + 1
      if board[a] == side and (board[left] == enemy or board[right] == enemy) then
        list[#list + 1] = {a, centre}
      end
    end
    return list
  end
  local e
  for a = 1, n do
    if not board[a] then e = a break end
  end
  local left, right = (e - 2) % n + 1, e % n + 1
  if board[left] == side then list[#list + 1] = {left, e} end
  if board[right] == side then list[#list + 1] = {right, e} end
  if board[centre] == side then list[#list + 1] = {centre, e} end
  return list
end

local function perft(board, n, side, depth)
  local list = moves(board, n, side)
  if depth == 1 then return #list end
  local other = side == "b" and "w" or "b"
  local sum = 0
  for i = 1, #list do
    local from, to = list[i][1], list[i][2]
    board[to], board[from] = board[from], false
    sum = sum + perft(board, n, other, depth - 1)
    board[from], board[to] = board[to], false
  end
  return sum
end

-- perft_plain(n, depth): leaves at depth from the start on n arms.
return function(n, depth)
  local board = {}
  for a = 1, n do board[a] = a <= n // 2 and "b" or "w" end
  board[n + 1] = false
  return perft(board, n, "b", depth)
end
