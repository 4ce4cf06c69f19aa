/*
 * Weft reproducer runtime, part 3 (included by weft_runtime.c, one translation unit): the inputs of the witness.
 * __VERIFIER_nondet_*, the C library's results the world decides (time, the process's ids, sysconf, rand, ...) and
 * the socket and file-system calls return the witness's values, per thread and function in order; main starts with
 * the witness's command line. None of these synchronises: values are read from the constant plan and used flags
 * that only the owning thread touches.
 */

/* The witness's next value for a call of fn in this thread (values are used per thread and function, in order);
   found says whether there was one (else 0). Only the owning thread touches its values' used flags. */
static long long value_for(const char *fn, int *found) {
    for (int i = 0; i < weft_value_count; i++) {
        if (weft_values[i].thread != my_tid || weft_value_used[i] || strcmp(weft_values[i].fn, fn) != 0) continue;
        weft_value_used[i] = 1;
        *found = 1;
        return weft_values[i].value;
    }
    *found = 0;
    return 0;
}

/* The witness's value for a call of fn when it has one, else real (the real call's result). */
static long long witness_or(const char *fn, long long real) {
    int found;
    long long v = value_for(fn, &found);
    return found ? v : real;
}

/* After the witness's -1 for a call of fn: errno is the witness's next value for fn (EIO without one). */
static void witness_errno(const char *fn) {
    int found;
    long long code = value_for(fn, &found);
    errno = found ? (int)code : EIO;
}

static long long next_value(const char *fn) {
    int found;
    return value_for(fn, &found);
}

/* Calls on descriptors (sync-calls.tsv's role 'channel': read, write, recv, send, close, fcntl, poll, select,
   epoll_wait, pipe, dup...) are schedule points: a pipe's bytes are real here, so a read must come after the write
   the witness read, a non-blocking read before it (its EAGAIN), a poll's answer before the read it announces. Each
   such call takes its turn in the witness's order when it starts and passes it on when it returns (errno kept). */
static void leave_at(int *g) {
    int e = errno;
    leave(*g);
    errno = e;
}
#define CHANNEL_AT __attribute__((cleanup(leave_at)))

/* A string of the program's (a path, a name, a mode) that the real call would read, read first as a TSan range
   access: the wrappers that answer from the witness make no real call, and TSan sees no read inside the C library. */
void __tsan_read_range(const void *, unsigned long);
static void weft_read_string(const char *s) {
    if (s != NULL) __tsan_read_range(s, strlen(s) + 1);
}

time_t __real_time(time_t *);
time_t __wrap_time(time_t *t) {
    int found;
    long long v = value_for("time", &found);
    if (!found) return __real_time(t);
    if (t != NULL) *t = (time_t)v;
    return (time_t)v;
}

/* The bytes the witness read from the standard input (the values of its character reads, fgetc, getc, getchar and
   their _unlocked forms, and of its formatted reads, scanf, vscanf, fscanf, vfscanf, each after their count:
   Weft records no other stream's, in order, -1 its end): when it has any, the
   program's standard input is a pipe holding them, closed after them (a read past them meets the end). The runtime's
   own descriptors are closed by the real close (the program's close is wrapped below). */
int __real_close(int);
ssize_t __real_write(int, const void *, size_t);
int __real_pipe(int[2]);
int __real_dup2(int, int);
static void feed_stdin(void) {
    char bytes[4096];
    int n = 0, any = 0;
    for (int i = 0; i < weft_value_count && n < (int)sizeof bytes; i++) {
        const char *fn = weft_values[i].fn;
        int counted = strcmp(fn, "scanf") == 0 || strcmp(fn, "vscanf") == 0 || strcmp(fn, "fscanf") == 0 || strcmp(fn, "vfscanf") == 0;
        if (strcmp(fn, "fgetc") != 0 && strcmp(fn, "getc") != 0 && strcmp(fn, "getchar") != 0
            && strcmp(fn, "getc_unlocked") != 0 && strcmp(fn, "getchar_unlocked") != 0 && !counted) continue;
        any = 1;
        /* a formatted read records how many characters it read, then each */
        long long k = counted ? weft_values[i].value : 1;
        if (counted) i++;
        int ended = 0;
        for (long long j = 0; j < k && i < weft_value_count && n < (int)sizeof bytes; j++, i++) {
            if (weft_values[i].value < 0) { ended = 1; break; }
            bytes[n++] = (char)weft_values[i].value;
        }
        if (ended) break;
        i--;
    }
    int fd[2];
    if (!any || __real_pipe(fd) != 0) return;
    if (n > 0 && __real_write(fd[1], bytes, (size_t)n) != n) fprintf(stderr, "weft-harness: standard input not fed\n");
    __real_close(fd[1]);
    __real_dup2(fd[0], 0);
    __real_close(fd[0]);
}

/* main's command line: the witness's when it gives one (weft_argc > 0; each word copied into writable memory, as
   C11 5.1.2.2.1p2 allows a program to modify its arguments), else the real one */
extern const int weft_argc;
extern const char *const weft_argv[];
int __real_main(int, char **, char **);
int __wrap_main(int argc, char **argv, char **envp) {
    /* the explorer takes the environment's locale to be C (setlocale(..., "")): so does the replay */
    setenv("LC_ALL", "C", 1);
    /* and its time zone to be UTC (localtime, weft.exec.BrokenDownTime) */
    setenv("TZ", "UTC", 1);
    feed_stdin();
    if (weft_argc <= 0) return __real_main(argc, argv, envp);
    char **words = calloc((size_t)weft_argc + 1, sizeof *words);
    for (int i = 0; words != NULL && i < weft_argc; i++) words[i] = strdup(weft_argv[i]);
    if (words == NULL) return __real_main(argc, argv, envp);
    return __real_main(weft_argc, words, envp);
}

/* gettimeofday and clock_gettime: the witness's seconds and fraction (two values per call, in that order) */
int __real_gettimeofday(struct timeval *, void *);
int __wrap_gettimeofday(struct timeval *tv, void *tz) {
    int found;
    long long s = value_for("gettimeofday", &found);
    if (!found) return __real_gettimeofday(tv, tz);
    long long us = next_value("gettimeofday");
    tv->tv_sec = (time_t)s;
    tv->tv_usec = (suseconds_t)us;
    return 0;
}

int __real_clock_gettime(clockid_t, struct timespec *);
int __wrap_clock_gettime(clockid_t clk, struct timespec *ts) {
    int found;
    long long s = value_for("clock_gettime", &found);
    if (!found) return __real_clock_gettime(clk, ts);
    long long ns = next_value("clock_gettime");
    ts->tv_sec = (time_t)s;
    ts->tv_nsec = (long)ns;
    return 0;
}

/* getrlimit: the witness's soft and hard limits (two values per call, in that order) */
extern __typeof__(getrlimit) __real_getrlimit;
int __wrap_getrlimit(__rlimit_resource_t resource, struct rlimit *rl) {
    int found;
    long long cur = value_for("getrlimit", &found);
    if (!found) return __real_getrlimit(resource, rl);
    long long max = next_value("getrlimit");
    rl->rlim_cur = (rlim_t)cur;
    rl->rlim_max = (rlim_t)max;
    return 0;
}

