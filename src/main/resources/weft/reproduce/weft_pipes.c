/*
 * Weft reproducer runtime, part 5 (included by weft_inputs.c, one translation unit): pipes and socket pairs, their
 * duplicates and ioctl (weft.exec.Pipes). Their bytes are the program's own, so they are real in the replay; this part
 * gives the program the descriptor numbers the witness gave them.
 */
/* Pipes and socket pairs (weft.exec.Pipes): their bytes are the program's own, so they are real here. The witness
   recorded the numbers Weft gave them (Linux's lowest-free rule among the run's descriptors, which may differ from the
   real process's: the witness's invented descriptors take none); each real descriptor is moved to the witness's
   number, which must be free, else the replay leaves the witness's path (exit 3). Reads, writes, fcntl and close of
   them are the real calls, never answered from the witness (Weft records none). A byte per descriptor below 1024. */
#include <fcntl.h>
int __real_fcntl(int, int, ...);
static volatile unsigned char pipe_fd[1024];
static int is_pipe(int fd) {
    return fd >= 0 && fd < 1024 && LOAD(pipe_fd[fd]);
}
/* the real descriptor r moved to number want (r itself when they are equal) */
static void place(int r, int want) {
    if (r == want) { STORE(pipe_fd[want], 1); return; }
    if (want < 0 || want >= 1024 || __real_fcntl(want, F_GETFD) != -1) {
        say("descriptor %d, which the witness gave a pipe, is in use here: the replay left the witness's path", want);
        exit(3);
    }
    if (__real_dup2(r, want) != want) { say("dup2(%d, %d) failed", r, want); exit(3); }
    __real_close(r);
    STORE(pipe_fd[want], 1);
}
/* a new pair of real descriptors at the witness's two numbers (moved out of the way first: a real number may be the
   other's target) with the close-on-exec flag asked for */
static void place_pair(int sv[2], const char *fn, int a, int b, int cloexec) {
    int ta = __real_fcntl(sv[0], F_DUPFD, 900), tb = __real_fcntl(sv[1], F_DUPFD, 900);
    if (ta < 0 || tb < 0) { say("%s: no descriptor to move to", fn); exit(3); }
    __real_close(sv[0]);
    __real_close(sv[1]);
    place(ta, a);
    place(tb, b);
    if (cloexec) { __real_fcntl(a, F_SETFD, FD_CLOEXEC); __real_fcntl(b, F_SETFD, FD_CLOEXEC); }
    sv[0] = a;
    sv[1] = b;
}
#define PIPE_CALL(name, params, args, sv, cloexec)                                          \
    int __real_##name params;                                                              \
    int __wrap_##name params {                                                             \
        int weft_turn_ CHANNEL_AT = enter(#name);                                          \
        int found;                                                                         \
        long long a = value_for(#name, &found);                                            \
        if (!found) { park_after_race(); return __real_##name args; }                      \
        int r = __real_##name args;                                                        \
        if (r != 0) { say(#name " failed here, not in the witness"); exit(3); }            \
        place_pair(sv, #name, (int)a, (int)next_value(#name), cloexec);                    \
        return 0;                                                                          \
    }
PIPE_CALL(pipe, (int fds[2]), (fds), fds, 0)
PIPE_CALL(pipe2, (int fds[2], int f), (fds, f), fds, (f & O_CLOEXEC) != 0)
PIPE_CALL(socketpair, (int d, int t, int p, int sv[2]), (d, t, p, sv), sv, (t & SOCK_CLOEXEC) != 0)

/* ioctl: a schedule point (FIONREAD answers a pipe's pending bytes), the real call, whose write of FIONREAD's count
   (in the kernel, where TSan does not see it) the runtime makes again; Weft models only pipes' ends */
#include <sys/ioctl.h>
int __real_ioctl(int, unsigned long, ...);
int __wrap_ioctl(int fd, unsigned long request, ...) {
    int weft_turn_ CHANNEL_AT = enter("ioctl");
    va_list ap;
    va_start(ap, request);
    void *arg = va_arg(ap, void *);
    va_end(ap);
    int r = __real_ioctl(fd, request, arg);
    if (r == 0 && request == FIONREAD && arg != NULL) { volatile int *n = arg; *n = *n; }
    return r;
}

/* dup, dup2, dup3: of a pipe's end a real duplicate at the witness's number; of a descriptor the witness invented
   another invented one (no real call); the witness's failure as it recorded it */
static int duplicated(const char *fn, int fd, int cloexec) {
    int found;
    long long v = value_for(fn, &found);
    if (!found) return -2;
    if (v == -1) { witness_errno(fn); return -1; }
    int want = (int)v;
    if (want == fd) return want;
    if (is_pipe(want)) { __real_close(want); STORE(pipe_fd[want], 0); }
    if (want >= 0 && want < 1024 && witness_fd[want]) witness_fd[want] = 0;
    if (is_pipe(fd)) {
        int r = __real_fcntl(fd, cloexec ? F_DUPFD_CLOEXEC : F_DUPFD, want);
        if (r != want) { say("%s: descriptor %d, which the witness gave, is in use here", fn, want); exit(3); }
        STORE(pipe_fd[want], 1);
    } else if (want >= 0 && want < 1024) {
        witness_fd[want] = 1;
    }
    return want;
}
int __real_dup(int);
int __wrap_dup(int fd) {
    int weft_turn_ CHANNEL_AT = enter("dup");
    int r = duplicated("dup", fd, 0);
    if (r != -2) return r;
    park_after_race();
    return __real_dup(fd);
}
int __real_dup2(int, int);
int __wrap_dup2(int fd, int to) {
    int weft_turn_ CHANNEL_AT = enter("dup2");
    int r = duplicated("dup2", fd, 0);
    if (r != -2) return r;
    park_after_race();
    return __real_dup2(fd, to);
}
int __real_dup3(int, int, int);
int __wrap_dup3(int fd, int to, int f) {
    int weft_turn_ CHANNEL_AT = enter("dup3");
    int r = duplicated("dup3", fd, (f & O_CLOEXEC) != 0);
    if (r != -2) return r;
    park_after_race();
    return __real_dup3(fd, to, f);
}
