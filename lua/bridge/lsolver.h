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

#endif
