/*
 * Weft reproducer runtime, part 7 (included by weft_inputs.c, one translation unit): files, directories and the
 * standard streams as the world's (semantics.tsv's world-* rows: weft.exec.WorldFiles, weft.exec.Directories,
 * weft.exec.FileSystems): open, read, write and their socket and positioned forms, lseek, mmap, the stat family and
 * glibc's older entry points, statvfs and statfs, the directory streams. Each gives the witness's answer when it has
 * one, else the real call (after the race, none).
 */
/* Files and the standard streams as the world's (semantics.tsv's world-* rows, weft.exec.WorldFiles): the witness's
   answer when it has one, without the real call (a descriptor open gave is one the witness invented, closed by the
   close wrapper without a real close); else the real call (or, after the race, none). */
#include <fcntl.h>
#include <sys/stat.h>
ssize_t __real_read(int, void *, size_t);
ssize_t __wrap_read(int fd, void *buf, size_t n) {
    int weft_turn_ CHANNEL_AT = enter("read");
    if (is_pipe(fd)) return __real_read(fd, buf, n);
    int found;
    long long v = value_for("read", &found);
    if (!found) { park_after_race(); return __real_read(fd, buf, n); }
    if (v == -1) witness_errno("read");
    else if (v > 0) memset(buf, (int)next_value("read"), (size_t)v);
    return (ssize_t)v;
}
/* read's fortified form: glibc's check (Weft's run passed it), then read's answers under its own name */
ssize_t __real___read_chk(int, void *, size_t, size_t);
ssize_t __wrap___read_chk(int fd, void *buf, size_t n, size_t size) {
    int weft_turn_ CHANNEL_AT = enter("__read_chk");
    if (is_pipe(fd)) return __real___read_chk(fd, buf, n, size);
    int found;
    long long v = value_for("__read_chk", &found);
    if (!found) { park_after_race(); return __real___read_chk(fd, buf, n, size); }
    if (v == -1) witness_errno("__read_chk");
    else if (v > 0) memset(buf, (int)next_value("__read_chk"), (size_t)v);
    return (ssize_t)v;
}
ssize_t __wrap_write(int fd, const void *buf, size_t n) {
    int weft_turn_ CHANNEL_AT = enter("write");
    if (is_pipe(fd)) return __real_write(fd, buf, n);
    int found;
    long long v = value_for("write", &found);
    if (!found) { park_after_race(); return __real_write(fd, buf, n); }
    /* the real write reads the bytes (TSan's interceptor sees it): so do these instrumented reads */
    volatile unsigned char sink = 0;
    for (size_t i = 0; i < n; i++) sink ^= ((const unsigned char *)buf)[i];
    (void)sink;
    if (v == -1) witness_errno("write");
    return (ssize_t)v;
}
/* Socket and positioned reads and writes (semantics.tsv's world-read and world-write rows with 'socket' or 'file'):
   the same answers as read's and write's, under the name the program called (recv, pread...); pread64, pwrite64 and
   lseek64 (a program built with _FILE_OFFSET_BITS=64) look for the name without 64, as the witness names the call as
   written. The flags, offsets and addresses change no answer (the models stop at those that would). */
static ssize_t witness_read(const char *fn, void *buf, int *found) {
    long long v = value_for(fn, found);
    if (!*found) return 0;
    if (v == -1) witness_errno(fn);
    else if (v > 0) memset(buf, (int)next_value(fn), (size_t)v);
    return (ssize_t)v;
}
static ssize_t witness_write(const char *fn, const void *buf, size_t n, int *found) {
    long long v = value_for(fn, found);
    if (!*found) return 0;
    volatile unsigned char sink = 0;
    for (size_t i = 0; i < n; i++) sink ^= ((const unsigned char *)buf)[i];
    (void)sink;
    if (v == -1) witness_errno(fn);
    return (ssize_t)v;
}
#define WORLD_READ(sym, fn, sched, params, args, buf)                                  \
    ssize_t __real_##sym params;                                               \
    ssize_t __wrap_##sym params {                                              \
        sched;                                                                 \
        if (is_pipe(fd)) return __real_##sym args;                             \
        int found;                                                             \
        ssize_t v = witness_read(fn, buf, &found);                             \
        if (found) return v;                                                   \
        park_after_race();                                                     \
        return __real_##sym args;                                              \
    }
