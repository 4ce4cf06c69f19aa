/* expect: racy */
/* issue 35: a worker times its work with gettimeofday and clock_gettime and publishes the elapsed microseconds in a
   shared variable main reads without a lock; the explorer takes the times as inputs (recorded in the witness; the
   reproducer's wrappers return them) instead of stopping at the calls, and confirms the race. */
#include <pthread.h>
#include <sys/time.h>
#include <time.h>

static long elapsed;

static void *worker(void *arg) {
    struct timeval start, end;
    struct timespec mono;
    gettimeofday(&start, NULL);
    clock_gettime(CLOCK_MONOTONIC, &mono);
    gettimeofday(&end, NULL);
    if (start.tv_usec < 1000000 && mono.tv_nsec < 1000000000L)
        elapsed = (end.tv_sec - start.tv_sec) * 1000000L + (end.tv_usec - start.tv_usec); // RACE!
    return arg;
}

int main(void) {
    pthread_t t;
    time_t now;
    time(&now);
    pthread_create(&t, NULL, worker, NULL);
    long seen = elapsed; // RACE!
    pthread_join(t, NULL);
    return seen > 0 && now > 0;
}
