/*
 * Weft reproducer runtime, part 2b (included by weft_wrappers.c where it stands, not compiled on its own): the
 * wrappers of C library functions that read or write the program's memory where ThreadSanitizer does not see it
 * (sync-calls.tsv's libaccess rows other than pthread_once and getopt): each makes the same accesses again, after
 * the call, as TSan range accesses, as Weft's models record them (weft.exec).
 */
/* strftime reads its struct tm and writes its text inside the C library, where TSan does not see it (no interceptor):
   an instrumented read of the struct first (localtime's static one races with another thread's localtime), and after
   the call an instrumented write of the text and its terminator (the same bytes again) */
size_t __real_strftime(char *, size_t, const char *, const struct tm *);
size_t __wrap_strftime(char *s, size_t max, const char *fmt, const struct tm *tm) {
    for (size_t i = 0; tm != NULL && i < sizeof *tm; i++) (void)((const volatile char *)tm)[i];
    size_t r = __real_strftime(s, max, fmt, tm);
    for (size_t i = 0; r > 0 && i <= r; i++) ((volatile char *)s)[i] = s[i];
    return r;
}

/* strtok, strtok_r, strsep, memccpy and rawmemchr read and write the program's bytes inside the C library, where TSan
   does not see them (no interceptor; strtok's reads only the token, memrchr and memmem have one): after the call, the
   same reads and writes again, as TSan's range accesses (the bytes scanned, the terminator written over the delimiter
   that ended a token, the saved position, the bytes copied: one access per range, as an interceptor makes them, so that
   a long run of byte accesses does not push the racing one out of TSan's few shadow cells). Weft's models
   (weft.exec.Tokens, StringFunctions) record the same accesses. */
void __tsan_read_range(const void *, unsigned long);
void __tsan_write_range(void *, unsigned long);

/* The accesses of one tokenising call that scanned from `from`, returned `r` and left its position at `next`. */
static void weft_token_accesses(char *from, char *r, char *next, const char *delim) {
    __tsan_read_range(delim, strlen(delim) + 1);
    /* a cut token: the terminator written just before the new position; else the position is at the terminator */
    if (r != NULL && next > r && next[-1] == 0) {
        if (next - 1 > from) __tsan_read_range(from, (unsigned long)(next - 1 - from));
        __tsan_write_range(next - 1, 1);
    } else {
        __tsan_read_range(from, (unsigned long)(next - from) + 1);
    }
}

char *__real_strtok_r(char *, const char *, char **);
char *__wrap_strtok_r(char *s, const char *delim, char **save) {
    __tsan_read_range(save, sizeof *save);
    char *from = s != NULL ? s : *save;
    char *r = __real_strtok_r(s, delim, save);
    weft_token_accesses(from, r, *save, delim);
    __tsan_write_range(save, sizeof *save);
    return r;
}

/* strtok: glibc's is strtok_r with a position of the library's own, which TSan does not see. The wrapper runs the real
   strtok_r with a position of its own, as invisible to TSan (touched by the library and by relaxed atomics only), and
   makes its accesses again: strtok(NULL, ...) writes the terminator into the string the first call was given. */
static char *weft_strtok_position;
char *__wrap_strtok(char *s, const char *delim) {
    char *pos = __atomic_load_n(&weft_strtok_position, __ATOMIC_RELAXED);
    char *from = s != NULL ? s : pos;
    char *r = __real_strtok_r(s, delim, &pos);
    __atomic_store_n(&weft_strtok_position, pos, __ATOMIC_RELAXED);
    weft_token_accesses(from, r, pos, delim);
    return r;
}

/* strtod, strtof, strtold and atof read the program's text inside the C library (TSan has no interceptor): after the call, the
   number's bytes and the byte after them (the first byte when there is no number) read again, as weft.exec.NumberParsing
   records them for a witness. */
double __real_strtod(const char *, char **);
double __wrap_strtod(const char *s, char **end) {
    char *e;
    double r = __real_strtod(s, &e);
    __tsan_read_range(s, (unsigned long)(e - s) + 1);
    if (end != NULL) *end = e;
    return r;
}

float __real_strtof(const char *, char **);
float __wrap_strtof(const char *s, char **end) {
    char *e;
    float r = __real_strtof(s, &e);
    __tsan_read_range(s, (unsigned long)(e - s) + 1);
    if (end != NULL) *end = e;
    return r;
}

long double __real_strtold(const char *, char **);
long double __wrap_strtold(const char *s, char **end) {
    char *e;
    long double r = __real_strtold(s, &e);
    __tsan_read_range(s, (unsigned long)(e - s) + 1);
    if (end != NULL) *end = e;
    return r;
}

double __wrap_atof(const char *s) {
    return __wrap_strtod(s, NULL);
}

/* getline and getdelim read *lineptr and *n and write them when they give the line a block; TSan's interceptor
   reports only a call that read a line: the wrapper makes those accesses again as weft.exec.Streams records them. */
