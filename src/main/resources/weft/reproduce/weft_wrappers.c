/*
 * Weft reproducer runtime, part 2 (included by weft_runtime.c, not compiled on its own): the wrappers the linker
 * redirects the program's calls to (-Wl,--wrap=NAME), over real objects the runtime owns.
 */
/* ---- shadow objects: the program's pthread objects are keys of real ones owned here ---- */

#define SLOTS 4096
static const void *slot_key[SLOTS];
static pthread_mutex_t shadow_mutex[SLOTS] = {[0 ... SLOTS - 1] = PTHREAD_MUTEX_INITIALIZER};
static pthread_cond_t shadow_cond[SLOTS] = {[0 ... SLOTS - 1] = PTHREAD_COND_INITIALIZER};
static pthread_rwlock_t shadow_rwlock[SLOTS] = {[0 ... SLOTS - 1] = PTHREAD_RWLOCK_INITIALIZER};
static sem_t shadow_sem[SLOTS];
static pthread_barrier_t shadow_barrier[SLOTS];
static pthread_attr_t shadow_attr[SLOTS];
static int shadow_attr_set[SLOTS];

static int slot(const void *key) {
    uintptr_t h = ((uintptr_t)key >> 3) * 0x9E3779B97F4A7C15ull;
    for (unsigned n = 0, i = (unsigned)(h >> 40) % SLOTS; n < SLOTS; n++, i = (i + 1) % SLOTS) {
        const void *k = __atomic_load_n(&slot_key[i], __ATOMIC_RELAXED);
        if (k == key) return (int)i;
        if (k == NULL) {
            const void *expected = NULL;
            if (__atomic_compare_exchange_n(&slot_key[i], &expected, key, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED)
                    || expected == key)
                return (int)i;
        }
    }
    say("more than %d synchronisation objects", SLOTS);
    abort();
}

/* TSan's own interceptors touch the program's object: a lock operation is a 1-byte atomic read of it, init and
   destroy a 1-byte write. The harness runs every operation on a shadow object, so it touches the program's object the
   same way (sync_use, sync_create): a plain write of the object by another thread (memset, a struct copy) is then seen
   to race with the operation, as without the harness. A relaxed atomic load gives TSan no happens-before. Semaphore
   operations are read the same way: glibc's sem_wait and sem_post work on the object with atomics TSan does not see
   (its interceptors record none), so a plain write of a semaphore in use is shown as C's memory model has it. */
static const void *sync_use(const void *p) {
    if (p != NULL) (void)__atomic_load_n((const char *)p, __ATOMIC_RELAXED);
    return p;
}
static void sync_create(void *p) {
    if (p != NULL) *(volatile char *)p = *(volatile char *)p;
}
#define U(p) sync_use(p) /* the key, after a TSan-visible atomic read of the object */

#define M(p) (&shadow_mutex[slot(p)])
#define C(p) (&shadow_cond[slot(p)])
#define RW(p) (&shadow_rwlock[slot(p)])
#define S(p) (&shadow_sem[slot(p)])
#define B(p) (&shadow_barrier[slot(p)])

/* the program's thread attributes: a real one per program object, NULL until initialised */
static pthread_attr_t *attr_of(const void *a) {
    if (a == NULL) return NULL;
    int s = slot(a);
    if (!shadow_attr_set[s]) {
        __real_pthread_attr_init(&shadow_attr[s]);
        shadow_attr_set[s] = 1;
    }
    return &shadow_attr[s];
}

/* ---- threads ---- */

struct start { void *(*fn)(void *); void *arg; int tid; };

/* Thread handles as the witness gives them: Weft's executions number threads 0 (main), then in creation order, and
   pthread_self(), thrd_current() and pthread_create give thread n the handle n + 1. The program sees those handles
   (a program may compute with them: `(int)pthread_self() % 307` indexes a table), the runtime passes the real ones
   to the C library. A handle never given is ESRCH (glibc would crash on it). */
static pthread_t real_thread[SLOTS];
static int thread_made[SLOTS];   /* 1: real_thread[n] is thread n's (relaxed atomics) */

static pthread_t handle_of(int tid) { return (pthread_t)(uintptr_t)(tid + 1); }

