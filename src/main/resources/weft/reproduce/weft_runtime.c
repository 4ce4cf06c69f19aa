/*
 * Weft reproducer runtime: forces the witnessed order of a data race's synchronisation events in a real execution,
 * without adding any happens-before edge of its own (see weft.reproduce.Reproducer for the scheme).
 *
 * - The program's calls of pthread/semaphore functions are redirected here by the linker (-Wl,--wrap=NAME): each
 *   waits until the global turn counter equals the index of the thread's next event in the witness, calls the real
 *   function, and passes the turn on. The turn counter is read and written with RELAXED atomics only, and waiting is
 *   spinning with nanosleep: ThreadSanitizer derives no happens-before from either, so the only synchronisation
 *   TSan sees is the program's own.
 * - pthread objects of the program are keys only: every operation uses a real object this runtime owns (found by the
 *   program object's address), so a file preprocessed for another data model (32-bit pthread_mutex_t...) is safe.
 * - A thread's synchronisation calls after its last witnessed event ("tail" calls) wait until every witnessed event
 *   has happened; a racing thread's tail calls and its exit also wait (bounded) until the other racing thread is past
 *   its access. So no release after one racing access can reach the other thread before its access.
 * - __weft_race_point(LINE), inserted before each racing line, holds a racing thread that has done all its events
 *   until the other racing thread arrives at its own point: both accesses then run unordered. __weft_race_after(LINE),
 *   at the next statement, holds it (bounded) after its access until the other is past its own.
 * - TSan reports a race of an access with one earlier access of the same memory only (the first it finds in its
 *   shadow cells, none after a report on them), so an older access of a racing thread to the racing object (a write
 *   just before the witnessed read, an earlier iteration) would be reported instead of the witnessed one. A racing
 *   thread with a race point therefore runs with its memory accesses hidden from TSan (__tsan_ignore_thread_begin)
 *   until it reaches that point; its synchronisation is still seen, so happens-before is TSan's own.
 * - A created thread runs its first statement once the events before its first step in the witness have happened
 *   (a thread without events would otherwise run ahead of the witness, e.g. before the threads whose effects it reads);
 *   a thread the witness never runs waits (bounded) until both racing threads are past their accesses.
 * - A racing thread's call after its last witnessed event but before its race point (a lock taken in the racing
 *   step, an atomic section's start) runs in the witness's place: the thread is not past its access yet.
 * - __VERIFIER_nondet_* (and time, gettimeofday, clock_gettime, rand, random, the process's ids, sysconf, get_nprocs, getpagesize and
 *   prctl(PR_SET_NAME) when the witness gives their results) return the witness's values,
 *   per thread and function in order (0 when the witness gives none).
 * - socket, accept, bind, listen, connect, setsockopt, shutdown, chdir and setrlimit return the witness's results (and errno)
 *   without running when it gives them.
 * - main starts with the witness's command line when it gives one (the program's main is wrapped: __wrap_main),
 *   with LC_ALL=C and TZ=UTC (the explorer takes the environment's locale to be C and its time zone to be UTC).
 * Every wait is bounded (WEFT_TIMEOUT_MS, default 3000): on expiry the runtime stops forcing (prints why) and the
 * program runs freely.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <semaphore.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>
#include <time.h>
#include <unistd.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/sysinfo.h>
#include <sys/socket.h>
#include <sys/time.h>

/* the real functions (the linker wraps the runtime's own references too) */
extern __typeof__(pthread_create) __real_pthread_create;
extern __typeof__(pthread_detach) __real_pthread_detach;
extern __typeof__(pthread_mutex_lock) __real_pthread_mutex_lock;
extern __typeof__(pthread_mutex_trylock) __real_pthread_mutex_trylock;
extern __typeof__(pthread_mutex_timedlock) __real_pthread_mutex_timedlock;
extern __typeof__(pthread_mutex_unlock) __real_pthread_mutex_unlock;
extern __typeof__(pthread_mutex_init) __real_pthread_mutex_init;
extern __typeof__(pthread_mutex_destroy) __real_pthread_mutex_destroy;
extern __typeof__(pthread_cond_wait) __real_pthread_cond_wait;
extern __typeof__(pthread_cond_timedwait) __real_pthread_cond_timedwait;
extern __typeof__(pthread_cond_signal) __real_pthread_cond_signal;
extern __typeof__(pthread_cond_broadcast) __real_pthread_cond_broadcast;
extern __typeof__(pthread_cond_init) __real_pthread_cond_init;
extern __typeof__(pthread_cond_destroy) __real_pthread_cond_destroy;
extern __typeof__(pthread_rwlock_rdlock) __real_pthread_rwlock_rdlock;
extern __typeof__(pthread_rwlock_wrlock) __real_pthread_rwlock_wrlock;
extern __typeof__(pthread_rwlock_tryrdlock) __real_pthread_rwlock_tryrdlock;
extern __typeof__(pthread_rwlock_trywrlock) __real_pthread_rwlock_trywrlock;
extern __typeof__(pthread_rwlock_unlock) __real_pthread_rwlock_unlock;
extern __typeof__(pthread_rwlock_init) __real_pthread_rwlock_init;
extern __typeof__(pthread_rwlock_destroy) __real_pthread_rwlock_destroy;
extern __typeof__(pthread_spin_lock) __real_pthread_spin_lock;
extern __typeof__(pthread_spin_trylock) __real_pthread_spin_trylock;
extern __typeof__(pthread_spin_unlock) __real_pthread_spin_unlock;
extern __typeof__(pthread_spin_init) __real_pthread_spin_init;
extern __typeof__(pthread_spin_destroy) __real_pthread_spin_destroy;
extern __typeof__(sem_wait) __real_sem_wait;
extern __typeof__(sem_trywait) __real_sem_trywait;
extern __typeof__(sem_post) __real_sem_post;
extern __typeof__(sem_init) __real_sem_init;
extern __typeof__(sem_destroy) __real_sem_destroy;
extern __typeof__(pthread_barrier_wait) __real_pthread_barrier_wait;
extern __typeof__(pthread_barrier_init) __real_pthread_barrier_init;
extern __typeof__(pthread_barrier_destroy) __real_pthread_barrier_destroy;
extern __typeof__(pthread_attr_init) __real_pthread_attr_init;
extern __typeof__(pthread_attr_destroy) __real_pthread_attr_destroy;
extern __typeof__(pthread_attr_setdetachstate) __real_pthread_attr_setdetachstate;
extern __typeof__(pthread_attr_getdetachstate) __real_pthread_attr_getdetachstate;
extern __typeof__(pthread_attr_setstacksize) __real_pthread_attr_setstacksize;
extern __typeof__(pthread_attr_getstacksize) __real_pthread_attr_getstacksize;
extern __typeof__(pthread_attr_setscope) __real_pthread_attr_setscope;
extern __typeof__(pthread_attr_setschedpolicy) __real_pthread_attr_setschedpolicy;
extern __typeof__(pthread_attr_setinheritsched) __real_pthread_attr_setinheritsched;
extern __typeof__(pthread_attr_getinheritsched) __real_pthread_attr_getinheritsched;
extern __typeof__(pthread_attr_getscope) __real_pthread_attr_getscope;
extern __typeof__(pthread_attr_getschedpolicy) __real_pthread_attr_getschedpolicy;
extern __typeof__(pthread_attr_setschedparam) __real_pthread_attr_setschedparam;
extern __typeof__(pthread_attr_getschedparam) __real_pthread_attr_getschedparam;
extern __typeof__(pthread_attr_setguardsize) __real_pthread_attr_setguardsize;
extern __typeof__(pthread_attr_getguardsize) __real_pthread_attr_getguardsize;
extern __typeof__(pthread_attr_setstack) __real_pthread_attr_setstack;
extern __typeof__(pthread_attr_getstack) __real_pthread_attr_getstack;

