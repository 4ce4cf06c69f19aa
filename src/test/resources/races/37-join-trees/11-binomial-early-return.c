/* expect: racy */
/* A binomial fan-in whose workers return as soon as their index is past the items, before joining their children:
   with more workers than items, worker 2 of 4 with 2 items leaves worker 3 unjoined, which may still be writing its
   total when main reads the totals. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static int nworkers;
static int nitems;
static pthread_t *workers;
static long *totals;

static void *worker(void *arg) {
    int me = (int) (long) arg;
    totals[me] = me < nitems; // RACE!
    if (me >= nitems)
        return NULL;
    for (unsigned step = 0;; step++) {
        if (me % (2 << step))
            break;
        unsigned child = me | (1u << step);
        if (child >= (unsigned) nworkers)
            break;
        pthread_join(workers[child], NULL);
    }
    return NULL;
}

int main(void) {
    nworkers = 4;
    nitems = 2;
    workers = malloc(nworkers * sizeof *workers);
    totals = calloc(nworkers, sizeof *totals);
    if (!workers || !totals)
        return 1;
    for (int i = nworkers - 1; i >= 0; i--)
        pthread_create(&workers[i], NULL, worker, (void *) (long) i);
    pthread_join(workers[0], NULL);
    long all = 0;
    for (int i = 0; i < nworkers; i++)
        all += totals[i]; // RACE!
    printf("%ld\n", all);
    free(workers);
    free(totals);
    return 0;
}
