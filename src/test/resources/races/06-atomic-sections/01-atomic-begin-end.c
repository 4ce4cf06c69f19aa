/* expect: race-free */
/* Every access to x is inside a __VERIFIER_atomic_begin/__VERIFIER_atomic_end section. */
#include <pthread.h>

void __VERIFIER_atomic_begin(void);
void __VERIFIER_atomic_end(void);

int x;

void *worker(void *arg) {
    (void)arg;
    __VERIFIER_atomic_begin();
    x = x + 1; // NORACE
    __VERIFIER_atomic_end();
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, NULL, worker, NULL);
    pthread_create(&t2, NULL, worker, NULL);
    __VERIFIER_atomic_begin();
    x = x * 2; // NORACE
    __VERIFIER_atomic_end();
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return x; // NORACE
}