struct weft_event { int thread; const char *fn; int resumes; int line; };
struct weft_value { int thread; const char *fn; long long value; };
extern const struct weft_event weft_events[];
extern const int weft_event_count;
extern const struct weft_value weft_values[];
extern const int weft_value_count;
extern int weft_value_used[];
extern const int weft_race_thread[2];
extern const int weft_race_line[2];
extern const int weft_race_later;
extern const int weft_race_point_set[2];
extern const int weft_mutex_kind_offset; /* where glibc's pthread_mutex_t keeps its kind in the program's data model */
extern const int weft_thread_start[];
extern const int weft_thread_count;
void __tsan_ignore_thread_begin(void);
void __tsan_ignore_thread_end(void);

static int turn;             /* index of the next event allowed to run (relaxed atomics only) */
static int abandoned;        /* 1: the schedule is no longer forced */
static int created;          /* threads created so far */
static int race_state[2];    /* per racing side: 0 not arrived, 1 at its race point, 2 past its access */
static __thread int my_tid;  /* 0: main, then in creation order */
static __thread int my_cursor;
static __thread int my_value_cursor;
static __thread int my_hidden;  /* 1: this thread's memory accesses are hidden from TSan (until its race point) */
static __thread int my_armed;   /* 1: passed its race point with witnessed events left (a call on the racing line has them) */
static long timeout_ms = 3000;

