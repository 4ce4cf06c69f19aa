/*
 * Weft reproducer runtime, part 6 (included by weft_inputs.c, one translation unit): the world's other programs
 * (popen, pclose, system, exec: weft.exec.Processes), the signals it sends (sigwait and its kin: weft.exec.SignalSets)
 * and its paths (realpath, readlink, the unique names of mkstemp and its kin, sendfile: weft.exec.WorldFiles), given
 * from the witness's answers without the real calls; the signals the program sends (kill, sigqueue, killpg), to
 * itself alone for real.
 */
static void park_after_race(void);
/* popen: the witness's command stream, empty (/dev/null opened with the mode), or its failure (EAGAIN); pclose of such
   a stream closes it and answers the witness's wait status */
FILE *__real_popen(const char *, const char *);
FILE *__wrap_popen(const char *command, const char *mode) {
    weft_read_string(command);
    weft_read_string(mode);
    int found;
    long long v = value_for("popen", &found);
    if (!found) return __real_popen(command, mode);
    if (v == 0) return __real_fopen("/dev/null", mode[0] == 'w' ? "w" : "r");
    errno = EAGAIN;
    return NULL;
}
int __real_pclose(FILE *);
int __wrap_pclose(FILE *f) {
    int found;
    long long v = value_for("pclose", &found);
    if (!found) return __real_pclose(f);
    fclose(f);
    return (int)v;
}
/* system: the witness's wait status (or -1 and its errno), without running the command; exec: the witness's failure
   (a witness never goes past a replaced program) */
