/* expect: race-free */
/* Per-thread records that hold their own thread id (the shape of pthread-race-challenges/per-thread-struct-tid, and of
   the worker tables of real programs): each iteration allocates a record, keeps it in `workers`, and creates its
   thread into the record's `tid` member. main joins `workers[i]->tid` and then, in the same iteration, reads that
   worker's result and frees its record: the worker that owns record i has ended, and every other worker writes its
   own record (weft.thread.RecordJoins). */
#include <pthread.h>
#include <stdlib.h>
#include <stdio.h>

struct worker {
    pthread_t tid;
    int first, count;
    long result;
};

static long work(int from, int n) {
    long s = 0;
    for (int k = from; k < from + n; k++) s += (long)k * k;
    return s;
}

static void *run(void *arg) {
    struct worker *w = arg;
    w->result = work(w->first, w->count); // NORACE
    return 0;
}

int main(int argc, char **argv) {
    int nworkers = argc > 1 ? atoi(argv[1]) : 4;
    if (nworkers < 1 || nworkers > 64) nworkers = 4;
    struct worker **workers = malloc(nworkers * sizeof *workers);
    if (!workers) return 1;
    for (int i = 0; i < nworkers; i++) {
        struct worker *w = calloc(1, sizeof *w);
        if (!w) abort();
        w->first = i * 100;
        w->count = 100;
        workers[i] = w;
        if (pthread_create(&w->tid, NULL, run, w) != 0) abort();
    }
    long total = 0;
    for (int i = 0; i < nworkers; i++) {
        pthread_join(workers[i]->tid, NULL);
        total += workers[i]->result; // NORACE
        free(workers[i]); // NORACE
    }
    free(workers);
    printf("%ld\n", total);
    return 0;
}
