-- Leaping Mū Tōrere: the standard game, and one more move — a piece on an
-- arm may jump over an enemy piece on a neighbouring arm into the empty
-- arm directly beyond it on the ring (nothing is taken).
--
--              1
--         8    |    2          a piece on 2 may jump over an enemy on 3
--           \  |  /            into an empty 4 (or over one on 1 into an
--       7 ---- c ---- 3        empty 8): along the ring, never across the
--           /  |  \            centre
--         6    |    4
--              5
--
-- Every standard move stays: a piece slides to the empty neighbouring arm
-- or the empty centre (the flank rule guards the centre: a piece enters
-- it only with an enemy on a neighbouring arm), or from the centre to the
-- empty arm.  The side that cannot move loses.
-- Source: the variant a newcomer writes first (issue 32 of this project);
-- not one of the sources' games.
return {
  name = "leaping-torere",
  description = "Mū Tōrere where a piece may also jump over an enemy on the next arm into the empty arm beyond",
  source = "a variant of this project (the first rule a new designer tries)",
  base = "standard",
  jumps = {over = "enemy", onto = "empty"},
}
