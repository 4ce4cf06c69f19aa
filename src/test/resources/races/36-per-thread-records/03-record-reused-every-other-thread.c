/* expect: racy */
/* A twin of 01 that allocates a record only in even iterations: the odd thread is given its predecessor's record. */
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
    pthread_t tids[4];
    struct record *r = 0;
    for (int i = 0; i < 4; i++) {
        if (i % 2 == 0) {
            r = calloc(1, sizeof *r);
            if (!r) abort();
        }
        pthread_create(&tids[i], 0, worker, r);
    }
    for (int i = 0; i < 4; i++)
        pthread_join(tids[i], 0);
    return 0;
}
