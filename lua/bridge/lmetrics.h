/*
** lmetrics.h — the reachable graph of core/metrics.h as the bridge files
** that walk states build it (lmetrics.c).
*/
#ifndef MUTORERE_LMETRICS_H
#define MUTORERE_LMETRICS_H

#include "lbridge.h"
#include "lvariant.h"
#include "metrics.h"

/* Pushes a box (freed when Lua collects it) holding the graph of the
** states of v reachable from start reached by h, valued by s; raises the
** error of a failure (a hook's, no memory, Ctrl-C or a budget). */
MetricsGraph *lmetrics_graph(lua_State *L, Variant *v, const Solution *s,
                             const Position *start, const History *h);

/* Raises the error of a core call's SOLVER_* code rc (not SOLVER_OK), err
** holding SOLVER_ERROR's message. */
int lmetrics_raise(lua_State *L, Variant *v, int rc, const char *err);

#endif
