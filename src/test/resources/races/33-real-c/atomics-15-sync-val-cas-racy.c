/* expect: racy */
/* a pointer published with __sync_val_compare_and_swap and taken with another: the object's plain accesses race */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

struct box { int count; };
struct box *holder;

void *worker(void *arg) {
    struct box *c = __sync_val_compare_and_swap(&holder, (struct box *)0, (struct box *)0);
    if (c) c->count++; // RACE!
    return 0;
}

int main(void) {
    pthread_t t;
    struct box *b = malloc(sizeof *b);
    if (!b) return 1;
    b->count = 0;
    __sync_val_compare_and_swap(&holder, (struct box *)0, b);
    pthread_create(&t, 0, worker, 0);
    int v = b->count; // RACE!
    pthread_join(t, 0);
    return v;
}
