-- A player that is stalled past its cut-off on its first move, as an
-- engine is on a loaded machine: it blocks in one C call for 0.2 s (no
-- budget can stop it there), then searches for ever.
return {name = "stalled", choose = function()
  os.execute("sleep 0.2")
  while true do end
end}