static void thread_is(int tid, pthread_t real) {
    if (tid < 0 || tid >= SLOTS) return;
    STORE(real_thread[tid], real);
    STORE(thread_made[tid], 1);
}

/* the real thread of handle h; 0 when the program was never given h */
static int real_of(pthread_t h, pthread_t *real) {
    uintptr_t n = (uintptr_t)h - 1;
    if (n >= SLOTS || !LOAD(thread_made[n])) return 0;
    *real = LOAD(real_thread[n]);
    return 1;
}

extern __typeof__(pthread_self) __real_pthread_self;
__attribute__((constructor)) static void main_thread_is(void) { thread_is(0, __real_pthread_self()); }

pthread_t __wrap_pthread_self(void) { return my_tid >= 0 ? handle_of(my_tid) : __real_pthread_self(); }
thrd_t __wrap_thrd_current(void) { return (thrd_t)__wrap_pthread_self(); }

/* a function taking a thread handle first: the real thread for it, ESRCH for a handle never given */
#define BY_HANDLE(name, params, args)                     \
    extern __typeof__(name) __real_##name;              \
    int __wrap_##name params {                          \
        pthread_t real;                                 \
        if (!real_of(t, &real)) return ESRCH;           \
        return __real_##name args;                      \
    }
/* a function taking a handle whose result the world decides (privileges, online CPUs: semantics.tsv's input-result
   rows): the witness's result when it has one, without the call; else the real call on the real thread */
static long long value_for(const char *fn, int *found);   /* weft_inputs.c */
static long long witness_or(const char *fn, long long real);
#define BY_HANDLE_INPUT(name, params, args)               \
    extern __typeof__(name) __real_##name;              \
    int __wrap_##name params {                          \
        int found;                                      \
        long long v = value_for(#name, &found);         \
        if (found) return (int)v;                       \
        pthread_t real;                                 \
        if (!real_of(t, &real)) return ESRCH;           \
        return __real_##name args;                      \
    }
BY_HANDLE_INPUT(pthread_setaffinity_np, (pthread_t t, size_t n, const cpu_set_t *set), (real, n, set))
BY_HANDLE_INPUT(pthread_setschedparam, (pthread_t t, int policy, const struct sched_param *p), (real, policy, p))
BY_HANDLE_INPUT(pthread_setschedprio, (pthread_t t, int prio), (real, prio))
BY_HANDLE(pthread_cancel, (pthread_t t), (real))
BY_HANDLE(pthread_kill, (pthread_t t, int sig), (real, sig))
/* A thread's name (weft.exec.Resources#threadName): pthread_setname_np answers the witness's result and, on its 0,
   names the real thread too; pthread_getname_np answers the witness's result and then the name: 0, the real thread's
   (the one it was given, or its creator's), 1, the process's own name as the witness has it ("weft") */
static long long next_value(const char *fn);   /* weft_inputs.c */
void __tsan_read_range(const void *, unsigned long);
void __tsan_write_range(void *, unsigned long);
extern __typeof__(pthread_setname_np) __real_pthread_setname_np;
int __wrap_pthread_setname_np(pthread_t t, const char *name) {
    pthread_t real;
    if (!real_of(t, &real)) return ESRCH;
    int found;
    long long v = value_for("pthread_setname_np", &found);
    if (!found) return __real_pthread_setname_np(real, name);
    __tsan_read_range(name, strlen(name) + 1);
    if (v == 0) __real_pthread_setname_np(real, name);
    return (int)v;
}
extern __typeof__(pthread_getname_np) __real_pthread_getname_np;
int __wrap_pthread_getname_np(pthread_t t, char *buf, size_t len) {
    pthread_t real;
    if (!real_of(t, &real)) return ESRCH;
    int found;
    long long v = value_for("pthread_getname_np", &found);
    if (!found) return __real_pthread_getname_np(real, buf, len);
    if (v != 0) return (int)v;
    if (next_value("pthread_getname_np") == 0) __real_pthread_getname_np(real, buf, len);
    else snprintf(buf, len, "%s", "weft");
    __tsan_write_range(buf, strlen(buf) + 1);
    return 0;
}
/* pthread_getattr_np (weft.exec.Attributes#ofThread): the real call on the real thread into the program's real
   attributes, then the witness's answers: its result, and on 0 the policy, priority, guard size and stack size it
   gave (the stack's size and the main thread's guard are the world's), set in them */
