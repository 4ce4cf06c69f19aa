/* expect: race-free */
/* The race-free twin of 13 (D21): main retries pthread_tryjoin_np until it succeeds, so the worker has ended before
   main's write. The thread-modular layer proves it: the loop exits only where the try's result is 0
   (ThreadEvents.tries). */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>

int x;

void *worker(void *arg) {
    (void)arg;
    x = 1;
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    while (pthread_tryjoin_np(t, 0) != 0) sched_yield();
    x = 2;
    return 0;
}
