/* expect: race-free */
/* Per-thread records kept in an array of pointers (the shape of pthread-race-challenges/per-thread-struct-tid, with
   the ids in an array main joins): each iteration allocates a record, stores it in `recs` and gives it to the thread
   it creates, so every instance writes its own record (weft.thread.InstanceKeys: an allocation made since the last
   create). main reads the records after joining every thread. */
#include <pthread.h>
#include <stdlib.h>

struct record {
    int id;
    long sum;
};

void *worker(void *arg) {
    struct record *r = arg;
    for (int k = 0; k < 10; k++)
        r->sum += k * r->id; // NORACE
    return 0;
}

int main(void) {
    enum { N = 4 };
    struct record *recs[N];
    pthread_t tids[N];
    for (int i = 0; i < N; i++) {
        struct record *r = malloc(sizeof *r);
        if (!r) abort();
        r->id = i;
        r->sum = 0;
        recs[i] = r;
        pthread_create(&tids[i], 0, worker, r);
    }
    for (int i = 0; i < N; i++)
        pthread_join(tids[i], 0);
    long total = 0;
    for (int i = 0; i < N; i++) {
        total += recs[i]->sum; // NORACE
        free(recs[i]);
    }
    return total == 0;
}
