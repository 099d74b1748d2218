/*
** lposition.h — Position values and histories (lists of Move values), as
** the other bridge files make and read them.
*/
#ifndef MUTORERE_LPOSITION_H
#define MUTORERE_LPOSITION_H

#include "board.h"
#include "graph.h"
#include "lbridge.h"
#include "lmove.h"
#include "rules.h"

/* The Position at idx (a Position value or a view), or NULL. */
Position *lposition_test(lua_State *L, int idx);

/* Pushes a new immutable Position value; g is the board of a graph
** position (its points' names), or NULL. */
void lposition_push(lua_State *L, const Position *p, const Graph *g);

/* The Position at arg: a Position value or position text (errors name the
** argument). */
Position lposition_check(lua_State *L, int arg);

/* Reads the history at arg (nil, or a list of moves, text or Move values,
** the last first) that led to p, keeping at most keep moves, into h;
** raises an argument error when it cannot have led to p. */
void lhistory_check(lua_State *L, int arg, const Rules *r, const Position *p,
                    int keep, History *h);

/* Pushes h (may be NULL) as a new list of Move values (of board g), the
** last first. */
void lhistory_push(lua_State *L, const Graph *g, int n, const History *h);

/* Makes the list at idx hold h's moves (and nothing after them). */
void lhistory_set(lua_State *L, int idx, const Graph *g, int n,
                  const History *h);

/* Pushes a new view: a Position value whose fields lposition_view_set
** changes (for hooks and evaluations: no new value per call; a view read
** after the call shows whatever it was last set to). */
void lposition_view_push(lua_State *L, const Graph *g);

/* Makes the view at idx show p, updating only the fields that changed. */
void lposition_view_set(lua_State *L, int idx, const Position *p);

/* Pushes "black"/"white"/nil for a colour. */
void lposition_push_colour(lua_State *L, int colour);

#endif
