/*
** lsolver.h — Solution values (lsolver.c), for the bridge files that read
** a solved table.
*/
#ifndef MUTORERE_LSOLVER_H
#define MUTORERE_LSOLVER_H

#include "lbridge.h"
#include "solver.h"

/* The solved table of the Solution value at idx (an error when idx holds
** something else or a freed solution). */
const Solution *lsolver_check(lua_State *L, int idx);

/* The solved table of the Solution value at idx, made to hold the state p
** reached by h and every state reachable from it (a reachable-states
** solution solves what it does not hold yet: reach.h); raises when that
** fails (a hook's error, Ctrl-C, a budget, memory). */
const Solution *lsolver_holding(lua_State *L, int idx, const Position *p,
                                const History *h);

#endif