ssize_t __real_getdelim(char **, size_t *, int, FILE *);
ssize_t __wrap_getdelim(char **line, size_t *n, int delim, FILE *f) {
    __tsan_read_range(line, sizeof *line);
    __tsan_read_range(n, sizeof *n);
    char *old = *line;
    size_t oldn = *n;
    ssize_t r = __real_getdelim(line, n, delim, f);
    if (*line != old) __tsan_write_range(line, sizeof *line);
    if (*n != oldn) __tsan_write_range(n, sizeof *n);
    return r;
}

ssize_t __wrap_getline(char **line, size_t *n, FILE *f) {
    return __wrap_getdelim(line, n, '\n', f);
}

/* basename (GNU), __xpg_basename (libgen.h's basename) and dirname read the path and the POSIX ones write one
   terminator into it, inside the C library (TSan has no interceptor): the terminator written again where the path now
   ends, then the path read again (dirname: whenever it returns the path; __xpg_basename: when it shortened it), as
   weft.exec.PathParts records them. */
char *__real_basename(const char *);
char *__wrap_basename(const char *s) {
    char *r = __real_basename(s);
    __tsan_read_range(s, strlen(s) + 1);
    return r;
}

char *__real___xpg_basename(char *);
char *__wrap___xpg_basename(char *s) {
    size_t n = s != NULL ? strlen(s) : 0;
    char *r = __real___xpg_basename(s);
    if (s != NULL) {
        size_t m = strlen(s);
        /* the write first: a range read before it can push another thread's access of that byte out of TSan's shadow */
        if (m != n) __tsan_write_range(s + m, 1);
        __tsan_read_range(s, n + 1);
    }
    return r;
}

char *__real_dirname(char *);
char *__wrap_dirname(char *s) {
    size_t n = s != NULL ? strlen(s) : 0;
    char *r = __real_dirname(s);
    if (s != NULL) {
        if (r == s) __tsan_write_range(s + strlen(s), 1);
        __tsan_read_range(s, n + 1);
    }
    return r;
}

char *__real_strsep(char **, const char *);
char *__wrap_strsep(char **sp, const char *delim) {
    __tsan_read_range(sp, sizeof *sp);
    char *begin = *sp;
    char *r = __real_strsep(sp, delim);
    char *next = *sp;
    if (begin != NULL) {
        __tsan_read_range(delim, strlen(delim) + 1);
        char *end = next != NULL ? next - 1 : begin + strlen(begin);
        if (end > begin) __tsan_read_range(begin, (unsigned long)(end - begin));
        if (next != NULL) __tsan_write_range(end, 1); else __tsan_read_range(end, 1);
    }
    __tsan_write_range(sp, sizeof *sp);
    return r;
}

void *__real_memccpy(void *, const void *, int, size_t);
void *__wrap_memccpy(void *d, const void *s, int c, size_t n) {
    void *r = __real_memccpy(d, s, c, n);
    size_t k = r != NULL ? (size_t)((char *)r - (char *)d) : n;
    if (k > 0) {
        /* the write first: in the other order TSan (gcc 12) was seen to lose the write's report */
        __tsan_write_range(d, k);
        __tsan_read_range(s, k);
    }
    return r;
}

void *__real_rawmemchr(const void *, int);
void *__wrap_rawmemchr(const void *s, int c) {
    void *r = __real_rawmemchr(s, c);
    __tsan_read_range(s, (unsigned long)((const char *)r - (const char *)s) + 1);
    return r;
}

/* The signal-set functions, rand_r and sigaction's read of its action touch the program's memory inside the C library
   (no TSan interceptor; TSan's sigaction copies the action with its own memcpy): after the call (before, for
   sigaction), the accesses Weft's models record (weft.exec.SignalSets, LibraryFunctions): glibc touches only the
   first 64-bit word of a sigset_t, and a failing call (a signal outside 1..64, a null set) touches nothing but what
   it read first. */