#define WORLD_WRITE(sym, fn, sched, params, args, buf, n)                              \
    ssize_t __real_##sym params;                                               \
    ssize_t __wrap_##sym params {                                              \
        sched;                                                                 \
        if (is_pipe(fd)) return __real_##sym args;                             \
        int found;                                                             \
        ssize_t v = witness_write(fn, buf, n, &found);                         \
        if (found) return v;                                                   \
        park_after_race();                                                     \
        return __real_##sym args;                                              \
    }
WORLD_READ(recv, "recv", int weft_turn_ CHANNEL_AT = enter("recv"), (int fd, void *b, size_t n, int f), (fd, b, n, f), b)
WORLD_READ(recvfrom, "recvfrom", int weft_turn_ CHANNEL_AT = enter("recvfrom"), (int fd, void *b, size_t n, int f, struct sockaddr *a, socklen_t *l), (fd, b, n, f, a, l), b)
WORLD_READ(pread, "pread", (void)0, (int fd, void *b, size_t n, off_t o), (fd, b, n, o), b)
WORLD_READ(pread64, "pread", (void)0, (int fd, void *b, size_t n, off_t o), (fd, b, n, o), b)
WORLD_WRITE(send, "send", int weft_turn_ CHANNEL_AT = enter("send"), (int fd, const void *b, size_t n, int f), (fd, b, n, f), b, n)
WORLD_WRITE(sendto, "sendto", int weft_turn_ CHANNEL_AT = enter("sendto"), (int fd, const void *b, size_t n, int f, const struct sockaddr *a, socklen_t l), (fd, b, n, f, a, l), b, n)
WORLD_WRITE(pwrite, "pwrite", (void)0, (int fd, const void *b, size_t n, off_t o), (fd, b, n, o), b, n)
WORLD_WRITE(pwrite64, "pwrite", (void)0, (int fd, const void *b, size_t n, off_t o), (fd, b, n, o), b, n)

/* lseek: the witness's offset (or -1 and its errno), without moving the real descriptor (its reads are the witness's) */
#define WORLD_SEEK(sym)                                                         \
    off_t __real_##sym(int, off_t, int);                                       \
    off_t __wrap_##sym(int fd, off_t o, int w) {                               \
        int found;                                                             \
        long long v = value_for("lseek", &found);                              \
        if (!found) { park_after_race(); return __real_##sym(fd, o, w); }      \
        if (v == -1) witness_errno("lseek");                                   \
        return (off_t)v;                                                       \
    }
WORLD_SEEK(lseek)
WORLD_SEEK(lseek64)
static int witness_open(const char *fn, int *found) {
    long long v = value_for(fn, found);
    if (!*found) return 0;
    if (v == -1) witness_errno(fn);
    else if (v >= 0 && v < 1024) witness_fd[v] = 1;
    return (int)v;
}
/* open and open64 (with _FILE_OFFSET_BITS=64, pigz's, the program's open, stat, lstat and fstat are glibc's ...64
   symbols): the witness names the call as the program wrote it, so open64 looks for an open first */
#define WORLD_OPEN(sym, first, second)                                                    \
    int __real_##sym(const char *, int, ...);                                             \
    int __wrap_##sym(const char *p, int flags, ...) {                                     \
        va_list ap;                                                                       \
        va_start(ap, flags);                                                              \
        int mode = (flags & O_CREAT) || (flags & O_TMPFILE) == O_TMPFILE ? va_arg(ap, int) : 0; \
        va_end(ap);                                                                       \
        weft_read_string(p);                                                              \
        int found, v = witness_open(first, &found);                                       \
        if (!found) v = witness_open(second, &found);                                     \
        if (found) return v;                                                              \
        park_after_race();                                                                \
        return __real_##sym(p, flags, mode);                                              \
    }
WORLD_OPEN(open, "open", "open")
WORLD_OPEN(open64, "open", "open64")
/* openat: open's answers, from the directory Weft's run checked (the current one, a file it opened, or none for an
   absolute path) */
int __real_openat(int, const char *, int, ...);
int __wrap_openat(int dir, const char *p, int flags, ...) {
    va_list ap;
    va_start(ap, flags);
    int mode = (flags & O_CREAT) || (flags & O_TMPFILE) == O_TMPFILE ? va_arg(ap, int) : 0;
    va_end(ap);
    weft_read_string(p);
    int found, v = witness_open("openat", &found);
    if (found) return v;
    park_after_race();
    return __real_openat(dir, p, flags, mode);
}
/* mmap of a file the witness opened: its answer (0: mapped, -1: failed) and the byte the mapping holds repeated; the
   mapping is anonymous memory filled with it, with the protection asked for (the file itself is never read). mmap64
   (the program built with _FILE_OFFSET_BITS=64) looks for an mmap first, as the witness names the call as written. */
