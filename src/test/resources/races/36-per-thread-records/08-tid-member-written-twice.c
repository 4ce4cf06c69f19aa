/* expect: racy */
/* The racy twin of 05: each record's `tid` member is written by two thread creations, the worker's and then a
   watcher's, so joining `workers[i]->tid` joins the watcher only; the worker may still be writing its result when
   main reads it (weft.thread.TidCells: an id member is trusted only when one create statement writes it). */
#include <pthread.h>
#include <stdlib.h>
#include <stdio.h>

struct worker {
    pthread_t tid;
    long result;
};

static void *run(void *arg) {
    struct worker *w = arg;
    w->result = 7; // RACE!
    return 0;
}

static void *watch(void *arg) {
    (void)arg;
    return 0;
}

int main(void) {
    enum { N = 3 };
    struct worker *workers[N];
    for (int i = 0; i < N; i++) {
        struct worker *w = malloc(sizeof *w);
        if (!w) abort();
        workers[i] = w;
        pthread_create(&w->tid, NULL, run, w);
        pthread_create(&w->tid, NULL, watch, 0);
    }
    long total = 0;
    for (int i = 0; i < N; i++) {
        pthread_join(workers[i]->tid, NULL);
        total += workers[i]->result; // RACE!
    }
    printf("%ld\n", total);
    return 0;
}