#define WEFT_SIGSET_WORD 8
int __real_sigemptyset(sigset_t *);
int __wrap_sigemptyset(sigset_t *s) {
    int r = __real_sigemptyset(s);
    if (s != NULL) __tsan_write_range(s, WEFT_SIGSET_WORD);
    return r;
}
int __real_sigfillset(sigset_t *);
int __wrap_sigfillset(sigset_t *s) {
    int r = __real_sigfillset(s);
    if (s != NULL) __tsan_write_range(s, WEFT_SIGSET_WORD);
    return r;
}
int __real_sigaddset(sigset_t *, int);
int __wrap_sigaddset(sigset_t *s, int g) {
    int r = __real_sigaddset(s, g);
    if (r == 0) {
        __tsan_read_range(s, WEFT_SIGSET_WORD);
        __tsan_write_range(s, WEFT_SIGSET_WORD);
    }
    return r;
}
int __real_sigdelset(sigset_t *, int);
int __wrap_sigdelset(sigset_t *s, int g) {
    int r = __real_sigdelset(s, g);
    if (r == 0) {
        __tsan_read_range(s, WEFT_SIGSET_WORD);
        __tsan_write_range(s, WEFT_SIGSET_WORD);
    }
    return r;
}
int __real_sigismember(const sigset_t *, int);
int __wrap_sigismember(const sigset_t *s, int g) {
    int r = __real_sigismember(s, g);
    if (r >= 0) __tsan_read_range(s, WEFT_SIGSET_WORD);
    return r;
}
int __real_sigisemptyset(const sigset_t *);
int __wrap_sigisemptyset(const sigset_t *s) {
    int r = __real_sigisemptyset(s);
    if (s != NULL) __tsan_read_range(s, WEFT_SIGSET_WORD);
    return r;
}
int __real_sigandset(sigset_t *, const sigset_t *, const sigset_t *);
int __wrap_sigandset(sigset_t *d, const sigset_t *l, const sigset_t *r) {
    int k = __real_sigandset(d, l, r);
    if (d != NULL) {
        __tsan_read_range(l, WEFT_SIGSET_WORD);
        __tsan_read_range(r, WEFT_SIGSET_WORD);
        __tsan_write_range(d, WEFT_SIGSET_WORD);
    }
    return k;
}
int __real_sigorset(sigset_t *, const sigset_t *, const sigset_t *);
int __wrap_sigorset(sigset_t *d, const sigset_t *l, const sigset_t *r) {
    int k = __real_sigorset(d, l, r);
    if (d != NULL) {
        __tsan_read_range(l, WEFT_SIGSET_WORD);
        __tsan_read_range(r, WEFT_SIGSET_WORD);
        __tsan_write_range(d, WEFT_SIGSET_WORD);
    }
    return k;
}
/* erand48, nrand48, jrand48: the three unsigned shorts of their state read and written, as rand_r's seed */
static void weft_rand48_state(unsigned short *x) {
    __tsan_read_range(x, 3 * sizeof *x);
    __tsan_write_range(x, 3 * sizeof *x);
}
double __real_erand48(unsigned short *);
double __wrap_erand48(unsigned short x[3]) {
    double r = __real_erand48(x);
    weft_rand48_state(x);
    return r;
}
long __real_nrand48(unsigned short *);
long __wrap_nrand48(unsigned short x[3]) {
    long r = __real_nrand48(x);
    weft_rand48_state(x);
    return r;
}
long __real_jrand48(unsigned short *);
long __wrap_jrand48(unsigned short x[3]) {
    long r = __real_jrand48(x);
    weft_rand48_state(x);
    return r;
}
int __real_rand_r(unsigned *);
int __wrap_rand_r(unsigned *seed) {
    int r = __real_rand_r(seed);
    __tsan_read_range(seed, sizeof *seed);
    __tsan_write_range(seed, sizeof *seed);
    return r;
}
int __real_sigaction(int, const struct sigaction *, struct sigaction *);
int __wrap_sigaction(int g, const struct sigaction *act, struct sigaction *old) {
    if (act != NULL && g > 0 && g < 65 && g != 32 && g != 33 && g != SIGKILL && g != SIGSTOP) __tsan_read_range(act, sizeof *act);
    return __real_sigaction(g, act, old);
}

/* nanosleep, clock_nanosleep and thrd_sleep read the requested duration inside the C library (TSan's interceptor of nanosleep does not
   read it): an instrumented read of the whole struct timespec first, as Weft's model records it (Semantics.Sleep). The
   runtime's own waits call the wrapper too: a read of their own stack. */
int __real_nanosleep(const struct timespec *, struct timespec *);
int __wrap_nanosleep(const struct timespec *req, struct timespec *rem) {
    if (req != NULL) __tsan_read_range(req, sizeof *req);
    return __real_nanosleep(req, rem);
}
int __real_clock_nanosleep(clockid_t, int, const struct timespec *, struct timespec *);
int __wrap_clock_nanosleep(clockid_t c, int f, const struct timespec *req, struct timespec *rem) {
    if (req != NULL) __tsan_read_range(req, sizeof *req);
    return __real_clock_nanosleep(c, f, req, rem);
}
int __real_thrd_sleep(const struct timespec *, struct timespec *);
int __wrap_thrd_sleep(const struct timespec *req, struct timespec *rem) {
    if (req != NULL) __tsan_read_range(req, sizeof *req);
    return __real_thrd_sleep(req, rem);
}

/* fgetpos writes the fpos_t and fsetpos reads it inside the C library: written again after, read first */
int __real_fgetpos(FILE *, fpos_t *);
int __wrap_fgetpos(FILE *f, fpos_t *p) {
    int r = __real_fgetpos(f, p);
    if (r == 0 && p != NULL) { fpos_t copy = *p; *(volatile fpos_t *)p = copy; }
    return r;
}
int __real_fsetpos(FILE *, const fpos_t *);
int __wrap_fsetpos(FILE *f, const fpos_t *p) {
    if (p != NULL) __tsan_read_range(p, sizeof *p);
    return __real_fsetpos(f, p);
}

