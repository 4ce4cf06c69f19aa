/* expect: racy */
/* The racy twin of 05: main reads worker i's result before joining it, while the worker may still write it. */
#include <pthread.h>
#include <stdlib.h>
#include <stdio.h>

struct worker {
    pthread_t tid;
    int first, count;
    long result;
};

static void *run(void *arg) {
    struct worker *w = arg;
    long s = 0;
    for (int k = w->first; k < w->first + w->count; k++) s += k;
    w->result = s; // RACE!
    return 0;
}

int main(void) {
    int nworkers = 4;
    struct worker **workers = malloc(nworkers * sizeof *workers);
    if (!workers) return 1;
    for (int i = 0; i < nworkers; i++) {
        struct worker *w = calloc(1, sizeof *w);
        if (!w) abort();
        w->first = i * 100;
        w->count = 100;
        workers[i] = w;
        pthread_create(&w->tid, NULL, run, w);
    }
    long total = 0;
    for (int i = 0; i < nworkers; i++) {
        total += workers[i]->result; // RACE!
        pthread_join(workers[i]->tid, NULL);
        free(workers[i]);
    }
    free(workers);
    printf("%ld\n", total);
    return 0;
}
