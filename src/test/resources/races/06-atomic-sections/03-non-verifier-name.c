/* expect: racy */
/* A function merely called atomic_increment (no __VERIFIER_atomic_ prefix) gives no atomicity. */
#include <pthread.h>

int x;

void atomic_increment(void) {
    x = x + 1; // RACE!
}

void *worker(void *arg) {
    (void)arg;
    atomic_increment();
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, NULL, worker, NULL);
    pthread_create(&t2, NULL, worker, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return x; // NORACE
}