/* sigpending writes the set's first word in the kernel, sigsuspend reads it there, where TSan sees neither: the
   runtime writes it again after the call and reads it first (Weft's model records them: SignalSets.state) */
int __real_sigpending(sigset_t *);
int __wrap_sigpending(sigset_t *set) {
    int r = __real_sigpending(set);
    if (set != NULL) { volatile unsigned long long *w = (volatile unsigned long long *)set; *w = *w; }
    return r;
}
int __real_sigsuspend(const sigset_t *);
int __wrap_sigsuspend(const sigset_t *mask) {
    if (mask != NULL) __tsan_read_range(mask, 8);
    return __real_sigsuspend(mask);
}

/* pthread_sigmask and sigprocmask read the set they are given inside the C library and the kernel (its first word:
   Linux's mask), where TSan does not see it: an instrumented read of that word first, as Weft's model records it
   (LibraryFunctions, Semantics.SignalMask). */
int __real_pthread_sigmask(int, const sigset_t *, sigset_t *);
int __wrap_pthread_sigmask(int how, const sigset_t *s, sigset_t *old) {
    if (s != NULL) __tsan_read_range(s, WEFT_SIGSET_WORD);
    return __real_pthread_sigmask(how, s, old);
}
int __real_sigprocmask(int, const sigset_t *, sigset_t *);
int __wrap_sigprocmask(int how, const sigset_t *s, sigset_t *old) {
    if (s != NULL) __tsan_read_range(s, WEFT_SIGSET_WORD);
    return __real_sigprocmask(how, s, old);
}

/* qsort, qsort_r: glibc's merge sort moves the elements inside the library, where TSan does not see it (the comparator
   is the program's own code, which TSan sees). After the call, every byte the sort changed is written again as a TSan
   range access (Weft's model, weft.exec.Sorts, records glibc's copies one by one; a byte glibc wrote back unchanged is
   not shown, so a replay never claims more than happened). The snapshot and the comparison are hidden from TSan.
   glibc's own functions are called, past TSan's interceptors: those call the comparator once more on each pair of
   neighbours before the sort (sanitizer_common's check), which a comparator with effects of its own would see. */
#include <dlfcn.h>
#define weft_hide_begin() __tsan_ignore_thread_begin()
#define weft_hide_end() __tsan_ignore_thread_end()
void __real_qsort(void *, size_t, size_t, int (*)(const void *, const void *));
void __real_qsort_r(void *, size_t, size_t, int (*)(const void *, const void *, void *), void *);
/* The C library's own definition of `name` (not the sanitizer's interceptor), or `fallback`; looked up once (relaxed
   atomics: the harness adds no happens-before). Also weft_files.c's (scandir's qsort). */
void *weft_glibc_symbol(void **cache, const char *name, void *fallback);
void *weft_glibc_symbol(void **cache, const char *name, void *fallback) {
    void *f = __atomic_load_n(cache, __ATOMIC_RELAXED);
    if (f != NULL) return f;
    void *libc = dlopen("libc.so.6", RTLD_NOLOAD | RTLD_LAZY);
    f = libc != NULL ? dlsym(libc, name) : NULL;
    if (f == NULL) f = fallback;
    __atomic_store_n(cache, f, __ATOMIC_RELAXED);
    return f;
}
static void *weft_qsort_fn, *weft_qsort_r_fn;
static unsigned char *weft_sort_snapshot(const void *b, size_t bytes) {
    if (bytes == 0) return NULL;
    unsigned char *copy = malloc(bytes);
    if (copy == NULL) return NULL;
    weft_hide_begin();
    memcpy(copy, b, bytes);
    weft_hide_end();
    return copy;
}
static void weft_sort_changed(unsigned char *b, unsigned char *before, size_t bytes) {
    if (before == NULL) return;
    for (size_t i = 0; i < bytes;) {
        weft_hide_begin();
        while (i < bytes && b[i] == before[i]) i++;
        size_t from = i;
        while (i < bytes && b[i] != before[i]) i++;
        weft_hide_end();
        if (i > from) __tsan_write_range(b + from, i - from);
    }
    free(before);
}
void __wrap_qsort(void *b, size_t n, size_t s, int (*cmp)(const void *, const void *)) {
    unsigned char *before = weft_sort_snapshot(b, n * s);
    void (*sort)(void *, size_t, size_t, int (*)(const void *, const void *)) =
        (void (*)(void *, size_t, size_t, int (*)(const void *, const void *))) weft_glibc_symbol(&weft_qsort_fn, "qsort", (void *) __real_qsort);
    sort(b, n, s, cmp);
    weft_sort_changed(b, before, n * s);
}
void __wrap_qsort_r(void *b, size_t n, size_t s, int (*cmp)(const void *, const void *, void *), void *arg) {
    unsigned char *before = weft_sort_snapshot(b, n * s);
    void (*sort)(void *, size_t, size_t, int (*)(const void *, const void *, void *), void *) =
        (void (*)(void *, size_t, size_t, int (*)(const void *, const void *, void *), void *)) weft_glibc_symbol(&weft_qsort_r_fn, "qsort_r", (void *) __real_qsort_r);
    sort(b, n, s, cmp, arg);
    weft_sort_changed(b, before, n * s);
}

