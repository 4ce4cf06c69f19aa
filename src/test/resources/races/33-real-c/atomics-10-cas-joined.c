/* expect: race-free */
/* a pointer published with atomic_compare_exchange_strong; main reads the object after the join */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

struct box { int count; };
struct box *_Atomic holder;

void *worker(void *arg) {
    struct box *c = atomic_load(&holder);
    if (c) c->count++; // NORACE
    return 0;
}

int main(void) {
    pthread_t t;
    struct box *b = malloc(sizeof *b);
    if (!b) return 1;
    b->count = 0;
    struct box *expected = 0; atomic_compare_exchange_strong(&holder, &expected, b);
    pthread_create(&t, 0, worker, 0);
    pthread_join(t, 0);
    return b->count; // NORACE
}
