-- Oumoul Kono as the rules Ludii states for it read: the player whose
-- pieces start on the top corners, at the ends of the barred side (here
-- White), moves first.  Everything else is oumoul-kono: the board, the
-- pieces, the moves, the end.  With White first the game is Pong Hau K'i
-- with the colours swapped (the same points, Black and White exchanged).
return {
  name = "oumoul-kono-white-first",
  description = "Oumoul Kono with the player on the barred side's corners moving first",
  source = "Ludii, Oumoul Kono (the rules as stated; after Culin 1895: 101)",
  base = "oumoul-kono",
  start = "ww.bb w",
}
