/* expect: racy */
/* issue 35: a profiler's shape (weft.exec.WorldKept): pthread_getcpuclockid gives a thread's CPU clock, which glibc
   computes from the thread's kernel id (~tid << 3 | 6); that id is the world's, but the process keeps it: the
   worker's gettid agrees with the clock main was given for it, and differs from main's. Only then does the worker
   count itself without a lock while main resets the count: confirmed, and the reproducer's wrappers write the clock of
   the witness's id. */
#define _GNU_SOURCE
#include <pthread.h>
#include <time.h>
#include <unistd.h>

static int profiled;
static clockid_t worker_clock;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *worker(void *arg) {
    pthread_mutex_lock(&m);
    clockid_t c = worker_clock;
    pthread_mutex_unlock(&m);
    int tid = gettid();
    if (c == (clockid_t) ((int) ((unsigned) ~tid << 3) | 6) && tid != getpid()) profiled++; // RACE!
    return arg;
}

int main(void) {
    pthread_t t;
    pthread_mutex_lock(&m);
    pthread_create(&t, 0, worker, 0);
    pthread_getcpuclockid(t, &worker_clock);
    pthread_mutex_unlock(&m);
    profiled = 0; // RACE!
    pthread_join(t, 0);
    return 0;
}
