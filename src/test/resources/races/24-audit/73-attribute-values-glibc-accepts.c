/* expect: race-free */
/* audit D48, the race-free twin of 72: every value set here is one glibc accepts (system scope, the three policies, both
   inheritances and detach states, the four mutex types, both process-shared settings, the three protocols, both
   robustness settings, the two condition clocks, a concurrency level), so no fallback runs and main's access never
   meets the worker's: the exploration proves it, where the thread-modular layer alone cannot (the fallback's write and
   the worker's are unordered). A setter's refusal of any other value is checked too: each must give EINVAL. */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <stdio.h>

int fallback;

static void *worker(void *arg) {
    fallback++; // NORACE
    return arg;
}

static int refused(int r) {
    return r != 0;
}

int main(void) {
    pthread_attr_t a;
    pthread_mutexattr_t m;
    pthread_condattr_t c;
    pthread_rwlockattr_t rw;
    pthread_attr_init(&a);
    pthread_mutexattr_init(&m);
    pthread_condattr_init(&c);
    pthread_rwlockattr_init(&rw);
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    int bad = refused(pthread_attr_setscope(&a, PTHREAD_SCOPE_SYSTEM));
    for (int p = 0; p < 3; p++) bad |= refused(pthread_attr_setschedpolicy(&a, p));
    bad |= refused(pthread_attr_setinheritsched(&a, PTHREAD_EXPLICIT_SCHED)) | refused(pthread_attr_setinheritsched(&a, PTHREAD_INHERIT_SCHED));
    bad |= refused(pthread_attr_setdetachstate(&a, PTHREAD_CREATE_DETACHED)) | refused(pthread_attr_setdetachstate(&a, PTHREAD_CREATE_JOINABLE));
    for (int k = 0; k < 4; k++) bad |= refused(pthread_mutexattr_settype(&m, k));
    bad |= refused(pthread_mutexattr_setpshared(&m, PTHREAD_PROCESS_SHARED)) | refused(pthread_mutexattr_setprotocol(&m, PTHREAD_PRIO_INHERIT));
    bad |= refused(pthread_mutexattr_setrobust(&m, PTHREAD_MUTEX_ROBUST)) | refused(pthread_condattr_setclock(&c, 1));
    bad |= refused(pthread_condattr_setpshared(&c, PTHREAD_PROCESS_PRIVATE)) | refused(pthread_rwlockattr_setpshared(&rw, PTHREAD_PROCESS_PRIVATE));
    bad |= refused(pthread_setconcurrency(4));
    bad |= pthread_attr_setschedpolicy(&a, 7) != EINVAL || pthread_condattr_setclock(&c, 2) != EINVAL
        || pthread_setconcurrency(-1) != EINVAL || pthread_attr_setdetachstate(&a, 5) != EINVAL;
    if (bad) fallback++; // NORACE
    pthread_join(t, NULL);
    printf("%d\n", fallback);
    return 0;
}
