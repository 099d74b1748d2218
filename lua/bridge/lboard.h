/*
** lboard.h — graph boards (graph.h) as Lua values: the Graph that rules,
** positions and moves point at lives in a Board value, which every Variant
** of that board, and every Position of it, keeps alive.
*/
#ifndef MUTORERE_LBOARD_H
#define MUTORERE_LBOARD_H

#include "graph.h"
#include "lbridge.h"

/* Pushes a new Board value holding a copy of g (finished: graph_finish),
** its moves interned as Move values, and the layout table at index layout
** (0: none; checked by the caller: {name = {x, y}} for every point).
** Returns its Graph, which lives as long as the value. */
const Graph *lboard_new(lua_State *L, const Graph *g, int layout);

/* The Graph of the Board value at idx, or NULL. */
const Graph *lboard_test(lua_State *L, int idx);

/* Pushes the Board value whose Graph is g (one that lboard_new made and
** that is alive), or nil when g is NULL (the wheel). */
void lboard_push(lua_State *L, const Graph *g);

/* Pushes the table of g's interned Move values (g NULL: the wheel of n
** arms'), for lmove_push_interned. */
void lboard_push_moves(lua_State *L, const Graph *g, int n);

/* Pushes the Move value for m on board g (NULL: the wheel of n arms;
** interned: the same value each time). */
void lboard_push_move(lua_State *L, const Graph *g, int n, Move m);

/* Pushes the list of g's point names (read only by convention). */
void lboard_push_names(lua_State *L, const Graph *g);

/* Pushes a new table that describes the board g (NULL: the wheel of n
** arms): {kind = "graph" or "wheel", points = {names}, lines = {{a, b}},
** arrows = {{from, to}}, centre = name or nil, layout = {name = {x, y}}
** or nil (the wheel has none), arms = n (the wheel only)}. */
void lboard_describe(lua_State *L, const Graph *g, int n);

#endif