#define LOAD(x) __atomic_load_n(&(x), __ATOMIC_RELAXED)
#define STORE(x, v) __atomic_store_n(&(x), (v), __ATOMIC_RELAXED)

static void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
#include <stdarg.h>
/* the harness's own messages go past the printf wrappers (weft_libaccess.c), which would show TSan their reads */
int __real_fputs(const char *, FILE *);
int __real_vfprintf(FILE *, const char *, va_list);
static void say(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    __real_fputs("weft-harness: ", stderr);
    __real_vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

static void pause_briefly(void) {
    struct timespec ts = {0, 50000};
    nanosleep(&ts, NULL);
}

static long now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1000L + ts.tv_nsec / 1000000L;
}

static void abandon(const char *why, int at) {
    if (!LOAD(abandoned)) say("schedule abandoned at event %d of %d: %s (thread %d)", at, weft_event_count, why, my_tid);
    STORE(abandoned, 1);
}

/* Waits until the turn counter reaches g; abandons after the timeout without progress. */
static void wait_turn(int g) {
    int last = LOAD(turn);
    long since = now_ms();
    while (!LOAD(abandoned)) {
        int t = LOAD(turn);
        if (t >= g) return;
        if (t != last) {
            last = t;
            since = now_ms();
        } else if (now_ms() - since > timeout_ms) {
            char why[160];
            snprintf(why, sizeof why, "waited for turn %d (%s), the schedule stands at %d (%s of thread %d)", g,
                     g < weft_event_count ? weft_events[g].fn : "end", t, t < weft_event_count ? weft_events[t].fn : "end",
                     t < weft_event_count ? weft_events[t].thread : -1);
            abandon(why, t);
            return;
        }
        pause_briefly();
    }
}

static int race_side(void) {
    if (my_tid == weft_race_thread[0]) return 0;
    if (my_tid == weft_race_thread[1]) return 1;
    return -1;
}

/* A racing thread with a race point: hides its memory accesses from TSan until that point (see the comment on top). */
static void hide_accesses(void) {
    int side = race_side();
    if (side < 0 || !weft_race_point_set[side] || my_hidden) return;
    my_hidden = 1;
    __tsan_ignore_thread_begin();
}

static void show_accesses(void) {
    if (!my_hidden) return;
    my_hidden = 0;
    __tsan_ignore_thread_end();
}

/* Waits (bounded) until the other racing side has reached state `want`. */
static void wait_other(int side, int want) {
    long start = now_ms();
    while (LOAD(race_state[1 - side]) < want && now_ms() - start < timeout_ms) pause_briefly();
}

/* Waits (bounded) until both racing threads are past their accesses. */
static void wait_race_done(void) {
    long start = now_ms();
    while ((LOAD(race_state[0]) < 2 || LOAD(race_state[1]) < 2) && now_ms() - start < timeout_ms) pause_briefly();
}

static int next_event_of_mine(void) {
    int i = my_cursor;
    while (i < weft_event_count && weft_events[i].thread != my_tid) i++;
    return i;
}

/* The calling thread, a racing one, is past its access (or ends): says so and waits (bounded) for the other. */
static void past_access(int side) {
    show_accesses();
    STORE(race_state[side], 2);
    wait_other(side, 2);
}

/* A call outside the witness's events of this thread: waits until all events happened; a racing thread past its
   race point (or without one) also waits until the other racing thread is past its access. */
static void tail_call(void) {
    int side = race_side();
    if (side >= 0 && (LOAD(race_state[side]) > 0 || !weft_race_point_set[side])) past_access(side);
    if (!LOAD(abandoned)) wait_turn(weft_event_count);
}

/* Start of a scheduled call of fn: waits for the thread's next event; returns its index or -1 (not scheduled). */
static int enter(const char *fn) {
    int i = next_event_of_mine();
    if (i >= weft_event_count) {
        tail_call();
        return -1;
    }
    if (weft_events[i].resumes || strcmp(weft_events[i].fn, fn) != 0) {
        char why[160];
        snprintf(why, sizeof why, "the program calls %s where the witness has %s%s (line %d)", fn,
                 weft_events[i].resumes ? "the resumption of " : "", weft_events[i].fn, weft_events[i].line);
        abandon(why, i);
        return -1;
    }
    my_cursor = i + 1;
    if (!LOAD(abandoned)) wait_turn(i);
    return i;
}

static void arrive(int side);
static __thread int my_sections; /* how deep this thread is in atomic sections */

