/* expect: race-free */
/* a pointer stored plainly and read back with atomic_load through a cast; main reads the object after the join */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

struct box { int count; };
struct box *holder;

void *worker(void *arg) {
    struct box *c = atomic_load((struct box *_Atomic *)&holder);
    if (c) c->count++; // NORACE
    return 0;
}

int main(void) {
    pthread_t t;
    struct box *b = malloc(sizeof *b);
    if (!b) return 1;
    b->count = 0;
    holder = b;
    pthread_create(&t, 0, worker, 0);
    pthread_join(t, 0);
    return b->count; // NORACE
}
