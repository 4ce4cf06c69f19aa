/* expect: racy */
/* weft: imprecise: the exploration stops where worker 0 joins the id 0 of a slot main has not stored yet (an unknown
   thread id), before it reaches the racing pair; the thread-modular layer reports the pair. */
/* The racy twin of 07: main creates the workers from index 0 up, so worker 0 may read the slot of worker 1 before
   main has stored its id there (and then joins whatever the slot held: the tree no longer orders worker 1). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static int nworkers;
static pthread_t *workers;
static long *results;

static void *worker(void *arg) {
    int me = (int) (long) arg;
    results[me] = me * 3;
    for (unsigned step = 0;; step++) {
        if (me % (2 << step))
            break;
        unsigned child = me | (1u << step);
        if (child >= (unsigned) nworkers)
            break;
        pthread_join(workers[child], NULL); // RACE!
    }
    return NULL;
}

int main(void) {
    nworkers = 4;
    workers = calloc(nworkers, sizeof *workers);
    results = malloc(nworkers * sizeof *results);
    if (!workers || !results)
        return 1;
    for (int i = 0; i < nworkers; i++)
        pthread_create(&workers[i], NULL, worker, (void *) (long) i); // RACE!
    pthread_join(workers[0], NULL);
    long total = 0;
    for (int i = 0; i < nworkers; i++)
        total += results[i];
    printf("%ld\n", total);
    free(workers);
    free(results);
    return 0;
}
