/* expect: racy */
/* A twin of 01 with two create statements in one iteration: both threads are given the record allocated for the
   first (through a copy of the pointer), so they write one record. */
#include <pthread.h>
#include <stdlib.h>

struct record {
    int id;
    long sum;
};

void *worker(void *arg) {
    struct record *r = arg;
    r->sum += 1; // RACE!
    return 0;
}

int main(void) {
    pthread_t a[2], b[2];
    for (int i = 0; i < 2; i++) {
        struct record *r = calloc(1, sizeof *r);
        if (!r) abort();
        struct record *copy = r;
        pthread_create(&a[i], 0, worker, r);
        pthread_create(&b[i], 0, worker, copy);
    }
    for (int i = 0; i < 2; i++) {
        pthread_join(a[i], 0);
        pthread_join(b[i], 0);
    }
    return 0;
}
