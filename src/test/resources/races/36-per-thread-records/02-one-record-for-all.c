/* expect: racy */
/* The racy twin of 01: the record is allocated once, before the loop, so every thread is given the same one. */
#include <pthread.h>
#include <stdlib.h>

struct record {
    int id;
    long sum;
};

void *worker(void *arg) {
    struct record *r = arg;
    r->sum += r->id; // RACE!
    return 0;
}

int main(void) {
    pthread_t tids[2];
    struct record *r = malloc(sizeof *r);
    if (!r) abort();
    r->id = 1;
    r->sum = 0;
    for (int i = 0; i < 2; i++)
        pthread_create(&tids[i], 0, worker, r);
    for (int i = 0; i < 2; i++)
        pthread_join(tids[i], 0);
    long s = r->sum;
    free(r);
    return s == 0;
}
