/* expect: racy */
/* issue 35: per-worker slots in one cache-aligned block from posix_memalign; each worker writes its own slot, but both bump the block's shared count without a lock. The
   block is a new heap object with indeterminate bytes, like malloc's: the exploration runs the allocation, so the
   count's race is confirmed and replays. */
#include <pthread.h>
#include <stdlib.h>

struct slots {
    long count;
    long slot[2];
};

struct slots *block;

void *worker(void *arg) {
    long id = (long)arg;
    block->slot[id] = id + 1; /* its own slot: a possible race only (per-thread slots, issue 4) */
    block->count++; // RACE!
    return NULL;
}

int main(void) {
    void *p = NULL;
    if (posix_memalign(&p, 64, sizeof(struct slots)) != 0) return 1;
    block = p;
    block->count = 0;
    pthread_t t[2];
    for (long i = 0; i < 2; i++) pthread_create(&t[i], NULL, worker, (void *)i);
    for (int i = 0; i < 2; i++) pthread_join(t[i], NULL);
    long total = block->slot[0] + block->slot[1]; // NORACE
    free(block);
    return total == 3 ? 0 : 1;
}