#include <sys/mman.h>
#define WORLD_MAP(sym, first, second)                                                              \
    void *__real_##sym(void *, size_t, int, int, int, off_t);                                      \
    void *__wrap_##sym(void *addr, size_t len, int prot, int flags, int fd, off_t off) {           \
        int found;                                                                                 \
        const char *fn = first;                                                                    \
        long long v = value_for(fn, &found);                                                       \
        if (!found) { fn = second; v = value_for(fn, &found); }                                    \
        if (!found) { park_after_race(); return __real_##sym(addr, len, prot, flags, fd, off); }   \
        if (v == -1) { witness_errno(fn); return MAP_FAILED; }                                     \
        void *p = __real_##sym(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0); \
        if (p == MAP_FAILED) return p;                                                             \
        memset(p, (int)next_value(fn), len);                                                       \
        if (!(prot & PROT_WRITE)) mprotect(p, len, prot);                                          \
        return p;                                                                                  \
    }
WORLD_MAP(mmap, "mmap", "mmap")
WORLD_MAP(mmap64, "mmap", "mmap64")
int __real_creat(const char *, mode_t);
int __wrap_creat(const char *p, mode_t mode) {
    weft_read_string(p);
    int found, v = witness_open("creat", &found);
    if (found) return v;
    park_after_race();
    return __real_creat(p, mode);
}
/* stat, lstat, fstat: 0 and the file's kind, size and modification time (other members zero, one link, 4096-byte
   blocks), or -1 and errno */
static int witness_stat(const char *fn, struct stat *s, int *found) {
    long long v = value_for(fn, found);
    if (!*found) return 0;
    if (v == -1) {
        witness_errno(fn);
        return -1;
    }
    memset(s, 0, sizeof *s);
    s->st_mode = (mode_t)next_value(fn);
    s->st_size = (off_t)next_value(fn);
    s->st_mtime = (time_t)next_value(fn);
    s->st_nlink = 1;
    s->st_blksize = 4096;
    return (int)v;
}
#define WORLD_STAT(sym, fn, arg)                          \
    int __real_##sym(arg, struct stat *);                 \
    int __wrap_##sym(arg a, struct stat *s) {             \
        int found, v = witness_stat(fn, s, &found);       \
        if (found) return v;                              \
        park_after_race();                                \
        return __real_##sym(a, s);                        \
    }
WORLD_STAT(stat, "stat", const char *)
WORLD_STAT(lstat, "lstat", const char *)
WORLD_STAT(fstat, "fstat", int)
WORLD_STAT(stat64, "stat", const char *)
WORLD_STAT(lstat64, "lstat", const char *)
WORLD_STAT(fstat64, "fstat", int)
/* statvfs, fstatvfs, statfs, fstatfs (weft.exec.FileSystems): 0 and the witness's counts of blocks, free blocks,
   blocks free to the program, files and free files (4096-byte blocks, 255-byte names, ext4's type), or -1 and errno */
