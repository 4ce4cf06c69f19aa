/* expect: race-free */
/* 07 with a thread already running when main allocates the arrays: a logger, started first, that only touches its
   own counter under a mutex. The result array is reached through a pointer main sets after the logger exists but
   before any worker does, so every worker indexes the same array; the join tree is 07's, built with the heap layout
   and a long key. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER;
static int log_lines;
static int nworkers;
static pthread_t *workers;
static long *results;

static void *logger(void *arg) {
    (void) arg;
    for (int k = 0; k < 3; k++) {
        pthread_mutex_lock(&log_lock);
        log_lines++;
        pthread_mutex_unlock(&log_lock);
    }
    return NULL;
}

static void *worker(void *arg) {
    long me = (long) arg;
    results[me] = me * me; // NORACE
    long child = 2 * me + 1;
    if (child < nworkers)
        pthread_join(workers[child], NULL);
    if (child + 1 < nworkers)
        pthread_join(workers[child + 1], NULL);
    return NULL;
}

int main(void) {
    pthread_t log_thread;
    pthread_create(&log_thread, NULL, logger, NULL);
    nworkers = 5;
    workers = malloc(nworkers * sizeof *workers);
    results = malloc(nworkers * sizeof *results);
    if (!workers || !results)
        return 1;
    for (long i = nworkers - 1; i >= 0; i--)
        pthread_create(&workers[i], NULL, worker, (void *) i);
    pthread_join(workers[0], NULL);
    long total = 0;
    for (int i = 0; i < nworkers; i++)
        total += results[i]; // NORACE
    pthread_join(log_thread, NULL);
    printf("%ld %d\n", total, log_lines);
    free(workers);
    free(results);
    return 0;
}
