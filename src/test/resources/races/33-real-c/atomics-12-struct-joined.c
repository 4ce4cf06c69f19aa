/* expect: race-free */
/* a struct with a pointer member stored whole with atomic_store into an _Atomic struct and loaded whole; main reads the pointee after the join */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

struct box { int count; };
struct pair { long tag; struct box *ptr; };
_Atomic struct pair slot;

void *worker(void *arg) {
    struct pair p = atomic_load(&slot);
    if (p.ptr) p.ptr->count++; // NORACE
    return 0;
}

int main(void) {
    pthread_t t;
    struct box *b = malloc(sizeof *b);
    if (!b) return 1;
    b->count = 0;
    struct pair p = { 1, b };
    atomic_store(&slot, p);
    pthread_create(&t, 0, worker, 0);
    pthread_join(t, 0);
    return b->count; // NORACE
}
