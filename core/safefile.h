/*
** safefile.h — reading and writing the files a user names, so that the
** file system cannot turn them against the user.
**
** Reading takes regular files only (following symbolic links): a FIFO, a
** device, a socket or a directory is refused at once, never waited on.
**
** Writing goes to a new temporary file in the target's folder, of an
** unpredictable name, created exclusively (an existing file or link of
** that name, planted or not, is never opened), then flushed, synced and
** renamed over the target, and the folder synced; any failure removes it
** and leaves the target as it was.  A target that exists must be a
** regular file, whose permissions the new file keeps (a new file gets
** 0666 less the umask); a symbolic link, a directory, a FIFO, a device or
** a socket is refused rather than replaced or written through.
*/
#ifndef MUTORERE_SAFEFILE_H
#define MUTORERE_SAFEFILE_H

#include <stddef.h>
#include <stdio.h>

#define SAFEFILE_PATHMAX 4096

/* A file being written. */
typedef struct SafeFile {
  FILE *f;                     /* the temporary file: write to it */
  char path[SAFEFILE_PATHMAX]; /* the target */
  char tmp[SAFEFILE_PATHMAX];  /* the temporary file */
} SafeFile;

/* Opens path for reading when it is a regular file.  Returns the stream,
** or NULL with why in err (BOARD_ERRMAX bytes): the system's reason, or
** "it is a FIFO, not a regular file" and the like. */
FILE *safefile_open(const char *path, char *err);

/* Checks that path could be written now: nothing there or a regular
** file, in a folder we may write to.  Returns 0, or -1 with why in err. */
int safefile_writable(const char *path, char *err);

/* Starts writing path: checks the target and creates the temporary file
** (w->f).  Returns 0, or -1 with why in err (nothing then to abort). */
int safefile_begin(SafeFile *w, const char *path, char *err);

/* Finishes the file started by safefile_begin: flushes, syncs and closes
** it and renames it over the target.  Returns 0, or -1 with why in err;
** no temporary file is left either way. */
int safefile_commit(SafeFile *w, char *err);

/* Gives up the file started by safefile_begin: closes and removes it. */
void safefile_abort(SafeFile *w);

/* Writes size bytes at data to path as above.  Returns 0, or -1 with why
** in err. */
int safefile_write(const char *path, const void *data, size_t size, char *err);

#endif
