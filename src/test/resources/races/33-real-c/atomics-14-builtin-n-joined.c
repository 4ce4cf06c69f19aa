/* expect: race-free */
/* a pointer published with __atomic_store_n and taken with __atomic_load_n; main reads the object after the join */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

struct box { int count; };
struct box *holder;

void *worker(void *arg) {
    struct box *c = __atomic_load_n(&holder, __ATOMIC_ACQUIRE);
    if (c) c->count++; // NORACE
    return 0;
}

int main(void) {
    pthread_t t;
    struct box *b = malloc(sizeof *b);
    if (!b) return 1;
    b->count = 0;
    __atomic_store_n(&holder, b, __ATOMIC_RELEASE);
    pthread_create(&t, 0, worker, 0);
    pthread_join(t, 0);
    return b->count; // NORACE
}