/* getrusage: the witness's user seconds and microseconds, then the system ones (four values per call, in that
   order); the counters after them zero */
extern __typeof__(getrusage) __real_getrusage;
int __wrap_getrusage(int who, struct rusage *ru) {
    int found;
    long long us = value_for("getrusage", &found);
    if (!found) return __real_getrusage(who, ru);
    memset(ru, 0, sizeof *ru);
    ru->ru_utime.tv_sec = (time_t)us;
    ru->ru_utime.tv_usec = (suseconds_t)next_value("getrusage");
    ru->ru_stime.tv_sec = (time_t)next_value("getrusage");
    ru->ru_stime.tv_usec = (suseconds_t)next_value("getrusage");
    return 0;
}

/* rand, random, lrand48, mrand48, drand48 (weft.exec.Generators: glibc's generators, computed): the real call steps
   the real state (a later seed48 hands it back, erand48 uses lcong48's multiplier); the witness's value is returned,
   which is the real one when this thread's calls come in the witness's order (another thread's may come first in the
   replay); drand48's value is the witness's 48 bits X, X * 2^-48 (exact in a double, as glibc builds it). A value
   that differs from the real one is said on stderr (a witness whose values glibc does not give, audit D50, or calls
   of two threads in another order). */
#include <math.h>
#define WITNESS_GENERATOR(type, name, from_witness)                                               \
    type __real_##name(void);                                                                     \
    type __wrap_##name(void) {                                                                    \
        type real = __real_##name();                                                              \
        int found;                                                                                \
        long long v = value_for(#name, &found);                                                   \
        if (found && (type)(from_witness) != real) say(#name " gave another value than the witness's"); \
        return found ? (from_witness) : real;                                                     \
    }
WITNESS_GENERATOR(int, rand, (int)v)
WITNESS_GENERATOR(long, random, (long)v)
WITNESS_GENERATOR(long, lrand48, (long)v)
WITNESS_GENERATOR(long, mrand48, (long)v)
WITNESS_GENERATOR(double, drand48, ldexp((double)v, -48))

/* C library results the world decides (semantics.tsv's input-result): the witness's value when it has one, else the
   real function's */
pid_t __real_getpid(void);
pid_t __wrap_getpid(void) {
    int found;
    long long v = value_for("getpid", &found);
    return found ? (pid_t)v : __real_getpid();
}

/* clock: the processor time the process used, the world's (-1 when unavailable) */
clock_t __real_clock(void);
clock_t __wrap_clock(void) {
    int found;
    long long v = value_for("clock", &found);
    return found ? (clock_t)v : __real_clock();
}

/* gethostname, getcwd and uname: the system's names the witness took (recorded as 0), as Weft's model gives them
   (weft.exec.Resources: host "weft", directory "/", uname's Linux/weft/6.1.0-weft/#1 SMP/x86_64/(none)), without the
   real call; else the real function */
#include <sys/utsname.h>
int __real_gethostname(char *, size_t);
int __wrap_gethostname(char *name, size_t len) {
    int found;
    (void)value_for("gethostname", &found);
    if (!found) return __real_gethostname(name, len);
    static const char host[] = "weft";
    memcpy(name, host, len < sizeof host ? len : sizeof host);
    if (len < sizeof host) { errno = ENAMETOOLONG; return -1; }
    return 0;
}
/* glob: the witness's answer as Weft's model gives it (weft.exec.Directories#glob): 0, one file, the pattern with each
   '*' and '?' of its last component an 'f' and each set its first character (a pattern without wildcards: itself);
   1, none (GLOB_NOMATCH, or with GLOB_NOCHECK the pattern); the path and gl_pathv in memory globfree frees; else the
   real function */
#include <glob.h>
int __real_glob(const char *, int, int (*)(const char *, int), glob_t *);
int __wrap_glob(const char *pattern, int flags, int (*errfunc)(const char *, int), glob_t *g) {
    int found;
    long long v = value_for("glob", &found);
    if (!found) return __real_glob(pattern, flags, errfunc, g);
    size_t n = strlen(pattern), k = 0;
    char *path = malloc(n + 1);
    char **vector = malloc(2 * sizeof *vector);
    if (path == NULL || vector == NULL) abort();
    const char *last = strrchr(pattern, '/');
    size_t from = last != NULL ? (size_t)(last - pattern) + 1 : 0;
    int magic = 0;
    for (size_t i = 0; i < n; i++) {
        char ch = pattern[i];
        if (i >= from && (ch == '*' || ch == '?')) {
            path[k++] = 'f';
            magic = 1;
        } else if (i >= from && ch == '[' && i + 2 < n && strchr(pattern + i + 2, ']') != NULL) {
            path[k++] = pattern[i + 1];
            magic = 1;
            i = (size_t)(strchr(pattern + i + 2, ']') - pattern);
        } else {
            path[k++] = ch;
        }
    }
    path[k] = 0;
    g->gl_offs = 0;
    if (v != 0 && !(flags & GLOB_NOCHECK)) {
        g->gl_pathc = 0;
        g->gl_pathv = NULL;
        free(path);
        free(vector);
        return GLOB_NOMATCH;
    }
    if (v != 0 || !magic) strcpy(path, pattern);
    vector[0] = path;
    vector[1] = NULL;
    g->gl_pathc = 1;
    g->gl_pathv = vector;
    g->gl_flags = flags | (magic ? GLOB_MAGCHAR : GLOB_NOCHECK);
    return 0;
}
/* if_indextoname: the witness's answer as Weft's model gives it (weft.exec.Resources): 0, an interface named "weft" and
   the index (16 bytes written, glibc's strncpy), or 1, none (null, ENXIO); else the real function */
#include <net/if.h>
char *__real_if_indextoname(unsigned int, char *);
char *__wrap_if_indextoname(unsigned int index, char *buf) {
    int found;
    long long v = value_for("if_indextoname", &found);
    if (!found) return __real_if_indextoname(index, buf);
    if (v != 0 || index == 0) { errno = ENXIO; return NULL; }
    char named[IF_NAMESIZE];
    snprintf(named, sizeof named, "weft%u", index);
    return strncpy(buf, named, IF_NAMESIZE);
}
/* times: the witness's elapsed, user and system ticks (the children's 0) */
#include <sys/times.h>
clock_t __real_times(struct tms *);
clock_t __wrap_times(struct tms *buf) {
    int found;
    long long elapsed = value_for("times", &found);
    if (!found) return __real_times(buf);
    long long user = next_value("times"), sys = next_value("times");
    if (buf != NULL) {
        buf->tms_utime = (clock_t)user;
        buf->tms_stime = (clock_t)sys;
        buf->tms_cutime = 0;
        buf->tms_cstime = 0;
    }
    return (clock_t)elapsed;
}

/* getlogin, getlogin_r: the witness's login name, "weft" (weft.exec.Resources) */
char *__real_getlogin(void);
char *__wrap_getlogin(void) {
    int found;
    (void)value_for("getlogin", &found);
    if (!found) return __real_getlogin();
    static char login[] = "weft";
    return login;
}
int __real_getlogin_r(char *, size_t);
int __wrap_getlogin_r(char *buf, size_t size) {
    int found;
    (void)value_for("getlogin_r", &found);
    if (!found) return __real_getlogin_r(buf, size);
    if (size < 5) return ERANGE;
    memcpy(buf, "weft", 5);
    return 0;
}
char *__real_getcwd(char *, size_t);
char *__wrap_getcwd(char *buf, size_t size) {
    int found;
    (void)value_for("getcwd", &found);
    if (!found) return __real_getcwd(buf, size);
    if (size < 2) { errno = size == 0 ? EINVAL : ERANGE; return NULL; }
    memcpy(buf, "/", 2);
    return buf;
}
int __real_uname(struct utsname *);
int __wrap_uname(struct utsname *u) {
    int found;
    (void)value_for("uname", &found);
    if (!found) return __real_uname(u);
    static const char *fields[6] = {"Linux", "weft", "6.1.0-weft", "#1 SMP", "x86_64", "(none)"};
    char *b = (char *)u;
    memset(b, 0, sizeof *u);
    for (int i = 0; i < 6; i++) memcpy(b + i * sizeof u->sysname, fields[i], strlen(fields[i]));
    return 0;
}

pid_t __real_getppid(void);
pid_t __wrap_getppid(void) {
    int found;
    long long v = value_for("getppid", &found);
    return found ? (pid_t)v : __real_getppid();
}

pid_t __real_gettid(void);
pid_t __wrap_gettid(void) {
    int found;
    long long v = value_for("gettid", &found);
    return found ? (pid_t)v : __real_gettid();
}

uid_t __real_getuid(void);
uid_t __wrap_getuid(void) {
    int found;
    long long v = value_for("getuid", &found);
    return found ? (uid_t)v : __real_getuid();
}

uid_t __real_geteuid(void);
uid_t __wrap_geteuid(void) {
    int found;
    long long v = value_for("geteuid", &found);
    return found ? (uid_t)v : __real_geteuid();
}

gid_t __real_getgid(void);
gid_t __wrap_getgid(void) {
    int found;
    long long v = value_for("getgid", &found);
    return found ? (gid_t)v : __real_getgid();
}

gid_t __real_getegid(void);
gid_t __wrap_getegid(void) {
    int found;
    long long v = value_for("getegid", &found);
    return found ? (gid_t)v : __real_getegid();
}

int __real_get_nprocs(void);
int __wrap_get_nprocs(void) {
    int found;
    long long v = value_for("get_nprocs", &found);
    return found ? (int)v : __real_get_nprocs();
}

int __real_get_nprocs_conf(void);
int __wrap_get_nprocs_conf(void) {
    int found;
    long long v = value_for("get_nprocs_conf", &found);
    return found ? (int)v : __real_get_nprocs_conf();
}

int __real_getpagesize(void);
int __wrap_getpagesize(void) {
    int found;
    long long v = value_for("getpagesize", &found);
    return found ? (int)v : __real_getpagesize();
}

long __real_sysconf(int);
long __wrap_sysconf(int name) {
    int found;
    long long v = value_for("sysconf", &found);
    return found ? (long)v : __real_sysconf(name);
}

/* prctl runs (PR_SET_NAME names the thread), then returns the witness's result when it has one */
int __real_prctl(int, unsigned long, unsigned long, unsigned long, unsigned long);
int __wrap_prctl(int option, unsigned long a2, unsigned long a3, unsigned long a4, unsigned long a5) {
    return (int)witness_or("prctl", __real_prctl(option, a2, a3, a4, a5));
}

int __real_pthread_getconcurrency(void);
int __wrap_pthread_getconcurrency(void) {
    return (int)witness_or("pthread_getconcurrency", __real_pthread_getconcurrency());
}

/* getpwnam, getpwuid, getgrnam, getgrgid: the witness's answer (weft.exec.Accounts): 1, no such entry (null); 0, an
   entry, with a name's ids next (a user's uid and gid, a group's gid), in a static entry of the runtime's that each
   call overwrites, as glibc's: the name asked ("weft" for an id), password "x", empty gecos, home "/", shell /bin/sh,
   no group members */
#include <grp.h>
#include <pwd.h>
static struct passwd witness_user;
static struct group witness_group;
static char witness_account_name[1024];
static char *witness_no_members[1];
static struct passwd *witness_passwd(const char *fn, const char *name, long long uid) {
    snprintf(witness_account_name, sizeof witness_account_name, "%s", name != NULL ? name : "weft");
    witness_user.pw_name = witness_account_name;
    witness_user.pw_passwd = "x";
    witness_user.pw_uid = (uid_t)(uid >= 0 ? uid : next_value(fn));
    witness_user.pw_gid = (gid_t)next_value(fn);
    witness_user.pw_gecos = "";
    witness_user.pw_dir = "/";
    witness_user.pw_shell = "/bin/sh";
    return &witness_user;
}
static struct group *witness_grp(const char *fn, const char *name, long long gid) {
    snprintf(witness_account_name, sizeof witness_account_name, "%s", name != NULL ? name : "weft");
    witness_group.gr_name = witness_account_name;
    witness_group.gr_passwd = "x";
    witness_group.gr_gid = (gid_t)(gid >= 0 ? gid : next_value(fn));
    witness_no_members[0] = NULL;
    witness_group.gr_mem = witness_no_members;
    return &witness_group;
}
struct passwd *__real_getpwnam(const char *);
struct passwd *__wrap_getpwnam(const char *name) {
    weft_read_string(name);
    int found;
    long long v = value_for("getpwnam", &found);
    if (!found) return __real_getpwnam(name);
    return v == 0 ? witness_passwd("getpwnam", name, -1) : NULL;
}
struct passwd *__real_getpwuid(uid_t);
struct passwd *__wrap_getpwuid(uid_t uid) {
    int found;
    long long v = value_for("getpwuid", &found);
    if (!found) return __real_getpwuid(uid);
    return v == 0 ? witness_passwd("getpwuid", NULL, (long long)uid) : NULL;
}
struct group *__real_getgrnam(const char *);
struct group *__wrap_getgrnam(const char *name) {
    weft_read_string(name);
    int found;
    long long v = value_for("getgrnam", &found);
    if (!found) return __real_getgrnam(name);
    return v == 0 ? witness_grp("getgrnam", name, -1) : NULL;
}
struct group *__real_getgrgid(gid_t);
struct group *__wrap_getgrgid(gid_t gid) {
    int found;
    long long v = value_for("getgrgid", &found);
    if (!found) return __real_getgrgid(gid);
    return v == 0 ? witness_grp("getgrgid", NULL, (long long)gid) : NULL;
}
/* getpwent, getgrent: the database's next entry as the witness gives it ("weft", its ids next), or the end */
struct passwd *__real_getpwent(void);
struct passwd *__wrap_getpwent(void) {
    int found;
    long long v = value_for("getpwent", &found);
    if (!found) return __real_getpwent();
    return v == 0 ? witness_passwd("getpwent", NULL, -1) : NULL;
}
struct group *__real_getgrent(void);
struct group *__wrap_getgrent(void) {
    int found;
    long long v = value_for("getgrent", &found);
    if (!found) return __real_getgrent();
    return v == 0 ? witness_grp("getgrent", NULL, -1) : NULL;
}
/* the reentrant forms: the same entry in the caller's struct, its strings (a group's member list first) from the
   start of the caller's buffer, *result the entry or NULL, 0 */
static char *witness_strings(char *buf, const char *const *s, int n) {
    for (int i = 0; i < n; i++) {
        size_t k = strlen(s[i]) + 1;
        memcpy(buf, s[i], k);
        buf += k;
    }
    return buf;
}
static int witness_passwd_r(const char *fn, long long v, const char *name, long long uid, struct passwd *pw, char *buf,
                            struct passwd **result) {
    if (v != 0) {
        *result = NULL;
        return 0;
    }
    const char *s[5] = {name != NULL ? name : "weft", "x", "", "/", "/bin/sh"};
    char *at[5];
    char *p = buf;
    for (int i = 0; i < 5; i++) {
        at[i] = p;
        p = witness_strings(p, &s[i], 1);
    }
    pw->pw_name = at[0];
    pw->pw_passwd = at[1];
    pw->pw_uid = (uid_t)(uid >= 0 ? uid : next_value(fn));
    pw->pw_gid = (gid_t)next_value(fn);
    pw->pw_gecos = at[2];
    pw->pw_dir = at[3];
    pw->pw_shell = at[4];
    *result = pw;
    return 0;
}
static int witness_grp_r(const char *fn, long long v, const char *name, long long gid, struct group *gr, char *buf,
                         struct group **result) {
    if (v != 0) {
        *result = NULL;
        return 0;
    }
    char **members = (char **)buf;
    members[0] = NULL;
    char *p = buf + sizeof(char *);
    gr->gr_name = p;
    p = witness_strings(p, (const char *const[]){name != NULL ? name : "weft"}, 1);
    gr->gr_passwd = p;
    witness_strings(p, (const char *const[]){"x"}, 1);
    gr->gr_gid = (gid_t)(gid >= 0 ? gid : next_value(fn));
    gr->gr_mem = members;
    *result = gr;
    return 0;
}
/* by name (read first, as the real call reads it) and by id */
#define ACCOUNT_BY_NAME_R(sym, type, build)                                                 \
    extern __typeof__(sym) __real_##sym;                                                    \
    int __wrap_##sym(const char *name, struct type *e, char *buf, size_t n, struct type **result) { \
        weft_read_string(name);                                                             \
        int found;                                                                          \
        long long v = value_for(#sym, &found);                                              \
        if (!found) return __real_##sym(name, e, buf, n, result);                           \
        return build(#sym, v, name, -1, e, buf, result);                                    \
    }
#define ACCOUNT_BY_ID_R(sym, type, key, build)                                              \
    extern __typeof__(sym) __real_##sym;                                                    \
    int __wrap_##sym(key id, struct type *e, char *buf, size_t n, struct type **result) {   \
        int found;                                                                          \
        long long v = value_for(#sym, &found);                                              \
        if (!found) return __real_##sym(id, e, buf, n, result);                             \
        return build(#sym, v, NULL, (long long)id, e, buf, result);                         \
    }
ACCOUNT_BY_NAME_R(getpwnam_r, passwd, witness_passwd_r)
ACCOUNT_BY_ID_R(getpwuid_r, passwd, uid_t, witness_passwd_r)
ACCOUNT_BY_NAME_R(getgrnam_r, group, witness_grp_r)
ACCOUNT_BY_ID_R(getgrgid_r, group, gid_t, witness_grp_r)

/* signal, bsd_signal, sysv_signal: the handler is installed (the real call), then the witness's disposition before is
   returned (0 SIG_DFL, 1 SIG_IGN: what the program started with, whatever its parent left; -1 SIG_ERR, as the real
   call fails; -2, or no value: a handler of the program's, the real call's result) */
static sighandler_t witness_disposition(const char *fn, sighandler_t before) {
    int found;
    long long v = value_for(fn, &found);
    return !found || v == -2 ? before : (sighandler_t)(intptr_t)v;
}
sighandler_t __real_signal(int, sighandler_t);
sighandler_t __wrap_signal(int sig, sighandler_t h) {
    return witness_disposition("signal", __real_signal(sig, h));
}
sighandler_t __real_bsd_signal(int, sighandler_t);
sighandler_t __wrap_bsd_signal(int sig, sighandler_t h) {
    return witness_disposition("bsd_signal", __real_bsd_signal(sig, h));
}
sighandler_t __real_sysv_signal(int, sighandler_t);
sighandler_t __wrap_sysv_signal(int sig, sighandler_t h) {
    return witness_disposition("sysv_signal", __real_sysv_signal(sig, h));
}
/* sigset (System V): as signal; SIG_HOLD, which Weft's run stopped at, never comes here with an answer */
sighandler_t __real_sigset(int, sighandler_t);
sighandler_t __wrap_sigset(int sig, sighandler_t h) {
    return witness_disposition("sigset", __real_sigset(sig, h));
}

/* Streams on memory (fmemopen, open_memstream): Weft runs their calls as glibc does and records no answer for them
   (weft.exec.MemoryStreams), so the witness's fflush answers are other streams'. The streams are kept in a table
   without synchronising (relaxed atomics give ThreadSanitizer no happens-before edge); fclose takes them out. */
#define WEFT_MEMORY_STREAMS 64
static FILE *weft_memory_streams[WEFT_MEMORY_STREAMS];
static void memory_stream_mark(FILE *from, FILE *to) {
    for (int i = 0; i < WEFT_MEMORY_STREAMS; i++) {
        FILE *expected = from;
        if (__atomic_compare_exchange_n(&weft_memory_streams[i], &expected, to, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) return;
    }
}
static int memory_stream(FILE *f) {
    for (int i = 0; f && i < WEFT_MEMORY_STREAMS; i++) if (__atomic_load_n(&weft_memory_streams[i], __ATOMIC_RELAXED) == f) return 1;
    return 0;
}
FILE *__real_fmemopen(void *, size_t, const char *);
FILE *__wrap_fmemopen(void *buf, size_t size, const char *mode) {
    FILE *f = __real_fmemopen(buf, size, mode);
    if (f) memory_stream_mark(NULL, f);
    return f;
}
FILE *__real_open_memstream(char **, size_t *);
FILE *__wrap_open_memstream(char **bufloc, size_t *sizeloc) {
    FILE *f = __real_open_memstream(bufloc, sizeloc);
    if (f) memory_stream_mark(NULL, f);
    return f;
}
int __real_fclose(FILE *);
int __wrap_fclose(FILE *f) {
    if (memory_stream(f)) memory_stream_mark(f, NULL);
    return __real_fclose(f);
}

/* fflush runs (the buffered output goes out), then returns the witness's result when it has one (EOF: a write
   error, errno the witness's next value); a stream on memory's is glibc's own */
int __real_fflush(FILE *);
int __wrap_fflush(FILE *f) {
    int r = __real_fflush(f);
    if (memory_stream(f)) return r;
    int found;
    long long v = value_for("fflush", &found);
    if (!found) return r;
    if (v == -1) witness_errno("fflush");
    return (int)v;
}

/* fopen: the witness's answer (weft.exec.Streams) when it has one: 0, the file opened and empty (/dev/null, opened with
   the program's mode, reads nothing and takes any output), 1, no such file; else the real function */
FILE *__real_fopen(const char *, const char *);
FILE *__wrap_fopen(const char *path, const char *mode) {
    weft_read_string(path);
    weft_read_string(mode);
    int found;
    long long v = value_for("fopen", &found);
    if (!found) return __real_fopen(path, mode);
    if (v == 0) return __real_fopen("/dev/null", mode);
    errno = ENOENT;
    return NULL;
}

/* freopen: the witness's file opened again on the stream, as fopen's (/dev/null with the program's mode) */
FILE *__real_freopen(const char *, const char *, FILE *);
FILE *__wrap_freopen(const char *path, const char *mode, FILE *stream) {
    weft_read_string(path);
    weft_read_string(mode);
    int found;
    value_for("freopen", &found);
    return __real_freopen(found ? "/dev/null" : path, mode, stream);
}

/* tmpfile: the witness's new empty file, as fopen's (/dev/null opened "w+") */
FILE *__real_tmpfile(void);
FILE *__wrap_tmpfile(void) {
    int found;
    value_for("tmpfile", &found);
    return found ? __real_fopen("/dev/null", "w+") : __real_tmpfile();
}

/* A call of the world the witness has no answer for once both racing threads stand at their accesses (a server
   accepting its next client): the witness is complete, the real call would act on a descriptor that does not exist;
   the thread waits for the watchdog to end the program instead. */
static void park_after_race(void) {
    while (LOAD(race_state[0]) > 0 && LOAD(race_state[1]) > 0) {
        struct timespec ts = {1, 0};
        nanosleep(&ts, NULL);
    }
}

/* The world's answers to socket and file-system calls (semantics.tsv's input-result rows with 'errno'): the witness's
   result when it has one, without calling the real function (an accept would wait for a client that never comes);
   a result of -1 sets errno to the witness's next value. Else the real function (or, after the race, none). The
   strings the real call would read are read first (`reads`: weft_read_string), and `then` runs after a success. */
#define WORLD_CALL(ret, name, params, args, reads, then) \
    ret __real_##name params; \
    ret __wrap_##name params { \
        reads; \
        int found; \
        long long v = value_for(#name, &found); \
        if (!found) { park_after_race(); return __real_##name args; } \
        if (v == -1) witness_errno(#name); \
        else { then; } \
        return (ret)v; \
    }
#define WORLD_THEN(ret, name, params, args, then) WORLD_CALL(ret, name, params, args, (void)0, then)
#define WORLD(ret, name, params, args) WORLD_THEN(ret, name, params, args, (void)0)
/* a function that reads strings of the program's (paths, names) */
#define WORLD_PATHS(ret, name, params, args, reads) WORLD_CALL(ret, name, params, args, reads, (void)0)
/* Descriptors the witness invented (socket and accept results given without a real call): closing one closes
   nothing real (the number may be a real file's: the reproducer's fopen opens /dev/null). Only the thread that got
   one closes it in the programs this runs; a byte per descriptor below 1024. */
static volatile unsigned char witness_fd[1024];
#define WORLD_FD(name, params, args) WORLD_THEN(int, name, params, args, if (v >= 0 && v < 1024) witness_fd[v] = 1)
WORLD_FD(socket, (int d, int t, int p), (d, t, p))

#include "weft_pipes.c"

/* posix_fadvise: the witness's answer (0, EINVAL, ESPIPE) for a descriptor it invented */
WORLD(int, posix_fadvise, (int fd, off_t o, off_t n, int a), (fd, o, n, a))

/* getsockopt of a socket the witness invented: SO_ERROR is 0 (Weft's answer: weft.exec.SmallAnswers), written where
   TSan sees it; another socket's, or another option, is the real call's */
int __real_getsockopt(int, int, int, void *, socklen_t *);
int __wrap_getsockopt(int fd, int level, int option, void *value, socklen_t *len) {
    if (fd >= 0 && fd < 1024 && witness_fd[fd] && level == SOL_SOCKET && option == SO_ERROR && *len >= sizeof(int)) {
        *(int *)value = 0;
        *len = sizeof(int);
        return 0;
    }
    return __real_getsockopt(fd, level, option, value, len);
}

/* close: the witness's result when it recorded one (the program used it); else a descriptor the witness invented
   closes nothing real, and any other is closed for real */
int __wrap_close(int fd) {
    int weft_turn_ CHANNEL_AT = enter("close");
    if (is_pipe(fd)) { STORE(pipe_fd[fd], 0); return __real_close(fd); }
    int found;
    long long v = value_for("close", &found);
    int invented = fd >= 0 && fd < 1024 && witness_fd[fd];
    if (invented) witness_fd[fd] = 0;
    if (found) {
        if (v == -1) witness_errno("close");
        else if (!invented) __real_close(fd);
        return (int)v;
    }
    return invented ? 0 : __real_close(fd);
}

/* getenv: the witness's 0 is a variable it took to be unset (the world's): null; its 1 one the program set, which the
   real getenv finds (the program's setenv and putenv are real); the name read first, as Weft records it */
char *__real_getenv(const char *);
char *__wrap_getenv(const char *name) {
    if (name != NULL) __tsan_read_range(name, strlen(name) + 1);
    int found;
    long long v = value_for("getenv", &found);
    return found && v == 0 ? NULL : __real_getenv(name);
}
char *__real_secure_getenv(const char *);
char *__wrap_secure_getenv(const char *name) {
    if (name != NULL) __tsan_read_range(name, strlen(name) + 1);
    int found;
    long long v = value_for("secure_getenv", &found);
    return found && v == 0 ? NULL : __real_secure_getenv(name);
}
/* getdate: the witness's error (1: DATEMSK unset or empty; 3: the file it names missing) in getdate_err, and null,
   the write where TSan sees it (the real getdate's is inside the C library). Without the witness's value (the racing
   call itself: the witness stops before it), Weft's answer from the environment as the program left it. */
extern int getdate_err;
struct tm *__wrap_getdate(const char *s) {
    (void)s;
    int found;
    long long v = value_for("getdate", &found);
    if (!found) {
        const char *templates = __real_getenv("DATEMSK");
        v = templates == NULL || *templates == 0 ? 1 : 3;
    }
    getdate_err = (int)v;
    return NULL;
}
/* setenv, unsetenv, putenv read their strings inside the C library: read first where TSan sees it */
int __real_setenv(const char *, const char *, int);
int __wrap_setenv(const char *name, const char *value, int overwrite) {
    if (name != NULL) __tsan_read_range(name, strlen(name) + 1);
    if (value != NULL) __tsan_read_range(value, strlen(value) + 1);
    return __real_setenv(name, value, overwrite);
}
int __real_unsetenv(const char *);
int __wrap_unsetenv(const char *name) {
    if (name != NULL) __tsan_read_range(name, strlen(name) + 1);
    return __real_unsetenv(name);
}
int __real_putenv(char *);
int __wrap_putenv(char *entry) {
    /* glibc reads up to the '=' (the rest is the value, kept unread), as Weft records it */
    if (entry != NULL) {
        const char *eq = strchr(entry, '=');
        __tsan_read_range(entry, eq != NULL ? (size_t)(eq - entry) + 1 : strlen(entry) + 1);
    }
    return __real_putenv(entry);
}

/* fcntl: the witness's result (F_GETFL's flags, a failure) when it has one, else the real call with the argument
   every command takes (an int or a pointer, read as glibc's fcntl reads it) */
int __real_fcntl(int, int, ...);
int __wrap_fcntl(int fd, int cmd, ...) {
    int weft_turn_ CHANNEL_AT = enter("fcntl");
    va_list ap;
    va_start(ap, cmd);
    void *arg = va_arg(ap, void *);
    va_end(ap);
    if (is_pipe(fd)) return __real_fcntl(fd, cmd, arg);
    int found;
    long long v = value_for("fcntl", &found);
    if (!found) { park_after_race(); return __real_fcntl(fd, cmd, arg); }
    if (v == -1) witness_errno("fcntl");
    return (int)v;
}
WORLD(int, listen, (int s, int n), (s, n))
WORLD(int, connect, (int s, const struct sockaddr *a, socklen_t l), (s, a, l))
WORLD(int, setsockopt, (int s, int lv, int o, const void *val, socklen_t l), (s, lv, o, val, l))
WORLD(int, shutdown, (int s, int h), (s, h))
WORLD_PATHS(int, chdir, (const char *p), (p), weft_read_string(p))
/* strlcpy, strlcat (BSD's; glibc has them from 2.38): for a program that calls them without defining them, as BSD
   defines them (weak: the C library's or the program's own win) */
__attribute__((weak)) size_t strlcpy(char *d, const char *s, size_t n) {
    size_t sl = strlen(s);
    if (n > 0) {
        size_t k = sl < n - 1 ? sl : n - 1;
        memcpy(d, s, k);
        d[k] = '\0';
    }
    return sl;
}
__attribute__((weak)) size_t strlcat(char *d, const char *s, size_t n) {
    size_t dl = strnlen(d, n), sl = strlen(s);
    if (dl == n) return n + sl;
    size_t k = sl < n - dl - 1 ? sl : n - dl - 1;
    memcpy(d + dl, s, k);
    d[dl + k] = '\0';
    return dl + sl;
}
/* ttyname, ptsname, ttyname_r, ptsname_r, tcgetattr, tcsetattr (weft.exec.Terminals): the witness's answer, 0 a
   terminal (named /dev/pts/0, with the settings stty sane leaves at 38400 baud; tcsetattr takes what it is given),
   else none (its errno next) */
#include <termios.h>
static int witness_terminal(const char *fn, int *found) {
    long long v = value_for(fn, found);
    if (!*found || v == 0) return 0;
    return (int)next_value(fn);
}
static char witness_tty_name[] = "/dev/pts/0";
#define TERMINAL_NAME(sym)                                                         \
    char *__real_##sym(int);                                                       \
    char *__wrap_##sym(int fd) {                                                   \
        int found, err = witness_terminal(#sym, &found);                           \
        if (!found) { park_after_race(); return __real_##sym(fd); }                \
        if (err) { errno = err; return NULL; }                                     \
        return witness_tty_name;                                                   \
    }
#define TERMINAL_NAME_INTO(sym)                                                    \
    int __real_##sym(int, char *, size_t);                                         \
    int __wrap_##sym(int fd, char *buf, size_t n) {                                \
        int found, err = witness_terminal(#sym, &found);                           \
        if (!found) { park_after_race(); return __real_##sym(fd, buf, n); }        \
        if (err) return err;                                                       \
        if (n < sizeof witness_tty_name) return ERANGE;                            \
        memcpy(buf, witness_tty_name, sizeof witness_tty_name);                    \
        return 0;                                                                  \
    }
TERMINAL_NAME(ttyname)
TERMINAL_NAME(ptsname)
TERMINAL_NAME_INTO(ttyname_r)
TERMINAL_NAME_INTO(ptsname_r)
int __real_tcgetattr(int, struct termios *);
int __wrap_tcgetattr(int fd, struct termios *t) {
    int found, err = witness_terminal("tcgetattr", &found);
    if (!found) { park_after_race(); return __real_tcgetattr(fd, t); }
    if (err) { errno = err; return -1; }
    static const cc_t cc[17] = {3, 0x1c, 0x7f, 0x15, 4, 0, 1, 0, 0x11, 0x13, 0x1a, 0, 0x12, 0xf, 0x17, 0x16, 0};
    memset(t, 0, sizeof *t);
    t->c_iflag = 0x500;
    t->c_oflag = 0x5;
    t->c_cflag = 0xbf;
    t->c_lflag = 0x8a3b;
    memcpy(t->c_cc, cc, sizeof cc);
    t->c_ispeed = t->c_ospeed = 0xf;
    return 0;
}
int __real_tcsetattr(int, int, const struct termios *);
int __wrap_tcsetattr(int fd, int action, const struct termios *t) {
    int found, err = witness_terminal("tcsetattr", &found);
    if (!found) { park_after_race(); return __real_tcsetattr(fd, action, t); }
    /* the real call reads the settings: so does this instrumented read */
    volatile unsigned char sink = 0;
    for (size_t i = 0; i < sizeof *t; i++) sink ^= ((const unsigned char *)t)[i];
    (void)sink;
    if (err) { errno = err; return -1; }
    return 0;
}
/* isatty: whether the descriptor is a terminal is the world's; 0 (not one) sets errno to the witness's next value */
int __real_isatty(int);
int __wrap_isatty(int fd) {
    int found;
    long long v = value_for("isatty", &found);
    if (!found) { park_after_race(); return __real_isatty(fd); }
    if (v == 0) witness_errno("isatty");
    return (int)v;
}
WORLD(int, setrlimit, (__rlimit_resource_t r, const struct rlimit *l), (r, l))
/* the file system's answers to changes and checks: given without the real call (a replay removes no file) */
#include <utime.h>
#include <sys/stat.h>
WORLD_PATHS(int, unlink, (const char *p), (p), weft_read_string(p))
WORLD_PATHS(int, chmod, (const char *p, mode_t m), (p, m), weft_read_string(p))
WORLD(int, fchmod, (int fd, mode_t m), (fd, m))
WORLD_PATHS(int, chown, (const char *p, uid_t u, gid_t g), (p, u, g), weft_read_string(p))
WORLD(int, fchown, (int fd, uid_t u, gid_t g), (fd, u, g))
WORLD_PATHS(int, lchown, (const char *p, uid_t u, gid_t g), (p, u, g), weft_read_string(p))
WORLD_PATHS(int, utimes, (const char *p, const struct timeval t[2]), (p, t), weft_read_string(p))
WORLD_PATHS(int, utime, (const char *p, const struct utimbuf *t), (p, t), weft_read_string(p))
WORLD_PATHS(int, rename, (const char *a, const char *b), (a, b), weft_read_string(a); weft_read_string(b))
WORLD_PATHS(int, mkdir, (const char *p, mode_t m), (p, m), weft_read_string(p))
WORLD_PATHS(int, rmdir, (const char *p), (p), weft_read_string(p))
WORLD(int, fsync, (int fd), (fd))
WORLD(int, fdatasync, (int fd), (fd))
WORLD_PATHS(int, access, (const char *p, int m), (p, m), weft_read_string(p))
WORLD_PATHS(int, remove, (const char *p), (p), weft_read_string(p))
WORLD_PATHS(int, truncate, (const char *p, off_t n), (p, n), weft_read_string(p))
WORLD(int, ftruncate, (int fd, off_t n), (fd, n))
WORLD_PATHS(int, link, (const char *a, const char *b), (a, b), weft_read_string(a); weft_read_string(b))
WORLD_PATHS(int, symlink, (const char *a, const char *b), (a, b), weft_read_string(a); weft_read_string(b))
WORLD_PATHS(int, mkfifo, (const char *p, mode_t m), (p, m), weft_read_string(p))
WORLD_PATHS(int, mknod, (const char *p, mode_t m, dev_t d), (p, m, d), weft_read_string(p))
WORLD_PATHS(int, chroot, (const char *p), (p), weft_read_string(p))
WORLD(int, fchdir, (int fd), (fd))
WORLD_PATHS(int, unlinkat, (int d, const char *p, int f), (d, p, f), weft_read_string(p))
WORLD_PATHS(int, mkdirat, (int d, const char *p, mode_t m), (d, p, m), weft_read_string(p))
WORLD_PATHS(int, renameat, (int d, const char *a, int e, const char *b), (d, a, e, b), weft_read_string(a); weft_read_string(b))
WORLD_PATHS(int, faccessat, (int d, const char *p, int m, int f), (d, p, m, f), weft_read_string(p))
WORLD_PATHS(int, fchmodat, (int d, const char *p, mode_t m, int f), (d, p, m, f), weft_read_string(p))
WORLD(int, flock, (int fd, int op), (fd, op))
/* mprotect to read and write (Weft's run stops at others): the witness's answer, the protection unchanged */
WORLD(int, mprotect, (void *a, size_t n, int prot), (a, n, prot))
/* fdopen of a descriptor the witness gave (weft.exec.Streams): its answer, 0 a stream on an empty file (/dev/null,
   opened read and write: reads nothing, takes any output), 1 a failure (EINVAL); of a real descriptor the real call */
FILE *__real_fdopen(int, const char *);
FILE *__wrap_fdopen(int fd, const char *mode) {
    weft_read_string(mode);
    int found;
    long long v = value_for("fdopen", &found);
    if (!found || fd < 0 || fd >= 1024 || !witness_fd[fd]) return __real_fdopen(fd, mode);
    if (v == 0) return __real_fopen("/dev/null", "r+");
    errno = EINVAL;
    return NULL;
}
/* if_nametoindex: the witness's index; 0 is its failure, errno next */
#include <net/if.h>
unsigned int __real_if_nametoindex(const char *);
unsigned int __wrap_if_nametoindex(const char *name) {
    weft_read_string(name);
    int found;
    long long v = value_for("if_nametoindex", &found);
    if (!found) { park_after_race(); return __real_if_nametoindex(name); }
    if (v == 0) witness_errno("if_nametoindex");
    return (unsigned int)v;
}
WORLD(int, lockf, (int fd, int cmd, off_t n), (fd, cmd, n))
WORLD(int, msync, (void *a, size_t n, int f), (a, n, f))
WORLD(pid_t, setsid, (void), ())
/* umask: the witness's mask before; the new one is really set (files the replay creates get it) */
mode_t __real_umask(mode_t);
mode_t __wrap_umask(mode_t m) {
    mode_t before = __real_umask(m);
    int found;
    long long v = value_for("umask", &found);
    return found ? (mode_t)v : before;
}
/* newlocale: the witness's 1, a locale the world does not have (ENOENT, null); else the real call ("" gives the C
   locale here: the replay runs with LC_ALL=C) */
#include <locale.h>
locale_t __real_newlocale(int, const char *, locale_t);
locale_t __wrap_newlocale(int mask, const char *name, locale_t base) {
    weft_read_string(name);
    int found;
    long long v = value_for("newlocale", &found);
    if (found && v == 1) {
        errno = ENOENT;
        return (locale_t)0;
    }
    return __real_newlocale(mask, name, base);
}

/* syscall: the system calls Weft runs as C library functions (system-calls.tsv: the ids) answer the witness's values,
   recorded under syscall; sched_yield and any other number are the real system call */
#include <sys/syscall.h>
long __real_syscall(long, ...);
long __wrap_syscall(long n, ...) {
    va_list ap;
    va_start(ap, n);
    long a[6];
    for (int i = 0; i < 6; i++) a[i] = va_arg(ap, long);
    va_end(ap);
    switch (n) {
    case SYS_gettid:
    case SYS_getpid:
    case SYS_getppid:
#if defined(__x86_64__)
    case SYS_getuid:
    case SYS_geteuid:
    case SYS_getgid:
    case SYS_getegid:
#endif
    {
        int found;
        long long v = value_for("syscall", &found);
        if (found) return (long)v;
    }
    default:
        return __real_syscall(n, a[0], a[1], a[2], a[3], a[4], a[5]);
    }
}
#include "weft_world_fds.c"

#include "weft_files.c"
#include "weft_commands.c"
#include "weft_openssl.c"

/* ftw and nftw: the witness's walk (weft.exec.Walks). Each 1 from __weft_walk_next is an entry, a regular file
   "DIR/fN" (N from 0) whose size and modification time follow it, handed to the callback with FTW_F (nftw: its
   struct FTW too); a 0 ends the walk, whose result is the witness's value for the walk itself (-1: errno after it).
   A callback's non-zero result ends the walk with it, as in glibc. */
#include <ftw.h>
static int witness_walk(const char *fn, const char *dir, int (*cb)(const char *, const struct stat *, int),
                        int (*ncb)(const char *, const struct stat *, int, struct FTW *), int *found) {
    long long more = value_for("__weft_walk_next", found);
    if (!*found) return 0;
    for (int i = 0; more; i++) {
        char path[4096];
        struct stat s;
        memset(&s, 0, sizeof s);
        s.st_mode = S_IFREG | 0644;
        s.st_size = (off_t)next_value("__weft_walk_next");
        s.st_mtime = (time_t)next_value("__weft_walk_next");
        s.st_nlink = 1;
        s.st_blksize = 4096;
        int n = snprintf(path, sizeof path, "%s/f%d", dir, i);
        struct FTW at = { n - (int)strlen(strrchr(path, '/') + 1), 1 };
        int r = cb ? cb(path, &s, FTW_F) : ncb(path, &s, FTW_F, &at);
        if (r) return r;
        more = next_value("__weft_walk_next");
    }
    int v = (int)next_value(fn);
    if (v == -1) witness_errno(fn);
    return v;
}
extern __typeof__(ftw) __real_ftw;
int __wrap_ftw(const char *dir, int (*cb)(const char *, const struct stat *, int), int nopenfd) {
    int found, v = witness_walk("ftw", dir, cb, 0, &found);
    if (found) return v;
    park_after_race();
    return __real_ftw(dir, cb, nopenfd);
}
extern __typeof__(nftw) __real_nftw;
int __wrap_nftw(const char *dir, int (*cb)(const char *, const struct stat *, int, struct FTW *), int nopenfd, int flags) {
    int found, v = witness_walk("nftw", dir, 0, cb, &found);
    if (found) return v;
    park_after_race();
    return __real_nftw(dir, cb, nopenfd, flags);
}

/* dl_iterate_phdr: the witness's loaded objects (weft.exec.LoadedObjects). Each ask of __weft_phdr_next recorded
   1 + phnum (another object with that many program headers) or 0 (the end); an object's name (an index into the
   names below, weft.model.Semantics.LoadedObjects.NAMES), load address, dlpi_adds and dlpi_subs follow it, then each
   header's type, flags, virtual address and size in memory. A callback's non-zero result ends the walk with it, as in
   glibc. glibc holds its recursive loader lock across the whole walk, which TSan does not see: the runtime's own
   recursive mutex stands for it (around the real walk too, after the race; released as glibc's when the thread ends
   inside a callback), so that TSan sees the callbacks of two threads ordered as they are. */
#include <link.h>
static pthread_mutex_t weft_loader_lock = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;
static const char *const weft_object_names[] = { "", "linux-vdso.so.1", "/lib/x86_64-linux-gnu/libc.so.6",
    "/lib64/ld-linux-x86-64.so.2", "/lib/x86_64-linux-gnu/libm.so.6", "/lib/x86_64-linux-gnu/libz.so.1" };
extern __typeof__(dl_iterate_phdr) __real_dl_iterate_phdr;
/* glibc's cleanup handler releases its lock when the thread ends inside a callback (pthread_exit, cancellation) */
static void weft_loader_release(void *unused) {
    (void)unused;
    __real_pthread_mutex_unlock(&weft_loader_lock);
}
int __wrap_dl_iterate_phdr(int (*cb)(struct dl_phdr_info *, size_t, void *), void *data) {
    int found;
    long long more = value_for("__weft_phdr_next", &found);
    int r = 0;
    if (!found) {
        park_after_race();
        __real_pthread_mutex_lock(&weft_loader_lock);
        pthread_cleanup_push(weft_loader_release, NULL);
        r = __real_dl_iterate_phdr(cb, data);
        pthread_cleanup_pop(1);
        return r;
    }
    __real_pthread_mutex_lock(&weft_loader_lock);
    pthread_cleanup_push(weft_loader_release, NULL);
    while (more > 0) {
        ElfW(Phdr) headers[8];
        struct dl_phdr_info info;
        memset(&info, 0, sizeof info);
        memset(headers, 0, sizeof headers);
        long long name = next_value("__weft_phdr_next");
        info.dlpi_name = name >= 0 && name < (long long)(sizeof weft_object_names / sizeof *weft_object_names) ? weft_object_names[name] : "";
        info.dlpi_addr = (ElfW(Addr))next_value("__weft_phdr_next");
        info.dlpi_adds = (unsigned long long)next_value("__weft_phdr_next");
        info.dlpi_subs = (unsigned long long)next_value("__weft_phdr_next");
        int phnum = (int)(more - 1) < 8 ? (int)(more - 1) : 8;
        for (int j = 0; j < phnum; j++) {
            headers[j].p_type = (ElfW(Word))next_value("__weft_phdr_next");
            headers[j].p_flags = (ElfW(Word))next_value("__weft_phdr_next");
            headers[j].p_vaddr = headers[j].p_paddr = headers[j].p_offset = (ElfW(Addr))next_value("__weft_phdr_next");
            headers[j].p_memsz = headers[j].p_filesz = (ElfW(Xword))next_value("__weft_phdr_next");
            headers[j].p_align = 0x1000;
        }
        info.dlpi_phdr = headers;
        info.dlpi_phnum = (ElfW(Half))phnum;
        r = cb(&info, sizeof info, data);
        if (r) break;
        more = next_value("__weft_phdr_next");
    }
    pthread_cleanup_pop(1);
    return r;
}

/* alarm, setitimer, getitimer of ITIMER_REAL: the witness's world, in which no timer expires during the run (Weft stops
   a run that lets time pass while one is armed): no real timer is armed, so the replay gets no signal; the results are
   the witness's; the time left written is Weft's (weft.exec.IntervalTimers): the value set less 1 µs, the interval as
   set. The timer's value and interval (µs) are the harness's own, kept with relaxed atomics (no happens-before). */
#include <sys/time.h>
static long long weft_timer_value, weft_timer_interval;
static void weft_time_left(struct itimerval *out) {
    long long v = __atomic_load_n(&weft_timer_value, __ATOMIC_RELAXED), i = __atomic_load_n(&weft_timer_interval, __ATOMIC_RELAXED);
    long long left = v > 0 ? (v * 1000 - 1) / 1000 : 0;
    out->it_interval.tv_sec = i / 1000000;
    out->it_interval.tv_usec = i % 1000000;
    out->it_value.tv_sec = left / 1000000;
    out->it_value.tv_usec = left % 1000000;
}
static void weft_arm(long long value, long long interval) {
    __atomic_store_n(&weft_timer_value, value, __ATOMIC_RELAXED);
    __atomic_store_n(&weft_timer_interval, interval, __ATOMIC_RELAXED);
}
extern __typeof__(alarm) __real_alarm;
unsigned __wrap_alarm(unsigned seconds) {
    int found;
    long long v = value_for("alarm", &found);
    if (!found) {
        park_after_race();
        return __real_alarm(seconds);
    }
    weft_arm((long long)seconds * 1000000, 0);
    return (unsigned)v;
}
extern __typeof__(setitimer) __real_setitimer;
int __wrap_setitimer(__itimer_which_t which, const struct itimerval *value, struct itimerval *old) {
    int found;
    long long v = value_for("setitimer", &found);
    if (!found) {
        park_after_race();
        return __real_setitimer(which, value, old);
    }
    if (v == -1) {
        witness_errno("setitimer");
        return -1;
    }
    struct itimerval next = *value;
    if (old != NULL) weft_time_left(old);
    weft_arm((long long)next.it_value.tv_sec * 1000000 + next.it_value.tv_usec,
             (long long)next.it_interval.tv_sec * 1000000 + next.it_interval.tv_usec);
    return 0;
}
extern __typeof__(getitimer) __real_getitimer;
int __wrap_getitimer(__itimer_which_t which, struct itimerval *cur) {
    int found;
    long long v = value_for("getitimer", &found);
    if (!found) {
        park_after_race();
        return __real_getitimer(which, cur);
    }
    if (v == -1) {
        witness_errno("getitimer");
        return -1;
    }
    if (cur != NULL) weft_time_left(cur);
    return 0;
}

#define INPUT(type, name) __attribute__((weak)) type name(void) { return (type)next_value(#name); }
INPUT(int, __VERIFIER_nondet_int)
INPUT(unsigned int, __VERIFIER_nondet_uint)
INPUT(long, __VERIFIER_nondet_long)
INPUT(unsigned long, __VERIFIER_nondet_ulong)
INPUT(long long, __VERIFIER_nondet_longlong)
INPUT(unsigned long long, __VERIFIER_nondet_ulonglong)
INPUT(short, __VERIFIER_nondet_short)
INPUT(unsigned short, __VERIFIER_nondet_ushort)
INPUT(char, __VERIFIER_nondet_char)
INPUT(unsigned char, __VERIFIER_nondet_uchar)
INPUT(_Bool, __VERIFIER_nondet_bool)
INPUT(_Bool, __VERIFIER_nondet__Bool)
INPUT(size_t, __VERIFIER_nondet_size_t)
INPUT(unsigned int, __VERIFIER_nondet_u32)
INPUT(unsigned int, __VERIFIER_nondet_unsigned)
__attribute__((weak)) void *__VERIFIER_nondet_pointer(void) { return (void *)(intptr_t)next_value("__VERIFIER_nondet_pointer"); }
