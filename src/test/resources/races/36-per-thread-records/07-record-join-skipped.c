/* expect: racy */
/* The racy twin of 05: the join loop does not join worker 0 (it is meant to be joined elsewhere and is not), yet
   frees every record: record 0 is freed while its worker may still write it. */
#include <pthread.h>
#include <stdlib.h>

struct worker {
    pthread_t tid;
    long result;
};

static void *run(void *arg) {
    struct worker *w = arg;
    w->result = 42; // RACE!
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
    }
    for (int i = 0; i < N; i++) {
        if (i > 0)
            pthread_join(workers[i]->tid, NULL);
        free(workers[i]); // RACE!
    }
    return 0;
}
