/* expect: racy */
/* A worker returns without joining its children when it sees mode_a 1 and mode_b 2, which main sets after creating
   the workers (mode_a set again to 1 first), leaving the children running while main reads their results. The join
   tree's proof must take the two tests' reads as two unknown values (review of JoinTreeProof found that a reset of its
   constant counter could give two reads in consecutive statements one Z3 constant, taking them as equal). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static int nworkers;
static pthread_t *workers;
static long *results;
static int mode_a = 1, mode_b = 1;

static void *worker(void *arg) {
    long me = (long) arg;
    results[me] = me + 1; // RACE!
    if (mode_a == 1 && mode_b == 2)
        return NULL;
    long child = 2 * me + 1;
    if (child < nworkers)
        pthread_join(workers[child], NULL);
    if (child + 1 < nworkers)
        pthread_join(workers[child + 1], NULL);
    return NULL;
}

int main(void) {
    nworkers = 3;
    workers = malloc(nworkers * sizeof *workers);
    results = calloc(nworkers, sizeof *results);
    if (!workers || !results)
        return 1;
    for (long i = nworkers - 1; i >= 0; i--)
        pthread_create(&workers[i], NULL, worker, (void *) i);
    mode_a = 1;
    mode_b = 2;
    pthread_join(workers[0], NULL);
    long total = 0;
    for (int i = 0; i < nworkers; i++)
        total += results[i]; // RACE!
    printf("%ld\n", total);
    free(workers);
    free(results);
    return 0;
}
