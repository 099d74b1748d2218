-- Placing Mū Tōrere: the arms and the centre start empty and each side
-- holds its four pieces (on 8 arms; half the arms a side on any board).
--
--              1
--         8    |    2          the start: every point empty,
--           \  |  /            4 pieces in each hand
--       7 ---- c ---- 3
--           /  |  \
--         6    |    4
--              5
--
-- Move: while the mover holds a piece it drops it on any empty arm (never
-- on the centre); once its hand is empty it plays the standard game's
-- moves (the flank rule guards the centre).  The side that cannot move
-- loses.  After the eight drops the centre is the empty point, as at the
-- standard start.
-- Source: a placing phase as the family's games have it (Do Guti, Dörvön
-- Cag, Achi), put on Mū Tōrere's board by this project.
return {
  name = "placing-torere",
  description = "Mū Tōrere whose pieces are dropped on the empty arms first",
  source = "a variant of this project: a placing phase as Do Guti's, on the wheel",
  base = "standard",
  start = "......../. 4/4 b",
  drops = "first",
  drop_to = "arms",
}
