/* expect: race-free */
/* Plain operators on an _Atomic object (++, +=, =, reads) are atomic operations and do not race. */
#include <pthread.h>

_Atomic int x;

void *worker(void *arg) {
    (void)arg;
    x++; // NORACE
    x += 2; // NORACE
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, NULL, worker, NULL);
    pthread_create(&t2, NULL, worker, NULL);
    x = 5; // NORACE
    int r = x; // NORACE
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return r;
}
