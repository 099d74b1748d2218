/*
** cpath.c — the folders a program adds to the library's search path
** (mutorere_path_add): kept for the life of the process, in the order
** added, under a lock (any thread may add or read them).  The Lua half
** (lua/capi/) puts them before the rest of the search path of each Lua
** state it opens.
*/
#define _XOPEN_SOURCE 700 /* realpath */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "capi.h"

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static char **folders; /* count of them, each its real path */
static int count;

int mutorere_path_add(const char *folder) {
  char real[PATH_MAX];
  struct stat st;
  int rc = capi_need(folder, "folder");
  if (rc) return rc;
  if (!*folder) return capi_fail(MUTORERE_EINVAL, "the folder is empty");
  if (stat(folder, &st) != 0 || !S_ISDIR(st.st_mode) || !realpath(folder, real))
    return capi_fail(MUTORERE_EINVAL,
                     "cannot add \"%.300s\" to the search path: not a folder",
                     folder);
  size_t k = strlen(real);
  char *copy = memory_realloc(NULL, k + 1);
  if (!copy) return capi_fail(MUTORERE_ENOMEM, "not enough memory for a folder");
  memcpy(copy, real, k + 1);
  pthread_mutex_lock(&lock);
  char **grown = memory_realloc(folders, sizeof *grown * (size_t)(count + 1));
  if (grown) {
    folders = grown;
    folders[count++] = copy;
  }
  pthread_mutex_unlock(&lock);
  if (grown) return MUTORERE_OK;
  memory_realloc(copy, 0);
  return capi_fail(MUTORERE_ENOMEM, "not enough memory for a folder");
}

int capi_path_copy(char ***out) {
  pthread_mutex_lock(&lock);
  size_t bytes = sizeof(char *) * (size_t)count;
  for (int i = 0; i < count; i++) bytes += strlen(folders[i]) + 1;
  char **copy = memory_realloc(NULL, bytes ? bytes : 1);
  int n = copy ? count : -1;
  char *text = copy ? (char *)(copy + count) : NULL;
  for (int i = 0; i < n; i++) { /* the strings after the pointers */
    size_t k = strlen(folders[i]) + 1;
    memcpy(text, folders[i], k);
    copy[i] = text;
    text += k;
  }
  pthread_mutex_unlock(&lock);
  *out = copy;
  return n;
}