/* lfind, lsearch: glibc reads the element count before each comparison, and lsearch copies the key after the last
   element and writes the count one higher, inside the C library, unseen (the comparator is the program's own code):
   the count read first; after an lsearch that grew the count, the key read, the new element and the count written
   again (weft.exec.Sorts makes the same accesses) */
void *__real_lfind(const void *, const void *, size_t *, size_t, int (*)(const void *, const void *));
void *__real_lsearch(const void *, void *, size_t *, size_t, int (*)(const void *, const void *));
void *__wrap_lfind(const void *key, const void *b, size_t *n, size_t s, int (*cmp)(const void *, const void *)) {
    __tsan_read_range(n, sizeof *n);
    return __real_lfind(key, b, n, s, cmp);
}
void *__wrap_lsearch(const void *key, void *b, size_t *n, size_t s, int (*cmp)(const void *, const void *)) {
    __tsan_read_range(n, sizeof *n);
    weft_hide_begin();
    size_t before = *n;
    weft_hide_end();
    void *r = __real_lsearch(key, b, n, s, cmp);
    weft_hide_begin();
    size_t after = *n;
    weft_hide_end();
    if (after != before) {
        __tsan_read_range(key, s);
        __tsan_write_range(r, s);
        __tsan_write_range(n, sizeof *n);
    }
    return r;
}

/* tsearch, tfind, tdelete: glibc reads the root pointer first and writes it when the tree's root changes, inside the
   C library, unseen (the comparator is the program's own code): the root pointer read first, written again after the
   call when it changed (weft.exec.Trees makes the same accesses; glibc's reads and writes of its own nodes are no
   access of the program's). glibc's own tsearch is called, past TSan's interceptor, which claims a write of the node's
   key whenever the node it returns holds the key pointer it was given. */
void *__real_tsearch(const void *, void **, int (*)(const void *, const void *));
void *__real_tfind(const void *, void *const *, int (*)(const void *, const void *));
void *__real_tdelete(const void *, void **, int (*)(const void *, const void *));
static void *weft_tsearch_fn;
static void *weft_tree_root(void *const *rootp) {
    weft_hide_begin();
    void *r = *rootp;
    weft_hide_end();
    return r;
}
void *__wrap_tsearch(const void *key, void **rootp, int (*cmp)(const void *, const void *)) {
    void *(*search)(const void *, void **, int (*)(const void *, const void *)) =
        (void *(*)(const void *, void **, int (*)(const void *, const void *))) weft_glibc_symbol(&weft_tsearch_fn, "tsearch", (void *) __real_tsearch);
    if (rootp == NULL) return search(key, rootp, cmp);
    __tsan_read_range(rootp, sizeof *rootp);
    void *before = weft_tree_root(rootp);
    void *r = search(key, rootp, cmp);
    if (weft_tree_root(rootp) != before) __tsan_write_range(rootp, sizeof *rootp);
    return r;
}
void *__wrap_tfind(const void *key, void *const *rootp, int (*cmp)(const void *, const void *)) {
    if (rootp != NULL) __tsan_read_range(rootp, sizeof *rootp);
    return __real_tfind(key, rootp, cmp);
}
void *__wrap_tdelete(const void *key, void **rootp, int (*cmp)(const void *, const void *)) {
    if (rootp == NULL) return __real_tdelete(key, rootp, cmp);
    __tsan_read_range(rootp, sizeof *rootp);
    void *before = weft_tree_root(rootp);
    void *r = __real_tdelete(key, rootp, cmp);
    if (weft_tree_root(rootp) != before) __tsan_write_range(rootp, sizeof *rootp);
    return r;
}

/* hsearch reads the key it is given inside the C library, unseen: read first (weft.exec.Sorts#hashTable makes the same
   read; glibc's reads of its own table are no access of the program's) */
#include <search.h>
ENTRY *__real_hsearch(ENTRY, ACTION);
ENTRY *__wrap_hsearch(ENTRY item, ACTION action) {
    weft_hide_begin();
    size_t n = item.key != NULL ? strlen(item.key) + 1 : 0;
    weft_hide_end();
    if (n > 0) __tsan_read_range(item.key, n);
    return __real_hsearch(item, action);
}

