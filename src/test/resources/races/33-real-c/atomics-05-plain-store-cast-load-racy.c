/* expect: racy */
/* a pointer stored plainly and read back with atomic_load through a cast to an _Atomic pointer: the accesses race */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

struct box { int count; };
struct box *holder;

void *worker(void *arg) {
    struct box *c = atomic_load((struct box *_Atomic *)&holder);
    if (c) c->count++; // RACE!
    return 0;
}

int main(void) {
    pthread_t t;
    struct box *b = malloc(sizeof *b);
    if (!b) return 1;
    b->count = 0;
    holder = b;
    pthread_create(&t, 0, worker, 0);
    int v = b->count; // RACE!
    pthread_join(t, 0);
    return v;
}