/* After a witnessed event of this thread: a racing thread that passed its race point before its last events (they
   are calls on the racing line, e.g. a function that unlocks, whose result the racing access stores) arrives now,
   or when it leaves the atomic section it is in (it would hold the section while it waits for the other thread). */
static void after_event(void) {
    if (!my_armed || my_sections > 0 || next_event_of_mine() < weft_event_count) return;
    my_armed = 0;
    int side = race_side();
    if (side >= 0 && LOAD(race_state[side]) == 0) arrive(side);
}

static void leave(int g) {
    if (g >= 0 && !LOAD(abandoned)) STORE(turn, g + 1);
    if (g >= 0) after_event();
}

/* After a blocking call returned: the witness's "(resumes)" steps of that call, in turn. */
static void resumed(const char *fn) {
    for (;;) {
        int i = next_event_of_mine();
        if (i >= weft_event_count || !weft_events[i].resumes || strcmp(weft_events[i].fn, fn) != 0) return;
        my_cursor = i + 1;
        if (!LOAD(abandoned)) wait_turn(i);
        leave(i);
    }
}

/* A condition wait returned holding the real mutex `m`: when its witnessed resumption is not yet its turn (another
   woken thread's comes first), lets the mutex go until it is, so that the other can take it. This adds no
   happens-before: the thread did nothing since it took the mutex, whose last release it already had. */
static void resumed_holding(const char *fn, pthread_mutex_t *m) {
    int i = next_event_of_mine();
    if (i >= weft_event_count || !weft_events[i].resumes || strcmp(weft_events[i].fn, fn) != 0) return;
    if (LOAD(abandoned) || LOAD(turn) >= i) return;
    __real_pthread_mutex_unlock(m);
    wait_turn(i);
    __real_pthread_mutex_lock(m);
}

void __weft_race_point(int line) {
    int side = race_side();
    if (side < 0 || weft_race_line[side] != line || LOAD(race_state[side]) > 0) return;
    if (next_event_of_mine() < weft_event_count && !LOAD(abandoned)) { /* not yet the witnessed visit, or its events */
        my_armed = 1;                                                   /* come on the racing line: see after_event */
        return;
    }
    arrive(side);
}

/* A program that still runs WEFT_END_MS (default 2000) after its racing accesses (a server accepting forever) is
   ended by a watchdog thread: TSan has reported by then. The watchdog is created by a racing thread at its point, so
   its only happens-before edge is from that thread to itself; it touches no memory of the program. */
static long end_ms = 2000;
static int watchdog_started;

static void *watchdog(void *unused) {
    (void)unused;
    my_tid = -1;
    struct timespec ts = {end_ms / 1000, (end_ms % 1000) * 1000000};
    nanosleep(&ts, NULL);
    say("the program still runs %ld ms after the racing accesses: ending it", end_ms);
    exit(0); /* TSan's exit code (66) when it reported */
}

static void start_watchdog(void) {
    if (__atomic_exchange_n(&watchdog_started, 1, __ATOMIC_RELAXED)) return;
    pthread_t t;
    if (__real_pthread_create(&t, NULL, watchdog, NULL) == 0) __real_pthread_detach(t);
}

/* After the racing line (the patched source calls it at the next statement): the racing thread that did its access
   first waits (bounded) until the other is past its own, so that its later accesses of the object (a read after its
   write: TSan keeps one of them in its shadow cells) do not hide the witnessed access from the other's comparison. */
void __weft_race_after(int line) {
    int side = race_side();
    if (side < 0 || weft_race_line[side] != line || LOAD(race_state[side]) != 1) return;
    past_access(side);
}

/* A racing thread stands at its access: shows its accesses to TSan, waits for the other, lets it go first or not. */
/* A race on the C library's hidden state (Weft's <libc:...> objects: strerror's buffer, localtime's result): TSan does
   not see inside the library, so a racing thread whose access is to that state makes it here, at its race point just
   before its call, to a byte standing for the state (weft_race_hidden: 2 a write, 1 a read), as the call would; TSan
   then reports a race on it exactly when nothing orders the two calls. */
extern const int weft_race_hidden[2];
static volatile char hidden_state;

static void arrive(int side) {
    show_accesses();
    STORE(race_state[side], 1);
    wait_other(side, 1);
    if (LOAD(race_state[1 - side]) > 0) start_watchdog();
    if (side == weft_race_later) {
        /* this side lets the other do its access just before its own, so that the other's access is in TSan's
           shadow memory when this one happens (a read goes last: TSan compares it with writes only, so it pairs with
           the witnessed write, not with an older access of the same thread) */
        struct timespec ts = {0, 20000000};
        nanosleep(&ts, NULL);
    }
    if (weft_race_hidden[side] == 2) hidden_state = 1;
    else if (weft_race_hidden[side] == 1) (void)hidden_state;
}

