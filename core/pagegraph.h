/*
** pagegraph.h — the play page's graph: the states play reaches from a
** start (metrics' walk), each with its board, its value and where its
** moves lead, as the bytes the page's script reads (rules.js; doc/api.md,
** mt.html, gives the format), written in base64.
*/
#ifndef MUTORERE_PAGEGRAPH_H
#define MUTORERE_PAGEGRAPH_H

#include <stddef.h>

#include "metrics.h"
#include "rules.h"

/* The page's text of g, a graph metrics_graph walked under r (its values
** and distances are the page's): a new NUL-ended base64 text in *text
** (*len bytes; free it with memory_realloc(*text, 0)), and in *hands the
** most pieces a hand holds in g's states plus one (0 when no piece is
** ever in hand: the boards then carry no hands).  The boards are written
** in the wheel's one-integer format when r's moves are the slides of the
** sources on the wheel, else point by point.  The reason a state ends the
** game is asked of r again (its hooks included: their budgets stop them;
** the rest is a pass over the graph, linear in its size).  Returns
** SOLVER_OK, SOLVER_EHOOK (a hook failed) or SOLVER_ERROR (err says why:
** no memory); *text is NULL but after SOLVER_OK. */
int pagegraph_encode(const MetricsGraph *g, const Rules *r, char **text,
                     size_t *len, int *hands, char *err);

#endif
