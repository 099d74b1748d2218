-- Oumoul Kono (Korea: u-mul go-nu, "well gonu"), as Ludii plays it.
--
-- Board: a square with both diagonals, crossing at a centre point; a small
-- circle (the well) is drawn on the middle of the top side, and no piece
-- may move along that side.  Five points and seven usable lines, the same
-- board as Pong Hau K'i:
--
--     tl --o-- tr     (o: the well; tl-tr is barred)
--     | \     / |
--     |   c     |
--     | /     \ |
--     bl ----- br
--
-- Pieces: two a side.  Black's start on the bottom corners, White's on the
-- top corners (the ends of the barred side); the centre is empty.  Black
-- moves first: in Ludii's ruleset the first player's pieces start on the
-- bottom corners.
-- Move: one of one's pieces along a line (not the barred one) to the empty
-- point.
-- End: a player who cannot move loses.
-- Sources disagree on who moves first: the rules Ludii states for this game
-- say the player on the top corners does, while its ruleset starts the
-- other one; Culin's account (which also lets the players place their
-- pieces in turn instead) does not say.  oumoul-kono-white-first is the
-- stated reading; with it the game is Pong Hau K'i with the colours
-- swapped.
return {
  name = "oumoul-kono",
  description = "Oumoul Kono: Pong Hau K'i's board, the side away from the barred line moving first",
  source = "Ludii, Oumoul Kono (ruleset; after Culin 1895: 101)",
  base = "pong-hau-ki", -- the same points, lines and layout
  start = "ww.bb b",
}
