/* expect: race-free */
/* An exit handler runs in the thread that exits (main, after the join), not in parallel with the worker. */
#include <pthread.h>
#include <stdlib.h>

long total;

static void report(void) {
    total = -total; // NORACE
}

void *worker(void *a) {
    total += 2; // NORACE
    return 0;
}

int main(void) {
    pthread_t t;
    atexit(report);
    pthread_create(&t, 0, worker, 0);
    pthread_join(t, 0);
    return 0;
}