extern __typeof__(pthread_getattr_np) __real_pthread_getattr_np;
int __wrap_pthread_getattr_np(pthread_t t, pthread_attr_t *a) {
    pthread_t real;
    if (!real_of(t, &real)) return ESRCH;
    int s = slot(a);
    shadow_attr_set[s] = 1;
    int r = __real_pthread_getattr_np(real, &shadow_attr[s]);
    int found;
    long long v = value_for("pthread_getattr_np", &found);
    if (!found) return r;
    if (r != 0) __real_pthread_attr_init(&shadow_attr[s]);
    if (v != 0) return (int)v;
    __real_pthread_attr_setschedpolicy(&shadow_attr[s], (int)next_value("pthread_getattr_np"));
    struct sched_param p = { .sched_priority = (int)next_value("pthread_getattr_np") };
    __real_pthread_attr_setschedparam(&shadow_attr[s], &p);
    __real_pthread_attr_setguardsize(&shadow_attr[s], (size_t)next_value("pthread_getattr_np"));
    __real_pthread_attr_setstacksize(&shadow_attr[s], (size_t)next_value("pthread_getattr_np"));
    return 0;
}
/* pthread_getschedparam: the witness's answer (0, then the policy and the priority), else the real call */
extern __typeof__(pthread_getschedparam) __real_pthread_getschedparam;
int __wrap_pthread_getschedparam(pthread_t t, int *policy, struct sched_param *p) {
    pthread_t real;
    if (!real_of(t, &real)) return ESRCH;
    int found;
    long long v = value_for("pthread_getschedparam", &found);
    if (!found) return __real_pthread_getschedparam(real, policy, p);
    if (v != 0) return (int)v;
    *policy = (int)next_value("pthread_getschedparam");
    p->sched_priority = (int)next_value("pthread_getschedparam");
    return 0;
}
/* pthread_getaffinity_np (weft.exec.Resources#affinity): the witness's answer (0, then the mask's first word, the
   rest of the mask zero), else the real call */
extern __typeof__(pthread_getaffinity_np) __real_pthread_getaffinity_np;
int __wrap_pthread_getaffinity_np(pthread_t t, size_t size, cpu_set_t *set) {
    pthread_t real;
    if (!real_of(t, &real)) return ESRCH;
    int found;
    long long v = value_for("pthread_getaffinity_np", &found);
    if (!found) return __real_pthread_getaffinity_np(real, size, set);
    if (v != 0) return (int)v;
    unsigned long mask = (unsigned long)next_value("pthread_getaffinity_np");
    memset(set, 0, size);
    memcpy(set, &mask, sizeof mask < size ? sizeof mask : size);
    return 0;
}
/* pthread_getcpuclockid (weft.exec.WorldKept): the real call on the real thread, then the clock of the witness's
   kernel id for it, as glibc computes it (~tid << 3 | 6) */
extern __typeof__(pthread_getcpuclockid) __real_pthread_getcpuclockid;
int __wrap_pthread_getcpuclockid(pthread_t t, clockid_t *c) {
    pthread_t real;
    if (!real_of(t, &real)) return ESRCH;
    int r = __real_pthread_getcpuclockid(real, c);
    int found;
    long long tid = value_for("pthread_getcpuclockid", &found);
    if (found && r == 0) *c = (clockid_t)((int)((unsigned int)~tid << 3) | 6);
    return r;
}
BY_HANDLE(pthread_tryjoin_np, (pthread_t t, void **ret), (real, ret))
BY_HANDLE(pthread_timedjoin_np, (pthread_t t, void **ret, const struct timespec *at), (real, ret, at))

static void *trampoline(void *p) {
    struct start s = *(struct start *)p;
    free(p);
    my_tid = s.tid;
    thread_is(my_tid, __real_pthread_self());
    hide_accesses();
    if (my_tid < weft_thread_count && weft_thread_start[my_tid] < 0) wait_race_done();
    else if (my_tid < weft_thread_count && !LOAD(abandoned)) wait_turn(weft_thread_start[my_tid]);
    void *r = s.fn(s.arg);
    int side = race_side();
    if (side >= 0) past_access(side);
    show_accesses();
    return r;
}