/* globfree reads gl_pathv, gl_pathc and gl_offs and clears gl_pathv inside the C library, unseen: read first, gl_pathv
   written again after the call when it was set (weft.exec.Directories#globFree) */
#include <glob.h>
void __real_globfree(glob_t *);
void __wrap_globfree(glob_t *g) {
    __tsan_read_range(&g->gl_pathv, sizeof g->gl_pathv);
    weft_hide_begin();
    int set = g->gl_pathv != NULL;
    weft_hide_end();
    if (set) {
        __tsan_read_range(&g->gl_pathc, sizeof g->gl_pathc);
        __tsan_read_range(&g->gl_offs, sizeof g->gl_offs);
    }
    __real_globfree(g);
    if (set) __tsan_write_range(&g->gl_pathv, sizeof g->gl_pathv);
}

/* strptime reads the text and the format and writes the struct tm inside the C library, unseen: after the call the
   accesses Weft's model records (weft.exec.BrokenDownTime): the text read as far as it took (one byte when it failed),
   the format read whole (one byte when it failed), the struct tm written whole */
char *__real_strptime(const char *, const char *, struct tm *);
char *__wrap_strptime(const char *s, const char *fmt, struct tm *tm) {
    char *r = __real_strptime(s, fmt, tm);
    __tsan_read_range(s, r != NULL && r > s ? (unsigned long)(r - s) : 1);
    __tsan_read_range(fmt, r != NULL ? strlen(fmt) + 1 : 1);
    __tsan_write_range(tm, sizeof *tm);
    return r;
}

/* Copies and fills TSan's interceptors do not see (gcc 12's libtsan has none for them; memcpy, memmove, memset,
   strcpy, strncpy and wcscat it has): after the call, the bytes Weft's models record (weft.exec.StringFunctions and
   the memory rows), written first (see memccpy) and then read; the lengths taken before the call, unseen. */
#include <wchar.h>
void *__real_mempcpy(void *, const void *, size_t);
void *__wrap_mempcpy(void *d, const void *s, size_t n) {
    void *r = __real_mempcpy(d, s, n);
    if (n > 0) { __tsan_write_range(d, n); __tsan_read_range(s, n); }
    return r;
}
void __real_explicit_bzero(void *, size_t);
void __wrap_explicit_bzero(void *d, size_t n) {
    __real_explicit_bzero(d, n);
    if (n > 0) __tsan_write_range(d, n);
}
char *__real_stpcpy(char *, const char *);
char *__wrap_stpcpy(char *d, const char *s) {
    weft_hide_begin();
    size_t l = strlen(s);
    weft_hide_end();
    char *r = __real_stpcpy(d, s);
    __tsan_write_range(d, l + 1);
    __tsan_read_range(s, l + 1);
    return r;
}
char *__real_stpncpy(char *, const char *, size_t);
char *__wrap_stpncpy(char *d, const char *s, size_t n) {
    weft_hide_begin();
    size_t k = strnlen(s, n);
    weft_hide_end();
    char *r = __real_stpncpy(d, s, n);
    if (n > 0) { __tsan_write_range(d, n); __tsan_read_range(s, k < n ? k + 1 : n); }
    return r;
}
char *__real_strcat(char *, const char *);
char *__wrap_strcat(char *d, const char *s) {
    weft_hide_begin();
    size_t dl = strlen(d), sl = strlen(s);
    weft_hide_end();
    char *r = __real_strcat(d, s);
    __tsan_write_range(d + dl, sl + 1);
    if (dl > 0) __tsan_read_range(d, dl);
    __tsan_read_range(s, sl + 1);
    return r;
}
char *__real_strncat(char *, const char *, size_t);
char *__wrap_strncat(char *d, const char *s, size_t n) {
    weft_hide_begin();
    size_t dl = strlen(d), k = strnlen(s, n);
    weft_hide_end();
    char *r = __real_strncat(d, s, n);
    __tsan_write_range(d + dl, k + 1);
    if (dl > 0) __tsan_read_range(d, dl);
    if (k < n || k > 0) __tsan_read_range(s, k < n ? k + 1 : k);
    return r;
}
wchar_t *__real_wmemcpy(wchar_t *, const wchar_t *, size_t);
wchar_t *__wrap_wmemcpy(wchar_t *d, const wchar_t *s, size_t n) {
    wchar_t *r = __real_wmemcpy(d, s, n);
    if (n > 0) { __tsan_write_range(d, n * sizeof(wchar_t)); __tsan_read_range(s, n * sizeof(wchar_t)); }
    return r;
}
wchar_t *__real_wmemset(wchar_t *, wchar_t, size_t);
wchar_t *__wrap_wmemset(wchar_t *d, wchar_t c, size_t n) {
    wchar_t *r = __real_wmemset(d, c, n);
    if (n > 0) __tsan_write_range(d, n * sizeof(wchar_t));
    return r;
}
wchar_t *__real_wcscpy(wchar_t *, const wchar_t *);
wchar_t *__wrap_wcscpy(wchar_t *d, const wchar_t *s) {
    weft_hide_begin();
    size_t l = wcslen(s);
    weft_hide_end();
    wchar_t *r = __real_wcscpy(d, s);
    __tsan_write_range(d, (l + 1) * sizeof(wchar_t));
    __tsan_read_range(s, (l + 1) * sizeof(wchar_t));
    return r;
}
wchar_t *__real_wcsncpy(wchar_t *, const wchar_t *, size_t);
wchar_t *__wrap_wcsncpy(wchar_t *d, const wchar_t *s, size_t n) {
    weft_hide_begin();
    size_t k = wcsnlen(s, n);
    weft_hide_end();
    wchar_t *r = __real_wcsncpy(d, s, n);
    if (n > 0) { __tsan_write_range(d, n * sizeof(wchar_t)); __tsan_read_range(s, (k < n ? k + 1 : n) * sizeof(wchar_t)); }
    return r;
}

