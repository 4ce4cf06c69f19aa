/* expect: race-free */
/* A function whose name starts with __VERIFIER_atomic_ executes atomically; x is only accessed inside it. */
#include <pthread.h>

int x;

void __VERIFIER_atomic_increment(void) {
    x = x + 1; // NORACE
}

void *worker(void *arg) {
    (void)arg;
    __VERIFIER_atomic_increment();
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, NULL, worker, NULL);
    pthread_create(&t2, NULL, worker, NULL);
    __VERIFIER_atomic_increment();
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return x; // NORACE
}