void __tsan_read_range(const void *, unsigned long);
int __real_pthread_create(pthread_t *, const pthread_attr_t *, void *(*)(void *), void *);
int __wrap_pthread_create(pthread_t *t, const pthread_attr_t *a, void *(*fn)(void *), void *arg) {
    int g = enter("pthread_create");
    /* the attribute object is read inside the C library, where TSan does not see it (Weft's model: LibraryModel#alongside) */
    if (a != NULL) __tsan_read_range(a, sizeof(pthread_attr_t));
    struct start *s = malloc(sizeof *s);
    s->fn = fn;
    s->arg = arg;
    int tid = __atomic_add_fetch(&created, 1, __ATOMIC_RELAXED);
    s->tid = tid; /* the new thread frees s: its id is read from here on */
    pthread_t real;
    int r = __real_pthread_create(&real, attr_of(a), trampoline, s);
    if (r == 0) {
        thread_is(tid, real);
        *t = handle_of(tid);
    }
    leave(g);
    return r;
}

#define EVENT(ret, name, params, args)                  \
    ret __real_##name params;                           \
    ret __wrap_##name params {                          \
        int g = enter(#name);                           \
        ret r = __real_##name args;                     \
        leave(g);                                    \
        return r;                                    \
    }

int __real_pthread_join(pthread_t, void **);
int __wrap_pthread_join(pthread_t t, void **ret) {
    int g = enter("pthread_join");
    pthread_t real;
    if (!real_of(t, &real)) { /* glibc crashes on a handle it never gave */
        say("pthread_join of a thread that was never created (thread %d)", my_tid);
        leave(g);
        return ESRCH;
    }
    int r = __real_pthread_join(real, ret);
    leave(g);
    return r;
}

int __real_pthread_detach(pthread_t);
int __wrap_pthread_detach(pthread_t t) {
    int g = enter("pthread_detach");
    pthread_t real;
    int r = real_of(t, &real) ? __real_pthread_detach(real) : ESRCH;
    leave(g);
    return r;
}

void __real_pthread_exit(void *) __attribute__((noreturn));
void __wrap_pthread_exit(void *ret) {
    int g = enter("pthread_exit");
    leave(g);
    int side = race_side();
    if (side >= 0) past_access(side);
    show_accesses();
    __real_pthread_exit(ret);
}

/* pthread_once reads its control word, where TSan does not see it (its interceptor uses internal atomics): an
   instrumented read of it first, so that a plain write of the control word by another thread is seen to race */
int __real_pthread_once(pthread_once_t *, void (*)(void));
int __wrap_pthread_once(pthread_once_t *o, void (*f)(void)) {
    (void)*(volatile int *)o;
    return __real_pthread_once(o, f);
}

/* getopt reads optind and may write it and optarg inside the C library, where TSan does not see it: an instrumented
   read of optind first, and after the call an instrumented write of each of the two the call changed (the same value
   again), so that another thread's plain access of them is seen to race as it does in the witness */
int __real_getopt(int, char *const *, const char *);
int __wrap_getopt(int argc, char *const *argv, const char *opts) {
    volatile int *ind = &optind;
    char *volatile *arg = &optarg;
    int ind0 = *ind;
    char *arg0 = *arg;
    int r = __real_getopt(argc, argv, opts);
    int ind1 = optind;
    char *arg1 = optarg;
    if (ind1 != ind0) *ind = ind1;
    if (arg1 != arg0) *arg = arg1;
    return r;
}

#include "weft_libaccess.c"

/* A mutex the program initialised with glibc's static recursive or error-checking initialiser, and never with
   pthread_mutex_init: its shadow is a default mutex, so the runtime keeps the kind's rules itself (the owner's holds
   counted, an error-checking relock EDEADLK, an unlock by a thread that does not hold it EPERM). The kind is read
   from the program's object (glibc's __kind) with a relaxed atomic load, as every operation reads the object; the
   owner and depth are written by the holder only. */
