/* expect: race-free */
/* A fan-in of workers along a binomial tree (thread-join-binomial's idiom in a program's shape): main creates the
   workers from the highest index down, each worker fills its own result slot, then joins the workers whose index
   differs from its own in one bit above its lowest set bit (i | 1 << step while the low bits of i are zero); main joins
   worker 0 alone and then reads every result. The ids are stored before the worker that joins them is created, and
   the joins form a tree rooted at 0 that covers every worker. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static int nworkers;
static pthread_t *workers;
static long *results;

static long work(int i) {
    long s = 0;
    for (int k = 0; k < 1000; k++) s += (long) k * (i + 1) % 7;
    return s;
}

static void *worker(void *arg) {
    int me = (int) (long) arg;
    results[me] = work(me);
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

int main(int argc, char **argv) {
    nworkers = argc > 1 ? atoi(argv[1]) : 6;
    if (nworkers < 1 || nworkers > 256)
        return 2;
    workers = malloc(nworkers * sizeof *workers);
    results = malloc(nworkers * sizeof *results);
    if (!workers || !results)
        return 1;
    for (int i = nworkers - 1; i >= 0; i--)
        pthread_create(&workers[i], NULL, worker, (void *) (long) i);
    pthread_join(workers[0], NULL);
    long total = 0;
    for (int i = 0; i < nworkers; i++)
        total += results[i]; // NORACE
    printf("%ld\n", total);
    free(workers);
    free(results);
    return 0;
}
