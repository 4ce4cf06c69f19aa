/* expect: racy */
/* The racy twin of 05's clamped bound: the number of workers is clamped before the create loop (still one value in
   both loops), but lowered again between the loops, so the join loop leaves the last worker running while main reads
   and frees its record (weft.thread.JoinLoops: a bound assigned more than once keeps one value only when no
   assignment can run after a loop has been entered). */
#include <pthread.h>
#include <stdlib.h>
#include <stdio.h>

struct worker {
    pthread_t tid;
    long result;
};

static void *run(void *arg) {
    struct worker *w = arg;
    w->result = 5; // RACE!
    return 0;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 3;
    if (n < 2 || n > 8) n = 3;
    struct worker **workers = malloc(n * sizeof *workers);
    if (!workers) return 1;
    for (int i = 0; i < n; i++) {
        struct worker *w = malloc(sizeof *w);
        if (!w) abort();
        workers[i] = w;
        pthread_create(&w->tid, NULL, run, w);
    }
    n = n - 1;
    long total = 0;
    for (int i = 0; i < n; i++) {
        pthread_join(workers[i]->tid, NULL);
        total += workers[i]->result;
        free(workers[i]);
    }
    total += workers[n]->result; // RACE!
    printf("%ld\n", total);
    return 0;
}