int __real_system(const char *);
int __wrap_system(const char *command) {
    int found;
    long long v = value_for("system", &found);
    if (!found) { park_after_race(); return __real_system(command); }
    if (v == -1) witness_errno("system");
    return (int)v;
}
#define WORLD_EXEC(sym, params, args)                                           \
    int __real_##sym params;                                                   \
    int __wrap_##sym params {                                                  \
        int found;                                                             \
        long long v = value_for(#sym, &found);                                 \
        if (!found) { park_after_race(); return __real_##sym args; }           \
        witness_errno(#sym);                                                   \
        return (int)v;                                                         \
    }
WORLD_EXEC(execv, (const char *p, char *const a[]), (p, a))
WORLD_EXEC(execvp, (const char *p, char *const a[]), (p, a))
WORLD_EXEC(execve, (const char *p, char *const a[], char *const e[]), (p, a, e))

/* fork, vfork: where the witness went on. Its child (0): a real fork, the parent waits for the child and ends as it
   ends (TSan's 66 when the child reported); its parent (the child's id): a real fork whose child ends at once, the
   witness's id returned; -1: the witness's errno, no fork. vfork replays as fork (a wrapper's vfork child could not
   return to the program); its witness never goes on in the child. */
#include <sys/wait.h>
pid_t __real_fork(void);
static pid_t world_fork(const char *name) {
    int found;
    long long v = value_for(name, &found);
    if (!found) { park_after_race(); return __real_fork(); }
    if (v == -1) { witness_errno(name); return -1; }
    pid_t p = __real_fork();
    if (p < 0) return p;
    if (v == 0) {
        if (p == 0) return 0;
        int status;
        while (waitpid(p, &status, 0) < 0 && errno == EINTR) {}
        _exit(WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status));
    }
    if (p == 0) _exit(0);
    return (pid_t)v;
}
pid_t __wrap_fork(void) { return world_fork("fork"); }
pid_t __wrap_vfork(void) { return world_fork("vfork"); }

/* sigwait, sigwaitinfo, sigtimedwait: the signal the witness says arrived (or sigtimedwait's expiry), without
   waiting; the set's first word (which the kernel reads, where TSan does not see it) and the timeout read first,
   sigwait's signal written by the runtime (an instrumented write, as the C library's) */
int __real_sigwait(const sigset_t *, int *);
int __wrap_sigwait(const sigset_t *set, int *sig) {
    __tsan_read_range(set, 8);
    int found;
    long long v = value_for("sigwait", &found);
    if (!found) { park_after_race(); return __real_sigwait(set, sig); }
    *sig = (int)v;
    return 0;
}
int __real_sigwaitinfo(const sigset_t *, siginfo_t *);
int __wrap_sigwaitinfo(const sigset_t *set, siginfo_t *info) {
    __tsan_read_range(set, 8);
    int found;
    long long v = value_for("sigwaitinfo", &found);
    if (!found) { park_after_race(); return __real_sigwaitinfo(set, info); }
    return (int)v;
}
int __real_sigtimedwait(const sigset_t *, siginfo_t *, const struct timespec *);
int __wrap_sigtimedwait(const sigset_t *set, siginfo_t *info, const struct timespec *t) {
    __tsan_read_range(set, 8);
    if (t != NULL) __tsan_read_range(t, sizeof *t);
    int found;
    long long v = value_for("sigtimedwait", &found);
    if (!found) { park_after_race(); return __real_sigtimedwait(set, info, t); }
    if (v == -1) witness_errno("sigtimedwait");
    return (int)v;
}

/* realpath: the witness's world has no symbolic links and "/" for its working directory: the canonical path (as
   weft.exec.WorldFiles.canonical makes it), or null and the witness's errno */
char *__real_realpath(const char *, char *);
char *__wrap_realpath(const char *path, char *resolved) {
    weft_read_string(path);
    int found;
    long long v = value_for("realpath", &found);
    if (!found) { park_after_race(); return __real_realpath(path, resolved); }
    if (v == -1) { witness_errno("realpath"); return NULL; }
    char out[4096];
    size_t n = 0;
    const char *p = path;
    while (*p) {
        while (*p == '/') p++;
        const char *end = p;
        while (*end && *end != '/') end++;
        size_t len = (size_t)(end - p);
        if (len == 0 || (len == 1 && p[0] == '.')) {
        } else if (len == 2 && p[0] == '.' && p[1] == '.') {
            while (n > 0 && out[n - 1] != '/') n--;
            if (n > 0) n--;
        } else if (n + 1 + len < sizeof out) {
            out[n++] = '/';
            memcpy(out + n, p, len);
            n += len;
        }
        p = end;
    }
    if (n == 0) out[n++] = '/';
    out[n] = 0;
    char *r = resolved != NULL ? resolved : malloc(n + 1);
    if (r != NULL) memcpy(r, out, n + 1);
    return r;
}
WORLD_PATHS(ssize_t, readlink, (const char *p, char *b, size_t n), (p, b, n), weft_read_string(p))
WORLD_PATHS(ssize_t, readlinkat, (int d, const char *p, char *b, size_t n), (d, p, b, n), weft_read_string(p))

/* mkstemp, mkostemp, mkdtemp, mktemp, tmpnam: the witness's letters (its number, spelt as weft.exec.WorldFiles
   spells it) over the template's six X's, its descriptor invented (no file is made), or its failure */
static void witness_letters(char *at, long long k) {
    static const char letters[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    for (int i = 0; i < 6; i++, k /= 62) at[i] = letters[k % 62];
}
static int witness_template(const char *fn, char *t, long long *first) {
    int found;
    *first = value_for(fn, &found);
    if (!found) return 0;
    if (*first == -1) { witness_errno(fn); return 1; }
    size_t n = strlen(t);
    if (n >= 6) witness_letters(t + n - 6, next_value(fn));
    return 1;
}
int __real_mkstemp(char *);
int __wrap_mkstemp(char *t) {
    long long v;
    if (!witness_template("mkstemp", t, &v)) { park_after_race(); return __real_mkstemp(t); }
    if (v >= 0 && v < 1024) witness_fd[v] = 1;
    return (int)v;
}
int __real_mkostemp(char *, int);
int __wrap_mkostemp(char *t, int f) {
    long long v;
    if (!witness_template("mkostemp", t, &v)) { park_after_race(); return __real_mkostemp(t, f); }
    if (v >= 0 && v < 1024) witness_fd[v] = 1;
    return (int)v;
}
char *__real_mkdtemp(char *);
char *__wrap_mkdtemp(char *t) {
    long long v;
    if (!witness_template("mkdtemp", t, &v)) { park_after_race(); return __real_mkdtemp(t); }
    return v == -1 ? NULL : t;
}
char *__real_mktemp(char *);
char *__wrap_mktemp(char *t) {
    long long v;
    if (!witness_template("mktemp", t, &v)) return __real_mktemp(t);
    return t;
}
char *__real_tmpnam(char *);
char *__wrap_tmpnam(char *s) {
    static char name[20];
    int found;
    (void)value_for("tmpnam", &found);
    if (!found) return __real_tmpnam(s);
    char *out = s != NULL ? s : name;
    memcpy(out, "/tmp/file", 9);
    witness_letters(out + 9, next_value("tmpnam"));
    out[15] = 0;
    return out;
}

/* sendfile: the witness's count (or -1 and its errno), the offset moved past it, without a real transfer */
#include <sys/sendfile.h>
ssize_t __real_sendfile(int, int, off_t *, size_t);
ssize_t __wrap_sendfile(int out, int in, off_t *offset, size_t n) {
    int found;
    long long v = value_for("sendfile", &found);
    if (!found) { park_after_race(); return __real_sendfile(out, in, offset, n); }
    if (v == -1) { witness_errno("sendfile"); return -1; }
    if (offset != NULL && v > 0) *offset += (off_t)v;
    return (ssize_t)v;
}

/* kill, sigqueue, killpg (weft.exec.SignalSets#send): the witness's answer: 1, a signal the program sent itself (sent
   for real to this process alone, never to its group, unless the race has been reached: after it, none); 0, another
   process took it; -1, errno next: none sent. Without an answer (the witness ends before), nothing is sent. */
pid_t __real_getpid(void);
int __real_kill(pid_t, int);
static int witness_signal_send(const char *fn, int sig) {
    int found;
    long long v = value_for(fn, &found);
    park_after_race();
    if (!found) return 0;
    if (v == 1) return __real_kill(__real_getpid(), sig);
    if (v == -1) {
        witness_errno(fn);
        return -1;
    }
    return 0;
}
int __wrap_kill(pid_t pid, int sig) {
    (void)pid;
    return witness_signal_send("kill", sig);
}
int __wrap_sigqueue(pid_t pid, int sig, const union sigval value) {
    (void)pid;
    (void)value;
    return witness_signal_send("sigqueue", sig);
}
int __wrap_killpg(pid_t group, int sig) {
    (void)group;
    return witness_signal_send("killpg", sig);
}