/* printf and its kin read the format and the strings of its %s conversions inside the C library, where TSan does not
   see them (no interceptor): before the call, the same reads as TSan range reads, as Weft's models record them
   (weft.exec.Formatter#stringReads: a string up to and including its terminator, or as far as the precision). The
   scan walks the arguments by their conversions and gives up where Weft's does (positional arguments, a wide string,
   a null %s argument, %n, a conversion it does not know): then neither shows nor records any string's read. */
static void weft_format_reads(const char *fmt, va_list ap) {
    __tsan_read_range(fmt, strlen(fmt) + 1);
    enum { MOST = 32 };
    const char *read[MOST];
    size_t length[MOST];
    int reads = 0;
    for (const char *p = fmt; *p != 0; p++) {
        if (*p != '%') continue;
        p++;
        if (*p == '%') continue;
        while (*p != 0 && strchr("-+ #0'", *p) != NULL) p++;
        if (*p == '*') {
            (void)va_arg(ap, int);
            p++;
        } else {
            while (*p >= '0' && *p <= '9') p++;
        }
        if (*p == '$') return;
        long precision = -1;
        if (*p == '.') {
            p++;
            if (*p == '*') {
                int given = va_arg(ap, int);
                precision = given < 0 ? -1 : given;
                p++;
            } else {
                precision = 0;
                while (*p >= '0' && *p <= '9') precision = precision * 10 + (*p++ - '0');
            }
        }
        int longs = 0, big = 0;
        while (*p != 0 && strchr("hlLqjzt", *p) != NULL) {
            if (*p == 'l') longs++;
            if (*p == 'L' || *p == 'q' || *p == 'j' || *p == 'z' || *p == 't') big = 1;
            p++;
        }
        switch (*p) {
        case 'd': case 'i': case 'u': case 'x': case 'X': case 'o':
            if (longs > 0 || big) (void)va_arg(ap, long long); else (void)va_arg(ap, int);
            break;
        case 'c':
            (void)va_arg(ap, int);
            break;
        case 'p':
            (void)va_arg(ap, void *);
            break;
        case 'f': case 'F': case 'e': case 'E': case 'g': case 'G': case 'a': case 'A':
            if (big) (void)va_arg(ap, long double); else (void)va_arg(ap, double);
            break;
        case 'm':
            break;
        case 's': {
            const char *s = longs > 0 ? NULL : va_arg(ap, const char *);
            if (s == NULL || reads == MOST) return;
            size_t n = precision < 0 ? strlen(s) + 1 : strnlen(s, (size_t)precision);
            if (precision >= 0 && n < (size_t)precision) n++; /* the terminator was read */
            read[reads] = s;
            length[reads++] = n;
            break;
        }
        default:
            return;
        }
    }
    for (int i = 0; i < reads; i++) if (length[i] > 0) __tsan_read_range(read[i], length[i]);
}

