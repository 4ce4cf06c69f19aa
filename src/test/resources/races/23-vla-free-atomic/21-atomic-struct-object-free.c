/* expect: race-free */
/* Loads and stores of a whole _Atomic struct object are atomic, in either spelling. */
#include <pthread.h>

struct pair { int lo; int hi; };

_Atomic struct pair a;
_Atomic(struct pair) b;

void *worker(void *arg) {
    struct pair v = { (int)(long)arg, 1 };
    a = v; // NORACE
    b = a; // NORACE
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, NULL, worker, (void *)1L);
    pthread_create(&t2, NULL, worker, (void *)2L);
    struct pair r = b; // NORACE
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return r.lo;
}
