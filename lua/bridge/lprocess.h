/*
** lprocess.h — what other parts of the bridge ask of the children that
** lprocess.c runs: that none outlives the process that started them.
*/
#ifndef MUTORERE_LPROCESS_H
#define MUTORERE_LPROCESS_H

/* Kills (SIGKILL) the process group of every child this process started
** and has not reaped: the programs and whatever they started in their
** groups.  Safe in a signal handler.  A worker calls it as it ends, so
** that an error or a signal in the worker leaves no engine behind. */
void lprocess_kill_all(void);

#endif