static int shadow_inited[SLOTS]; /* pthread_mutex_init gave the shadow the program's attributes */
static int shadow_owner[SLOTS];  /* my_tid + 1 of the holder of a statically kinded mutex, 0: none */
static int shadow_depth[SLOTS];  /* its holds beyond the first */
enum { KIND_RECURSIVE = 1, KIND_ERRORCHECK = 2 };

static int static_kind(pthread_mutex_t *m) {
    if (LOAD(shadow_inited[slot(m)])) return 0;
    int k = __atomic_load_n((const int *)((const char *)m + weft_mutex_kind_offset), __ATOMIC_RELAXED) & 3;
    return k == KIND_RECURSIVE || k == KIND_ERRORCHECK ? k : 0;
}

static int kinded_lock(pthread_mutex_t *m, int kind, int (*lock)(pthread_mutex_t *)) {
    int s = slot(m), me = my_tid + 1;
    if (LOAD(shadow_owner[s]) == me) {
        if (kind == KIND_ERRORCHECK) return EDEADLK;
        STORE(shadow_depth[s], LOAD(shadow_depth[s]) + 1);
        return 0;
    }
    int r = lock(&shadow_mutex[s]);
    if (r == 0) {
        STORE(shadow_owner[s], me);
        STORE(shadow_depth[s], 0);
    }
    return r;
}

static int kinded_unlock(pthread_mutex_t *m, int kind, int (*unlock)(pthread_mutex_t *)) {
    (void)kind;
    int s = slot(m), me = my_tid + 1;
    if (LOAD(shadow_owner[s]) != me) return EPERM;
    if (LOAD(shadow_depth[s]) > 0) {
        STORE(shadow_depth[s], LOAD(shadow_depth[s]) - 1);
        return 0;
    }
    STORE(shadow_owner[s], 0);
    return unlock(&shadow_mutex[s]);
}

#define MUTEX_OP(name, call, kinded)                            \
    int __wrap_##name(pthread_mutex_t *m) {                     \
        int g = enter(#name);                                   \
        int k = static_kind((pthread_mutex_t *)U(m));           \
        int r = k != 0 ? kinded(m, k, call) : call(M(m));       \
        leave(g);                                               \
        return r;                                               \
    }
MUTEX_OP(pthread_mutex_lock, __real_pthread_mutex_lock, kinded_lock)
MUTEX_OP(pthread_mutex_trylock, __real_pthread_mutex_trylock, kinded_lock)
MUTEX_OP(pthread_mutex_unlock, __real_pthread_mutex_unlock, kinded_unlock)

int __wrap_pthread_mutex_timedlock(pthread_mutex_t *m, const struct timespec *ts) {
    int g = enter("pthread_mutex_timedlock");
    int r = __real_pthread_mutex_timedlock(M(U(m)), ts);
    leave(g);
    return r;
}

int __wrap_pthread_mutex_init(pthread_mutex_t *m, const pthread_mutexattr_t *a) {
    sync_create(m);
    STORE(shadow_inited[slot(m)], 1);
    return __real_pthread_mutex_init(M(m), a);
}

int __wrap_pthread_mutex_destroy(pthread_mutex_t *m) {
    sync_create(m);
    return 0;
}

int __wrap_pthread_cond_wait(pthread_cond_t *c, pthread_mutex_t *m) {
    int g = enter("pthread_cond_wait");
    leave(g);
    int r = __real_pthread_cond_wait(C(U(c)), M(U(m)));
    resumed_holding("pthread_cond_wait", M(m));
    resumed("pthread_cond_wait");
    return r;
}

int __wrap_pthread_cond_timedwait(pthread_cond_t *c, pthread_mutex_t *m, const struct timespec *ts) {
    int g = enter("pthread_cond_timedwait");
    leave(g);
    int r = __real_pthread_cond_timedwait(C(U(c)), M(U(m)), ts);
    resumed_holding("pthread_cond_timedwait", M(m));
    resumed("pthread_cond_timedwait");
    return r;
}

#define COND_OP(name, call)                          \
    int __wrap_##name(pthread_cond_t *c) {              \
        int g = enter(#name);                           \
        int r = call(C(U(c)));                          \
        leave(g);                                    \
        return r;                                    \
    }
