/*
** symwave.c — one entry's steps in the waves of the symmetric solver.
**
** The entries form a graph of their own: the children of an entry are the
** entries of the positions its representative (symrank_board) moves to.
** Every rotation of a board shares its entry, so an entry whose centre is
** empty has a predecessor for each enemy arm within its period (that
** piece came from the centre: those boards are turned differently), while
** an entry with the centre held by the enemy has one predecessor with the
** centre empty (the centre piece came from arm 0).  Several moves may lead
** to one entry; counts are of distinct children, and predecessors are
** listed without repeats, so each edge counts once.
*/
#include "symwave.h"
#include "hot.h"

void wave_init(Wave *w, const Rules *r, const SymRank *t, uint32_t ply) {
  w->r = r;
  w->t = t;
  w->n = t->n;
  w->hooked = rules_hooked(r);
  w->ply = ply;
  w->flank = rules_flank_at(r, ply);
}

/* The reach of the side to move. */
HOT_INLINE static Reach reach_of(const Wave *w, uint64_t own, uint64_t enemy,
                      int centre) {
  return rules_reach(own, enemy, centre, w->n, w->flank,
                     w->r->adjacent_enemy);
}

/* The number of distinct values in list (k entries; sorted on return). */
HOT_INLINE static int distinct(uint64_t *list, int k) {
  for (int i = 1; i < k; i++) /* insertion sort: k is small */
    for (int j = i; j > 0 && list[j - 1] > list[j]; j--) {
      uint64_t x = list[j];
      list[j] = list[j - 1];
      list[j - 1] = x;
    }
  int kept = k > 0;
  for (int i = 1; i < k; i++)
    if (list[i] != list[kept - 1]) list[kept++] = list[i];
  return kept;
}

/* The number of distinct children of a board without hooks, from its
** reach (k moves, k > 0). */
HOT_INLINE static int distinct_children(const Wave *w, uint64_t own, Reach m) {
  int n = w->n;
  if (!m.empty) { /* moves to the centre: a period repeats children */
    int p = symrank_period(w->t, own);
    uint64_t low = p == n ? m.to_centre : m.to_centre & board_full(p);
    return __builtin_popcountll(low);
  }
  /* The steps from arms 1 and n-1 would lead to one entry only if the
  ** enemy repeated every 2 arms: on every odd arm, 1 and n-1 among them,
  ** where the steps start.  So the children are distinct. */
  return __builtin_popcountll(m.steps) + m.from_centre;
}

/* The legal moves of a board (hooks asked), into out.  Returns how many,
** or -1 when a hook failed; *end is the board's value when the game has
** ended there (the variant's verdict, or a blocked side), else -1. */
static int board_moves(const Wave *w, uint64_t own, uint64_t enemy, int centre,
                       Move *out, int *end) {
  Position p;
  int outcome;
  symrank_to_position(w->n, own, enemy, centre, w->ply, &p);
  int k = rules_judge(w->r, &p, NULL, out, &outcome);
  *end = -1;
  if (k < 0) return -1;
  if (outcome) { /* black is to move */
    *end = outcome == OUTCOME_DRAW    ? VALUE_DRAW
           : outcome == OUTCOME_BLACK ? VALUE_WIN
                                      : VALUE_LOSS;
    return 0;
  }
  if (k == 0) *end = w->r->misere ? VALUE_WIN : VALUE_LOSS;
  return k;
}

HOT_CLONES int wave_board_children(const Wave *w, uint64_t own, uint64_t enemy,
                        int centre, uint64_t *out, int *end) {
  Move moves[RULES_MAX_MOVES];
  int k = board_moves(w, own, enemy, centre, moves, end);
  for (int i = 0; i < k; i++)
    out[i] = symrank_child(w->t, own, enemy, centre, moves[i]);
  return k < 0 ? k : distinct(out, k);
}

HOT_CLONES int wave_start(const Wave *w, uint64_t own, uint64_t enemy, int centre,
               int *value) {
  int k, end;
  if (!w->hooked) {
    Reach m = reach_of(w, own, enemy, centre);
    if (!(m.to_centre | m.steps) && !m.from_centre) {
      *value = w->r->misere ? VALUE_WIN : VALUE_LOSS;
      return (int)wave_found(0);
    }
    k = distinct_children(w, own, m);
  } else {
    uint64_t children[RULES_MAX_MOVES];
    k = wave_board_children(w, own, enemy, centre, children, &end);
    if (k < 0) return -1;
    *value = end;
    if (end == VALUE_DRAW) return (int)wave_count(1); /* never reached */
    if (end >= 0) return (int)wave_found(0);
  }
  return (int)wave_count(k);
}

/* The board of entry q. */
HOT_INLINE static void entry_board(const Wave *w, uint64_t q, uint64_t *own,
                        uint64_t *enemy, int *centre) {
  const SymRank *t = w->t;
  symrank_board(t, q >= t->combos, symrank_entry_mask(t, q), own, enemy,
                centre);
}

