/* expect: racy */
/* weft: imprecise: the explorer does not execute this library function (errno, static buffers, signal sets, getopt, callbacks), so the race stays possible */
/* exit runs the handler while the worker still runs. */
#include <pthread.h>
#include <stdlib.h>

long total;

static void report(void) {
    total = -total; // RACE!
}

void *worker(void *a) {
    total += 2; // RACE!
    return 0;
}

int main(void) {
    pthread_t t;
    atexit(report);
    pthread_create(&t, 0, worker, 0);
    exit(0);
}