COND_OP(pthread_cond_signal, __real_pthread_cond_signal)
COND_OP(pthread_cond_broadcast, __real_pthread_cond_broadcast)

int __wrap_pthread_cond_init(pthread_cond_t *c, const pthread_condattr_t *a) {
    sync_create(c);
    return __real_pthread_cond_init(C(c), a);
}

int __wrap_pthread_cond_destroy(pthread_cond_t *c) {
    sync_create(c);
    return 0;
}

#define RW_OP(name, call)                            \
    int __wrap_##name(pthread_rwlock_t *l) {            \
        int g = enter(#name);                           \
        int r = call(RW(U(l)));                            \
        leave(g);                                    \
        return r;                                    \
    }
RW_OP(pthread_rwlock_rdlock, __real_pthread_rwlock_rdlock)
RW_OP(pthread_rwlock_wrlock, __real_pthread_rwlock_wrlock)
RW_OP(pthread_rwlock_tryrdlock, __real_pthread_rwlock_tryrdlock)
RW_OP(pthread_rwlock_trywrlock, __real_pthread_rwlock_trywrlock)
RW_OP(pthread_rwlock_unlock, __real_pthread_rwlock_unlock)

int __wrap_pthread_rwlock_init(pthread_rwlock_t *l, const pthread_rwlockattr_t *a) {
    sync_create(l);
    return __real_pthread_rwlock_init(RW(l), a);
}

int __wrap_pthread_rwlock_destroy(pthread_rwlock_t *l) {
    sync_create(l);
    return 0;
}

/* spin locks: a real mutex each (same happens-before for TSan, no busy waiting under a forced schedule) */
#define SPIN_OP(name, call)                          \
    int __wrap_##name(pthread_spinlock_t *l) {          \
        int g = enter(#name);                           \
        int r = call(M(U(l)));                          \
        leave(g);                                    \
        return r;                                    \
    }
SPIN_OP(pthread_spin_lock, __real_pthread_mutex_lock)
SPIN_OP(pthread_spin_trylock, __real_pthread_mutex_trylock)
SPIN_OP(pthread_spin_unlock, __real_pthread_mutex_unlock)

int __wrap_pthread_spin_init(pthread_spinlock_t *l, int pshared) {
    sync_create(l);
    (void)pshared;
    return __real_pthread_mutex_init(M(l), NULL);
}

int __wrap_pthread_spin_destroy(pthread_spinlock_t *l) {
    sync_create(l);
    return 0;
}

#define SEM_OP(name, call)                           \
    int __wrap_##name(sem_t *s) {                       \
        int g = enter(#name);                           \
        int r = call(S(U(s)));                          \
        leave(g);                                    \
        return r;                                    \
    }
SEM_OP(sem_wait, __real_sem_wait)
SEM_OP(sem_trywait, __real_sem_trywait)
SEM_OP(sem_post, __real_sem_post)

/* a stream's own lock: schedule points, so that the real calls take and release it in the witness's order (Weft's
   model: weft.exec.StreamLocks; the stream calls of other threads, which the lock makes wait, come after it there).
   TSan does not see glibc's stream lock: the runtime tells it of each acquisition and release, so that accesses the
   lock orders are not reported as races */
void __tsan_acquire(void *);
void __tsan_release(void *);
void __real_flockfile(FILE *);
void __wrap_flockfile(FILE *f) {
    int g = enter("flockfile");
    __real_flockfile(f);
    __tsan_acquire(f);
    leave(g);
}
int __real_ftrylockfile(FILE *);
int __wrap_ftrylockfile(FILE *f) {
    int g = enter("ftrylockfile");
    int r = __real_ftrylockfile(f);
    if (r == 0) __tsan_acquire(f);
    leave(g);
    return r;
}
void __real_funlockfile(FILE *);
void __wrap_funlockfile(FILE *f) {
    int g = enter("funlockfile");
    __tsan_release(f);
    __real_funlockfile(f);
    leave(g);
}

int __wrap_sem_init(sem_t *s, int pshared, unsigned value) {
    sync_create(s);
    return __real_sem_init(S(s), pshared, value);
}

int __wrap_sem_destroy(sem_t *s) {
    (void)s;
    return 0;
}