#include <sys/statvfs.h>
#include <sys/vfs.h>
static int witness_fs(const char *fn, unsigned long long *counts, int *found) {
    long long v = value_for(fn, found);
    if (!*found) return 0;
    if (v == -1) {
        witness_errno(fn);
        return -1;
    }
    for (int i = 0; i < 5; i++) counts[i] = (unsigned long long)next_value(fn);
    return 0;
}
#define WORLD_STATVFS(sym, arg, type, fill)                           \
    int __real_##sym(arg, struct type *);                             \
    int __wrap_##sym(arg a, struct type *s) {                         \
        unsigned long long n[5];                                      \
        int found, v = witness_fs(#sym, n, &found);                   \
        if (!found) { park_after_race(); return __real_##sym(a, s); } \
        if (v == 0) {                                                 \
            memset(s, 0, sizeof *s);                                  \
            fill;                                                     \
        }                                                             \
        return v;                                                     \
    }
#define FILL_STATVFS s->f_bsize = s->f_frsize = 4096; s->f_blocks = n[0]; s->f_bfree = n[1]; s->f_bavail = n[2]; \
    s->f_files = n[3]; s->f_ffree = s->f_favail = n[4]; s->f_namemax = 255
#define FILL_STATFS s->f_type = 0xEF53; s->f_bsize = s->f_frsize = 4096; s->f_blocks = n[0]; s->f_bfree = n[1]; \
    s->f_bavail = n[2]; s->f_files = n[3]; s->f_ffree = n[4]; s->f_namelen = 255
WORLD_STATVFS(statvfs, const char *, statvfs, FILL_STATVFS)
WORLD_STATVFS(fstatvfs, int, statvfs, FILL_STATVFS)
WORLD_STATVFS(statfs, const char *, statfs, FILL_STATFS)
WORLD_STATVFS(fstatfs, int, statfs, FILL_STATFS)
/* glibc's older entry points (a program preprocessed against glibc before 2.33): the layout's version first, which
   Weft's run checked */
#define WORLD_XSTAT(sym, arg)                                     \
    int __real_##sym(int, arg, struct stat *);                    \
    int __wrap_##sym(int ver, arg a, struct stat *s) {            \
        int found, v = witness_stat(#sym, s, &found);             \
        if (found) return v;                                      \
        park_after_race();                                        \
        return __real_##sym(ver, a, s);                           \
    }
WORLD_XSTAT(__xstat, const char *)
WORLD_XSTAT(__lxstat, const char *)
WORLD_XSTAT(__fxstat, int)
/* fstatat: stat's answers (lstat's with AT_SYMLINK_NOFOLLOW) */
int __real_fstatat(int, const char *, struct stat *, int);
int __wrap_fstatat(int dir, const char *p, struct stat *s, int flags) {
    weft_read_string(p);
    int found, v = witness_stat("fstatat", s, &found);
    if (found) return v;
    park_after_race();
    return __real_fstatat(dir, p, s, flags);
}

/* opendir, readdir and closedir: the witness's directory streams (weft.exec.Directories). opendir's 0 is a stream of
   the witness's own (no real directory is read), 1 no such directory (ENOENT); each readdir of such a stream gives
   the witness's next answer, 1 an entry, a regular file "fN" (N from 0 in the stream), as glibc's struct dirent with
   d_ino and d_off N + 1 and d_reclen 24, 0 (or no answer left) the end; closedir releases it. */
#include <dirent.h>
#define WITNESS_DIR_MAGIC 0x77656674
struct witness_dir { int magic; int index; struct dirent entry; };
/* a stream of the witness's own */
static DIR *witness_stream(void) {
    struct witness_dir *d = calloc(1, sizeof *d);
    d->magic = WITNESS_DIR_MAGIC;
    return (DIR *)d;
}
/* the stream's next entry, a regular file "fN", as glibc's record: the 24 bytes it takes copied into `into` as one
   range (TSan's interceptor of readdir reports the same) */
static void witness_entry(struct witness_dir *d, struct dirent *into) {
    struct dirent e;
    memset(&e, 0, sizeof e);
    e.d_ino = (ino_t)(d->index + 1);
    e.d_off = (off_t)(d->index + 1);
    e.d_reclen = 24;
    e.d_type = DT_REG;
    snprintf(e.d_name, sizeof e.d_name, "f%d", d->index);
    d->index++;
    memcpy(into, &e, 24);
}
extern __typeof__(opendir) __real_opendir;
DIR *__wrap_opendir(const char *path) {
    weft_read_string(path);
    int found;
    long long v = value_for("opendir", &found);
    if (!found) return __real_opendir(path);
    if (v != 0) {
        errno = ENOENT;
        return NULL;
    }
    return witness_stream();
}
extern __typeof__(readdir) __real_readdir;
struct dirent *__wrap_readdir(DIR *dir) {
    struct witness_dir *d = (struct witness_dir *)dir;
    if (d == NULL || d->magic != WITNESS_DIR_MAGIC) return __real_readdir(dir);
    int found;
    long long v = value_for("readdir", &found);
    if (!found || v == 0) return NULL;
    witness_entry(d, &d->entry);
    return &d->entry;
}
/* scandir: the witness's scan (weft.exec.DirectoryScans), its answers under __weft_scandir_next: first 2 a directory of
   the witness's own, 3 none (ENOENT); then 1 an entry (readdir's "fN"), 0 (or none left) the end; the
   filter called with each entry, the selected ones copied (d_reclen bytes) into a list grown as glibc grows it, the
   list sorted by glibc's own qsort (past TSan's interceptor, which would call the comparator more often) */
extern __typeof__(scandir) __real_scandir;
void *weft_glibc_symbol(void **cache, const char *name, void *fallback); /* weft_libaccess.c */
static void *weft_scandir_qsort;
int __wrap_scandir(const char *dir, struct dirent ***list, int (*filter)(const struct dirent *),
                   int (*compar)(const struct dirent **, const struct dirent **)) {
    weft_read_string(dir);
    int found;
    long long v = value_for("__weft_scandir_next", &found);
    if (!found) {
        park_after_race();
        return __real_scandir(dir, list, filter, compar);
    }
    if (v != 2) {
        errno = ENOENT;
        return -1;
    }
    struct witness_dir *d = (struct witness_dir *)witness_stream();
    struct dirent **names = NULL;
    size_t n = 0, size = 0;
    while (next_value("__weft_scandir_next") == 1) {
        witness_entry(d, &d->entry);
        if (filter != NULL && !filter(&d->entry)) continue;
        if (n == size) {
            size = size == 0 ? 10 : 2 * size;
            names = realloc(names, size * sizeof *names);
        }
        names[n] = malloc(d->entry.d_reclen);
        memcpy(names[n++], &d->entry, d->entry.d_reclen);
    }
    free(d);
    if (compar != NULL) {
        void (*sort)(void *, size_t, size_t, int (*)(const void *, const void *)) =
            (void (*)(void *, size_t, size_t, int (*)(const void *, const void *)))weft_glibc_symbol(&weft_scandir_qsort, "qsort", (void *)qsort);
        sort(names, n, sizeof *names, (int (*)(const void *, const void *))compar);
    }
    *list = names;
    return (int)n;
}
/* readdir_r: readdir's answer under its own name, the record copied into the caller's entry, *result set */
extern __typeof__(readdir_r) __real_readdir_r;
int __wrap_readdir_r(DIR *dir, struct dirent *entry, struct dirent **result) {
    struct witness_dir *d = (struct witness_dir *)dir;
    if (d == NULL || d->magic != WITNESS_DIR_MAGIC) return __real_readdir_r(dir, entry, result);
    int found;
    long long v = value_for("readdir_r", &found);
    if (!found || v == 0) {
        *result = NULL;
        return 0;
    }
    witness_entry(d, entry);
    *result = entry;
    return 0;
}
/* fdopendir of a descriptor the witness gave: its answer, 0 a stream of the witness's own, 1 not a directory (ENOTDIR);
   dirfd of a witness's stream: the witness's number (a descriptor it invented, whose calls it answers) */
extern __typeof__(fdopendir) __real_fdopendir;
DIR *__wrap_fdopendir(int fd) {
    int found;
    long long v = value_for("fdopendir", &found);
    if (!found || fd < 0 || fd >= 1024 || !witness_fd[fd]) return __real_fdopendir(fd);
    if (v != 0) {
        errno = ENOTDIR;
        return NULL;
    }
    return witness_stream();
}
extern __typeof__(dirfd) __real_dirfd;
int __wrap_dirfd(DIR *dir) {
    struct witness_dir *d = (struct witness_dir *)dir;
    if (d == NULL || d->magic != WITNESS_DIR_MAGIC) return __real_dirfd(dir);
    int found;
    long long v = value_for("dirfd", &found);
    if (!found) return -1;
    if (v >= 0 && v < 1024) witness_fd[v] = 1;
    return (int)v;
}
/* rewinddir, telldir, seekdir of a witness's stream: its position is the count of entries read (Weft's too) */
extern __typeof__(rewinddir) __real_rewinddir;
void __wrap_rewinddir(DIR *dir) {
    struct witness_dir *d = (struct witness_dir *)dir;
    if (d == NULL || d->magic != WITNESS_DIR_MAGIC) { __real_rewinddir(dir); return; }
    d->index = 0;
}
extern __typeof__(telldir) __real_telldir;
long __wrap_telldir(DIR *dir) {
    struct witness_dir *d = (struct witness_dir *)dir;
    if (d == NULL || d->magic != WITNESS_DIR_MAGIC) return __real_telldir(dir);
    return d->index;
}
extern __typeof__(seekdir) __real_seekdir;
void __wrap_seekdir(DIR *dir, long pos) {
    struct witness_dir *d = (struct witness_dir *)dir;
    if (d == NULL || d->magic != WITNESS_DIR_MAGIC) { __real_seekdir(dir, pos); return; }
    d->index = (int)pos;
}
extern __typeof__(closedir) __real_closedir;
int __wrap_closedir(DIR *dir) {
    struct witness_dir *d = (struct witness_dir *)dir;
    if (d == NULL || d->magic != WITNESS_DIR_MAGIC) return __real_closedir(dir);
    free(d);
    return 0;
}
