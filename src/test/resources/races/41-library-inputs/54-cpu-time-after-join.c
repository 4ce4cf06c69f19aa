/* expect: race-free */
/* the race-free side of 53: main reads getrusage's times only after joining the worker, and a proof stops at the call (the times are inputs) while the thread-modular layer orders the accesses by the join. */
#include <pthread.h>
#include <sys/resource.h>

static int fast;

static void *report(void *arg) {
    (void) arg;
    return (void *) (long) fast; // NORACE
}

int main(void) {
    pthread_t t;
    struct rusage ru;
    pthread_create(&t, 0, report, 0);
    pthread_join(t, 0);
    if (getrusage(RUSAGE_SELF, &ru) == 0 && ru.ru_utime.tv_sec < 1)
        fast = 1; // NORACE
    return fast;
}
