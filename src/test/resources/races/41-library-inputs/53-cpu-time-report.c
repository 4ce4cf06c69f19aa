/* expect: racy */
/* issue 35: qsort_mt's ending: main times its work with getrusage and, when the user time it reports is below a second, flags the result while a worker still reads the flag; getrusage's times are the world's (weft.exec.Resources), chosen, recorded and given back by the reproducer's wrapper, so the race is confirmed and replays. */
#include <pthread.h>
#include <sys/resource.h>

static int fast;

static void *report(void *arg) {
    (void) arg;
    return (void *) (long) fast; // RACE!
}

int main(void) {
    pthread_t t;
    struct rusage ru;
    pthread_create(&t, 0, report, 0);
    if (getrusage(RUSAGE_SELF, &ru) == 0 && ru.ru_utime.tv_sec < 1 && ru.ru_stime.tv_usec < 1000000)
        fast = 1; // RACE!
    pthread_join(t, 0);
    return fast;
}