int __wrap_pthread_barrier_wait(pthread_barrier_t *b) {
    int g = enter("pthread_barrier_wait");
    leave(g);
    int r = __real_pthread_barrier_wait(B(b));
    resumed("pthread_barrier_wait");
    return r;
}

int __wrap_pthread_barrier_init(pthread_barrier_t *b, const pthread_barrierattr_t *a, unsigned count) {
    return __real_pthread_barrier_init(B(b), a, count);
}

int __wrap_pthread_barrier_destroy(pthread_barrier_t *b) {
    (void)b;
    return 0;
}

int __wrap_pthread_attr_init(pthread_attr_t *a) {
    int s = slot(a);
    shadow_attr_set[s] = 1;
    return __real_pthread_attr_init(&shadow_attr[s]);
}

int __wrap_pthread_attr_destroy(pthread_attr_t *a) {
    (void)a;
    return 0;
}

int __wrap_pthread_attr_setdetachstate(pthread_attr_t *a, int v) { return __real_pthread_attr_setdetachstate(attr_of(a), v); }
int __wrap_pthread_attr_getdetachstate(const pthread_attr_t *a, int *v) { int r = __real_pthread_attr_getdetachstate(attr_of(a), v); if (r == 0) *(volatile int *)v = *v; return r; }
/* the stack size is set on the real attributes; the result is the witness's when it has one (EINVAL below the
   implementation's minimum, which Weft takes as the world's) */
int __wrap_pthread_attr_setstacksize(pthread_attr_t *a, size_t v) {
    return (int)witness_or("pthread_attr_setstacksize", __real_pthread_attr_setstacksize(attr_of(a), v));
}
/* the size is the witness's when it has one (the system's default, an input for Weft) */
int __wrap_pthread_attr_getstacksize(const pthread_attr_t *a, size_t *v) {
    int found;
    long long w = value_for("pthread_attr_getstacksize", &found);
    if (!found) return __real_pthread_attr_getstacksize(attr_of(a), v);
    *v = (size_t)w;
    return 0;
}
int __wrap_pthread_attr_setscope(pthread_attr_t *a, int v) { return __real_pthread_attr_setscope(attr_of(a), v); }
int __wrap_pthread_attr_setschedpolicy(pthread_attr_t *a, int v) { return __real_pthread_attr_setschedpolicy(attr_of(a), v); }
int __wrap_pthread_attr_setinheritsched(pthread_attr_t *a, int v) { return __real_pthread_attr_setinheritsched(attr_of(a), v); }
/* the getters write their output inside the C library: written again where TSan sees it (Weft records the write) */
int __wrap_pthread_attr_getinheritsched(const pthread_attr_t *a, int *v) { int r = __real_pthread_attr_getinheritsched(attr_of(a), v); if (r == 0) *(volatile int *)v = *v; return r; }
int __wrap_pthread_attr_getscope(const pthread_attr_t *a, int *v) { int r = __real_pthread_attr_getscope(attr_of(a), v); if (r == 0) *(volatile int *)v = *v; return r; }
int __wrap_pthread_attr_getschedpolicy(const pthread_attr_t *a, int *v) { int r = __real_pthread_attr_getschedpolicy(attr_of(a), v); if (r == 0) *(volatile int *)v = *v; return r; }
int __wrap_pthread_attr_setschedparam(pthread_attr_t *a, const struct sched_param *p) { return __real_pthread_attr_setschedparam(attr_of(a), p); }
int __wrap_pthread_attr_getschedparam(const pthread_attr_t *a, struct sched_param *p) { int r = __real_pthread_attr_getschedparam(attr_of(a), p); if (r == 0) *(volatile int *)&p->sched_priority = p->sched_priority; return r; }
int __wrap_pthread_attr_setguardsize(pthread_attr_t *a, size_t v) { return __real_pthread_attr_setguardsize(attr_of(a), v); }
int __wrap_pthread_attr_getguardsize(const pthread_attr_t *a, size_t *v) { int r = __real_pthread_attr_getguardsize(attr_of(a), v); if (r == 0) *(volatile size_t *)v = *v; return r; }
int __wrap_pthread_attr_setstack(pthread_attr_t *a, void *s, size_t n) { return __real_pthread_attr_setstack(attr_of(a), s, n); }
int __wrap_pthread_attr_getstack(const pthread_attr_t *a, void **s, size_t *n) { int r = __real_pthread_attr_getstack(attr_of(a), s, n); if (r == 0) { *(void *volatile *)s = *s; *(volatile size_t *)n = *n; } return r; }

