/* expect: racy */
/* user code copying an atomically loaded pointer with __auto_type: the object's plain accesses race */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

struct box { int count; };
struct box *_Atomic holder;

void *worker(void *arg) {
    struct box *c = ({ __auto_type got = atomic_load(&holder); got; });
    if (c) c->count++; // RACE!
    return 0;
}

int main(void) {
    pthread_t t;
    struct box *b = malloc(sizeof *b);
    if (!b) return 1;
    b->count = 0;
    atomic_store(&holder, b);
    pthread_create(&t, 0, worker, 0);
    int v = b->count; // RACE!
    pthread_join(t, 0);
    return v;
}