int __real_vprintf(const char *, va_list);
int __wrap_vprintf(const char *fmt, va_list ap) {
    va_list scan;
    va_copy(scan, ap);
    weft_format_reads(fmt, scan);
    va_end(scan);
    return __real_vprintf(fmt, ap);
}
int __wrap_printf(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int r = __wrap_vprintf(fmt, ap);
    va_end(ap);
    return r;
}
int __real_vfprintf(FILE *, const char *, va_list);
int __wrap_vfprintf(FILE *f, const char *fmt, va_list ap) {
    va_list scan;
    va_copy(scan, ap);
    weft_format_reads(fmt, scan);
    va_end(scan);
    return __real_vfprintf(f, fmt, ap);
}
int __wrap_fprintf(FILE *f, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int r = __wrap_vfprintf(f, fmt, ap);
    va_end(ap);
    return r;
}
/* the fortified forms (gcc -O2 -D_FORTIFY_SOURCE): the same reads, then glibc's own checking form */
int __real___vprintf_chk(int, const char *, va_list);
int __wrap___vprintf_chk(int flag, const char *fmt, va_list ap) {
    va_list scan;
    va_copy(scan, ap);
    weft_format_reads(fmt, scan);
    va_end(scan);
    return __real___vprintf_chk(flag, fmt, ap);
}
int __wrap___printf_chk(int flag, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int r = __wrap___vprintf_chk(flag, fmt, ap);
    va_end(ap);
    return r;
}
int __real___vfprintf_chk(FILE *, int, const char *, va_list);
int __wrap___vfprintf_chk(FILE *f, int flag, const char *fmt, va_list ap) {
    va_list scan;
    va_copy(scan, ap);
    weft_format_reads(fmt, scan);
    va_end(scan);
    return __real___vfprintf_chk(f, flag, fmt, ap);
}
int __wrap___fprintf_chk(FILE *f, int flag, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int r = __wrap___vfprintf_chk(f, flag, fmt, ap);
    va_end(ap);
    return r;
}
/* puts and fputs read their string inside the C library too */
int __real_puts(const char *);
int __wrap_puts(const char *s) {
    __tsan_read_range(s, strlen(s) + 1);
    return __real_puts(s);
}
int __real_fputs(const char *, FILE *);
int __wrap_fputs(const char *s, FILE *f) {
    __tsan_read_range(s, strlen(s) + 1);
    return __real_fputs(s, f);
}

/* The multibyte conversions read the program's text and write its characters inside the C library (TSan's interceptors
   of mbstowcs and wcstombs show the characters written, none the text read): after the call, the accesses Weft's
   model records (weft.exec.Multibytes: in the C locale one byte per character, a byte from 128 up invalid), again as
   TSan range accesses. */
int __real_mblen(const char *, size_t);
int __wrap_mblen(const char *s, size_t n) {
    int r = __real_mblen(s, n);
    if (s != NULL && n > 0) __tsan_read_range(s, 1);
    return r;
}
int __real_mbtowc(wchar_t *, const char *, size_t);
int __wrap_mbtowc(wchar_t *pwc, const char *s, size_t n) {
    int r = __real_mbtowc(pwc, s, n);
    if (s != NULL && n > 0) __tsan_read_range(s, 1);
    if (s != NULL && n > 0 && r >= 0 && pwc != NULL) __tsan_write_range(pwc, sizeof *pwc);
    return r;
}
size_t __real_mbrtowc(wchar_t *, const char *, size_t, mbstate_t *);
size_t __wrap_mbrtowc(wchar_t *pwc, const char *s, size_t n, mbstate_t *ps) {
    size_t r = __real_mbrtowc(pwc, s, n, ps);
    if (s != NULL && n > 0) __tsan_read_range(s, 1);
    if (s != NULL && n > 0 && r != (size_t)-1 && r != (size_t)-2 && pwc != NULL) __tsan_write_range(pwc, sizeof *pwc);
    return r;
}
int __real_wctomb(char *, wchar_t);
int __wrap_wctomb(char *s, wchar_t wc) {
    int r = __real_wctomb(s, wc);
    if (s != NULL && r > 0) __tsan_write_range(s, 1);
    return r;
}
size_t __real_wcrtomb(char *, wchar_t, mbstate_t *);
size_t __wrap_wcrtomb(char *s, wchar_t wc, mbstate_t *ps) {
    size_t r = __real_wcrtomb(s, wc, ps);
    if (s != NULL && r != (size_t)-1) __tsan_write_range(s, 1);
    return r;
}
/* the string conversions: characters read one by one until n are converted, the terminator or an invalid one; each
   valid one (the terminator included) written when there is a destination */
size_t __real_mbstowcs(wchar_t *, const char *, size_t);
size_t __wrap_mbstowcs(wchar_t *dest, const char *src, size_t n) {
    size_t r = __real_mbstowcs(dest, src, n);
    size_t limit = dest == NULL ? (size_t)-1 : n, i = 0, written = 0;
    while (i < limit) {
        unsigned char ch = (unsigned char)src[i++];
        if (ch >= 128) break;
        written++;
        if (ch == 0) break;
    }
    if (i > 0) __tsan_read_range(src, i);
    if (dest != NULL && written > 0) __tsan_write_range(dest, written * sizeof *dest);
    return r;
}
size_t __real_wcstombs(char *, const wchar_t *, size_t);
size_t __wrap_wcstombs(char *dest, const wchar_t *src, size_t n) {
    size_t r = __real_wcstombs(dest, src, n);
    size_t limit = dest == NULL ? (size_t)-1 : n, i = 0, written = 0;
    while (i < limit) {
        wchar_t ch = src[i++];
        if (ch < 0 || ch >= 128) break;
        written++;
        if (ch == 0) break;
    }
    if (i > 0) __tsan_read_range(src, i * sizeof *src);
    if (dest != NULL && written > 0) __tsan_write_range(dest, written);
    return r;
}
