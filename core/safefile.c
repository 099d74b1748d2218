/*
** safefile.c — regular files only, written by way of exclusive temporary
** files.
*/
#define _DEFAULT_SOURCE /* getrandom */
#include "safefile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "board.h"

#define TRIES 100     /* temporary names tried before giving up */
#define BASE_KEPT 200 /* bytes of the target's name in the temporary one */

/* What a file of mode is, when not a regular file. */
static const char *kind_of(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "a special file";
}

/* Sets err to why a file of mode is refused; returns -1. */
static int refuse_kind(mode_t mode, char *err) {
  if (S_ISLNK(mode))
    snprintf(err, BOARD_ERRMAX,
             "it is a symbolic link: name the file it "
             "points to");
  else
    snprintf(err, BOARD_ERRMAX, "it is %s, not a regular file", kind_of(mode));
  return -1;
}

/* Sets err to the system's reason (errno); returns -1. */
static int refuse_errno(char *err) {
  snprintf(err, BOARD_ERRMAX, "%s", strerror(errno ? errno : EIO));
  return -1;
}

FILE *safefile_open(const char *path, char *err) {
  struct stat st;
  int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  if (fd < 0) return refuse_errno(err), NULL;
  if (fstat(fd, &st) == 0 && !S_ISREG(st.st_mode)) {
    close(fd);
    return refuse_kind(st.st_mode, err), NULL;
  }
  int flags = fcntl(fd, F_GETFL); /* fstat failed: so does this */
  FILE *f = flags < 0 || fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) != 0
                ? NULL
                : fdopen(fd, "rb");
  if (!f) {
    int saved = errno;
    close(fd);
    errno = saved;
    refuse_errno(err);
  }
  return f;
}

/* --- writing --- */

/* The permissions of the file that replaces the target. */
typedef struct Permissions {
  mode_t mode; /* 0666 (less the umask) for a new file */
  int kept;    /* 1: the old file's, whatever the umask */
} Permissions;

/* Checks the target: nothing there, or a regular file.  Returns 0 with the
** permissions its replacement gets in *p, or -1 with why in err. */
static int check_target(const char *path, Permissions *p, char *err) {
  struct stat st;
  if (lstat(path, &st) != 0) {
    *p = (Permissions){0666, 0};
    return errno == ENOENT ? 0 : refuse_errno(err);
  }
  if (!S_ISREG(st.st_mode)) return refuse_kind(st.st_mode, err);
  *p = (Permissions){st.st_mode & 0777, 1};
  return 0;
}

/* Checks that path is not empty and fits SAFEFILE_PATHMAX.  Returns 0, or
** -1 with why in err. */
static int path_fits(const char *path, char *err) {
  errno = !*path ? ENOENT : strlen(path) >= SAFEFILE_PATHMAX ? ENAMETOOLONG : 0;
  return errno ? refuse_errno(err) : 0;
}

/* Copies the folder of path, with its last /, into dir (SAFEFILE_PATHMAX
** bytes): "" for the current folder. */
static void folder_of(const char *path, char *dir) {
  const char *slash = strrchr(path, '/');
  int k = slash ? (int)(slash - path + 1) : 0;
  snprintf(dir, SAFEFILE_PATHMAX, "%.*s", k, path);
}

/* Writes 12 unpredictable letters and digits to out. */
static void random_letters(char *out) {
  static const char letters[] = "abcdefghijklmnopqrstuvwxyz0123456789";
  static uint64_t counter;
  uint64_t bits;
  if (getrandom(&bits, sizeof bits, GRND_NONBLOCK) != (ssize_t)sizeof bits) {
    struct timespec t; /* no entropy yet: still unique, if guessable */
    clock_gettime(CLOCK_REALTIME, &t);
    bits = ((uint64_t)t.tv_nsec << 20) ^ (uint64_t)t.tv_sec ^
           ((uint64_t)getpid() << 40) ^
           __atomic_add_fetch(&counter, 1, __ATOMIC_RELAXED) *
               0x9e3779b97f4a7c15u;
  }
  for (int i = 0; i < 12; i++, bits /= 36) out[i] = letters[bits % 36];
  out[12] = 0;
}

/* Creates the temporary file of w (w->path set) with mode: "name.XXXX.tmp"
** in the target's folder, never an existing file or link.  Returns the
** descriptor, or -1 with why in err. */
static int create_temporary(SafeFile *w, mode_t mode, char *err) {
  char dir[SAFEFILE_PATHMAX];
  folder_of(w->path, dir);
  const char *base = w->path + strlen(dir);
  int kept = (int)strlen(base) < BASE_KEPT ? (int)strlen(base) : BASE_KEPT;
  for (int i = 0; i < TRIES; i++) {
    char letters[13];
    random_letters(letters);
    if (snprintf(w->tmp, sizeof w->tmp, "%s%.*s.%s.tmp", dir, kept, base,
                 letters) >= (int)sizeof w->tmp) {
      errno = ENAMETOOLONG;
      return refuse_errno(err);
    }
    int fd = open(w->tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
                  mode);
    if (fd >= 0) return fd;
    if (errno != EEXIST) return refuse_errno(err);
  }
  return refuse_errno(err); /* EEXIST every time */
}

int safefile_writable(const char *path, char *err) {
  Permissions p;
  char dir[SAFEFILE_PATHMAX];
  if (path_fits(path, err) || check_target(path, &p, err)) return -1;
  folder_of(path, dir);
  return access(*dir ? dir : ".", W_OK | X_OK) == 0 ? 0 : refuse_errno(err);
}

int safefile_begin(SafeFile *w, const char *path, char *err) {
  Permissions p;
  memset(w, 0, sizeof *w);
  if (path_fits(path, err)) return -1;
  strcpy(w->path, path);
  if (check_target(path, &p, err)) return -1;
  int fd = create_temporary(w, p.mode, err);
  if (fd < 0) return -1;
  if ((p.kept && fchmod(fd, p.mode) != 0) || !(w->f = fdopen(fd, "wb"))) {
    refuse_errno(err);
    close(fd);
    unlink(w->tmp);
    return -1;
  }
  return 0;
}

void safefile_abort(SafeFile *w) {
  if (w->f) fclose(w->f);
  w->f = NULL;
  unlink(w->tmp);
}

/* Syncs the folder of path, so that the rename lasts (best effort: some
** file systems cannot). */
static void sync_folder(const char *path) {
  char dir[SAFEFILE_PATHMAX];
  folder_of(path, dir);
  int fd = open(*dir ? dir : ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  (void)fsync(fd);
  close(fd);
}

int safefile_commit(SafeFile *w, char *err) {
  Permissions p;
  int failed = fflush(w->f) != 0 || fsync(fileno(w->f)) != 0;
  if (failed) refuse_errno(err);
  if (fclose(w->f) != 0 && !failed) failed = refuse_errno(err);
  w->f = NULL;
  /* the target again: it may have changed since safefile_begin */
  if (!failed) failed = check_target(w->path, &p, err) != 0;
  if (!failed && rename(w->tmp, w->path) != 0) failed = refuse_errno(err);
  if (failed) {
    unlink(w->tmp);
    return -1;
  }
  sync_folder(w->path);
  return 0;
}

int safefile_write(const char *path, const void *data, size_t size, char *err) {
  SafeFile w;
  if (safefile_begin(&w, path, err)) return -1;
  if (fwrite(data, 1, size, w.f) != size) {
    refuse_errno(err);
    safefile_abort(&w);
    return -1;
  }
  return safefile_commit(&w, err);
}