static void at_exit(void) {
    int side = race_side();
    show_accesses();
    if (side >= 0) STORE(race_state[side], 2);
    for (int s = 0; s < 2; s++) {
        if (s == side) continue;
        long start = now_ms();
        while (LOAD(race_state[s]) < 2 && now_ms() - start < timeout_ms) pause_briefly();
    }
    say("%s; racing accesses reached: %s and %s", LOAD(abandoned) ? "schedule abandoned" : "schedule followed",
        LOAD(race_state[0]) ? "yes" : "no", LOAD(race_state[1]) ? "yes" : "no");
}

/* Report every race, also a second one on the same address (TSan's default hides it behind the first). */
const char *__tsan_default_options(void) {
    return "suppress_equal_addresses=0:halt_on_error=0:report_signal_unsafe=0:history_size=7";
}

char *__real_getenv(const char *);
__attribute__((constructor)) static void weft_init(void) {
    /* the real getenv: the program's is wrapped (weft_inputs.c) and answers from the witness */
    const char *t = __real_getenv("WEFT_TIMEOUT_MS");
    if (t != NULL && atol(t) > 0) timeout_ms = atol(t);
    const char *e = __real_getenv("WEFT_END_MS");
    if (e != NULL && atol(e) > 0) end_ms = atol(e);
    atexit(at_exit);
    hide_accesses(); /* main (thread 0), when it races */
}

/* the wrappers of the pthread, semaphore and C11 thread functions, in their own file (one translation unit) */
#include "weft_wrappers.c"

/* ---- functions of SV-COMP programs gcc lacks (weak: the program's own definitions win) ---- */

/* Atomic sections: one global (recursive) lock, so sections exclude each other and TSan orders them, as SV-COMP's
   semantics does, while a plain access still races with an access in a section. */
static pthread_mutex_t section = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;

static void section_enter(void) {
    __real_pthread_mutex_lock(&section);
    my_sections++;
}

static void section_exit(void) {
    if (my_sections == 0) return;
    my_sections--;
    __real_pthread_mutex_unlock(&section);
    after_event();
}

__attribute__((weak)) void __VERIFIER_atomic_begin(void) {
    int g = enter("__VERIFIER_atomic_begin");
    section_enter();
    leave(g);
}

__attribute__((weak)) void __VERIFIER_atomic_end(void) {
    int g = enter("__VERIFIER_atomic_end");
    section_exit();
    leave(g);
}

/* A call of the program's __VERIFIER_atomic_NAME function (the patched source calls these at its start and end). */
void __weft_atomic_enter(const char *fn) {
    int g = enter(fn);
    section_enter();
    leave(g);
}

void __weft_atomic_exit(int *unused) {
    (void)unused;
    section_exit();
}

/* the witness's inputs: values of nondeterministic functions, the world's answers, the command line */
#include "weft_inputs.c"

/* abort and failed assertions (an execution off the witness's path, e.g. reach_error of a program that defines it, or
   an assume that aborts where Weft's thread blocks): first leave the atomic sections this thread is in (the racing
   threads may need them), let the racing threads reach their accesses (bounded), then abort. */
static void before_abort(const char *what) {
    say("%s in thread %d: waiting for the racing accesses before aborting", what, my_tid);
    while (my_sections > 0) section_exit();
    int side = race_side();
    show_accesses();
    if (side >= 0) STORE(race_state[side], 2);
    long start = now_ms();
    while ((LOAD(race_state[0]) == 0 || LOAD(race_state[1]) == 0) && now_ms() - start < timeout_ms) pause_briefly();
    struct timespec ts = {0, 100000000};
    nanosleep(&ts, NULL);
}

void __real_abort(void) __attribute__((noreturn));
void __wrap_abort(void) {
    before_abort("abort()");
    __real_abort();
}

void __real___assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((noreturn));
void __wrap___assert_fail(const char *expr, const char *file, unsigned int line, const char *fn) {
    before_abort("a failed assertion");
    __real___assert_fail(expr, file, line, fn);
}

__attribute__((weak)) void __VERIFIER_assume(int cond) {
    if (!cond) {
        say("__VERIFIER_assume failed in thread %d: the execution left the witness's path", my_tid);
        exit(3);
    }
}

__attribute__((weak)) void reach_error(void) {
    say("reach_error() called in thread %d (ignored)", my_tid);
}

__attribute__((weak)) void __VERIFIER_error(void) {
    say("__VERIFIER_error() called in thread %d (ignored)", my_tid);
}
