/* expect: racy */
/* a pointer published with atomic_init and taken with atomic_load: the object's plain accesses race */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

struct box { int count; };
struct box *_Atomic holder;

void *worker(void *arg) {
    struct box *c = atomic_load(&holder);
    if (c) c->count++; // RACE!
    return 0;
}

int main(void) {
    pthread_t t;
    struct box *b = malloc(sizeof *b);
    if (!b) return 1;
    b->count = 0;
    atomic_init(&holder, b);
    pthread_create(&t, 0, worker, 0);
    int v = b->count; // RACE!
    pthread_join(t, 0);
    return v;
}