HOT_CLONES int wave_children(const Wave *w, uint64_t q, uint64_t *out) {
  uint64_t own, enemy;
  int centre, end;
  entry_board(w, q, &own, &enemy, &centre);
  return wave_board_children(w, own, enemy, centre, out, &end);
}

/* The number of distinct children of unresolved entry q (with an empty
** centre: the mover's arms, when not 0), or -1 when a hook failed. */
HOT_INLINE static int children_count(const Wave *w, uint64_t q, uint64_t arms) {
  uint64_t own = arms, enemy = w->t->full & ~arms;
  int centre = CENTRE_EMPTY;
  if (!arms) entry_board(w, q, &own, &enemy, &centre);
  if (w->hooked) {
    uint64_t children[RULES_MAX_MOVES];
    int end;
    return wave_board_children(w, own, enemy, centre, children, &end);
  }
  return distinct_children(w, own, reach_of(w, own, enemy, centre));
}

HOT_CLONES int wave_last(const Wave *w, uint64_t q, uint64_t arms, int d) {
  /* was the count of all of them?  An empty arm leaves 3 moves at most;
  ** an empty centre, one for each piece of the mover */
  int most = q < w->t->combos ? 3 : w->t->k;
  int k = most <= WAVE_COUNTS ? 0 : children_count(w, q, q < w->t->combos ? 0 : arms);
  if (k < 0) return -1;
  return k <= WAVE_COUNTS ? (int)wave_found(d + 1) : WAVE_CHECK;
}

/* 1 when the move m of board q (the predecessor) is legal, hooks asked
** (q must not have ended); or RULES_EHOOK. */
HOT_INLINE static int unmove_legal(const Wave *w, uint64_t own, uint64_t enemy,
                        int centre, Move m) {
  Reach reach = reach_of(w, own, enemy, centre);
  int ok = m.from == BOARD_CENTRE ? reach.from_centre
           : m.to == BOARD_CENTRE ? (int)(reach.to_centre >> m.from & 1)
                                  : (int)(reach.steps >> m.from & 1);
  if (!ok || !w->hooked) return ok;
  if (centre != CENTRE_EMPTY) { /* ask about the board of q's entry: */
    int e = __builtin_ctzll(~(own | enemy)), n = w->n; /* turned so that */
    own = symrank_rot_down(own, e, n);     /* the empty arm is arm 0, as */
    enemy = symrank_rot_down(enemy, e, n); /* the hooks promise alike and */
    if (m.from != BOARD_CENTRE) m.from = (uint8_t)((m.from + n - e) % n);
    if (m.to != BOARD_CENTRE) m.to = (uint8_t)((m.to + n - e) % n);
  } /* the memo has it from the entry's own start */
  Move moves[RULES_MAX_MOVES];
  int end, k = board_moves(w, own, enemy, centre, moves, &end);
  if (k < 0) return RULES_EHOOK;
  for (int i = 0; i < k; i++)
    if (move_equal(moves[i], m)) return 1;
  return 0;
}

HOT_CLONES int wave_predecessors(const Wave *w, uint64_t own, uint64_t enemy, int centre,
                      uint64_t *out, uint64_t *arms) {
  int n = w->n, k = 0, ok;
  const SymRank *t = w->t;
  if (centre == CENTRE_EMPTY) { /* an enemy piece left the centre: one */
    uint64_t from = enemy;    /* arm of each distinct turn of the board */
    int p = symrank_period(t, own);
    if (p < n) from &= board_full(p);
    for (; from; from &= from - 1) {
      int a = __builtin_ctzll(from);
      uint64_t q = enemy & ~((uint64_t)1 << a);
      ok = unmove_legal(w, q, own, CENTRE_OWN, move_of(BOARD_CENTRE, a));
      if (ok < 0) return ok;
      if (!ok) continue;
      arms[k] = 0;
      out[k++] = symrank_index(t, q, own, CENTRE_OWN);
    }
    return k;
  }
  int before = symrank_flip_centre(centre);
  static const int sides[2] = {1, -1};
  for (int i = 0; i < 2; i++) { /* a piece stepped from arm 0 */
    int a = (n + sides[i]) % n;
    if (!(enemy >> a & 1)) continue;
    uint64_t q = (enemy & ~((uint64_t)1 << a)) | 1;
    ok = unmove_legal(w, q, own, before, move_of(0, (uint8_t)a));
    if (ok < 0) return ok;
    if (!ok) continue;
    uint64_t index = symrank_index(t, q, own, before);
    if (k == 0 || out[0] != index) arms[k] = 0, out[k++] = index;
  }
  if (centre == CENTRE_ENEMY) { /* the centre piece came from arm 0 */
    uint64_t q = enemy | 1;
    ok = unmove_legal(w, q, own, CENTRE_EMPTY, move_of(0, BOARD_CENTRE));
    if (ok < 0) return ok;
    if (ok) {
      arms[k] = q;
      out[k++] = t->combos + symrank_cycle(t, q);
    }
  }
  return k;
}