/* ---- C11 threads: glibc implements them on internal pthread calls TSan does not see; here on the real pthread ones ---- */

struct c11_start { thrd_start_t fn; void *arg; };

static void *c11_trampoline(void *p) {
    struct c11_start s = *(struct c11_start *)p;
    free(p);
    return (void *)(intptr_t)s.fn(s.arg);
}

static int thrd_code(int r) {
    return r == 0 ? thrd_success : r == EBUSY ? thrd_busy : r == ETIMEDOUT ? thrd_timedout : thrd_error;
}

int __wrap_thrd_create(thrd_t *t, thrd_start_t fn, void *arg) {
    int g = enter("thrd_create");
    struct c11_start *c = malloc(sizeof *c);
    c->fn = fn;
    c->arg = arg;
    struct start *s = malloc(sizeof *s);
    s->fn = c11_trampoline;
    s->arg = c;
    int tid = __atomic_add_fetch(&created, 1, __ATOMIC_RELAXED);
    s->tid = tid; /* the new thread frees s: its id is read from here on */
    pthread_t real;
    int r = __real_pthread_create(&real, NULL, trampoline, s);
    if (r == 0) {
        thread_is(tid, real);
        *t = (thrd_t)handle_of(tid);
    }
    leave(g);
    return thrd_code(r);
}

int __wrap_thrd_detach(thrd_t t) {
    pthread_t real;
    if (!real_of((pthread_t)t, &real)) return thrd_error;
    return thrd_code(__real_pthread_detach(real));
}

int __wrap_thrd_join(thrd_t t, int *res) {
    int g = enter("thrd_join");
    void *v = NULL;
    pthread_t real;
    int r = real_of((pthread_t)t, &real) ? __real_pthread_join(real, &v) : ESRCH;
    if (res != NULL) *res = (int)(intptr_t)v;
    leave(g);
    return thrd_code(r);
}

#define MTX_OP(name, call)                           \
    int __wrap_##name(mtx_t *m) {                       \
        int g = enter(#name);                           \
        int r = call(M(U(m)));                          \
        leave(g);                                    \
        return thrd_code(r);                            \
    }
MTX_OP(mtx_lock, __real_pthread_mutex_lock)
MTX_OP(mtx_trylock, __real_pthread_mutex_trylock)
MTX_OP(mtx_unlock, __real_pthread_mutex_unlock)

int __wrap_mtx_init(mtx_t *m, int type) {
    sync_create(m);
    pthread_mutexattr_t a;
    pthread_mutexattr_init(&a);
    if (type & mtx_recursive) pthread_mutexattr_settype(&a, PTHREAD_MUTEX_RECURSIVE);
    int r = __real_pthread_mutex_init(M(m), &a);
    pthread_mutexattr_destroy(&a);
    return thrd_code(r);
}

void __wrap_mtx_destroy(mtx_t *m) {
    sync_create(m);
}

int __wrap_cnd_wait(cnd_t *c, mtx_t *m) {
    int g = enter("cnd_wait");
    leave(g);
    int r = __real_pthread_cond_wait(C(U(c)), M(U(m)));
    resumed_holding("cnd_wait", M(m));
    resumed("cnd_wait");
    return thrd_code(r);
}

int __wrap_cnd_signal(cnd_t *c) {
    int g = enter("cnd_signal");
    int r = __real_pthread_cond_signal(C(U(c)));
    leave(g);
    return thrd_code(r);
}

int __wrap_cnd_broadcast(cnd_t *c) {
    int g = enter("cnd_broadcast");
    int r = __real_pthread_cond_broadcast(C(U(c)));
    leave(g);
    return thrd_code(r);
}

int __wrap_cnd_init(cnd_t *c) {
    sync_create(c);
    return thrd_code(__real_pthread_cond_init(C(c), NULL));
}

void __wrap_cnd_destroy(cnd_t *c) {
    sync_create(c);
}

