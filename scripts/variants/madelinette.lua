-- Madelinette (France; its history is uncertain).
--
-- Board: seven points: a centre joined to six points around it, which lie
-- on a path of six lines open at the top (a3 and c3 are not joined):
--
--     a3       c3
--     |  \   /  |
--     a2 - b2 - c2
--     |  /   \  |
--     a1 ------ c1
--
-- Pieces: three a side, alternating along the path: Black's on a3, a1 and
-- c2, White's on a2, c1 and c3; the centre is empty.  Black (Ludii's first
-- player) moves first; the account Ludii cites leaves it to the players,
-- and which colour it is cannot matter: the start mirrored left to right
-- is itself with the colours swapped.
-- Move: one of one's pieces along a line to the empty point.
-- End: a player who cannot move loses.
-- Compared with the others: Pong Hau K'i grown by one point on each side
-- (a path of six around the centre instead of four), and Mu Torere's wheel
-- with its rim cut open; three pieces a side.
return {
  name = "madelinette",
  description = "Madelinette: 7 points, 3 pieces a side, a centre and an open path of six",
  source = "Ludii, Madelinette (ruleset 1.3.6; after cyningstan.com, Madelinette)",
  points = {"a3", "c3", "a2", "b2", "c2", "a1", "c1"},
  lines = {"a3-a2", "a2-a1", "a1-c1", "c1-c2", "c2-c3",
           "b2-a3", "b2-c3", "b2-a2", "b2-c2", "b2-a1", "b2-c1"},
  layout = {a3 = {0, 0}, c3 = {2, 0}, a2 = {0, 1}, b2 = {1, 1}, c2 = {2, 1},
            a1 = {0, 2}, c1 = {2, 2}},
  start = "bww.bbw b",
}
