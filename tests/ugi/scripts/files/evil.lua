-- A variant and a player file that UGI must never run: setoption takes only
-- the names `ugi` lists.  Run, it would say so in the engine's answer.
error("evil.lua ran")
