/* expect: racy */
/* int *_Atomic and _Atomic(int *) make the pointer atomic, not the int (or struct) it points to. */
#include <pthread.h>

struct cell { int v; };

int target;
int other[2];
struct cell box;
int *_Atomic p = &target;
_Atomic(int *) q = other;
_Atomic(struct cell *) c = &box;

void *worker(void *arg) {
    (void)arg;
    (*p)++; // RACE!
    *q += 1; // RACE!
    q[1]++; // RACE!
    c->v++; // RACE!
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, NULL, worker, NULL);
    pthread_create(&t2, NULL, worker, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return target + other[0] + other[1] + box.v;
}
