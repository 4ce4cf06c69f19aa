/* expect: race-free */
/* a recursive __VERIFIER_atomic_ function: every level runs inside the outermost call's atomic section (its nesting once overflowed the analysis' stack) */
#include <pthread.h>

int g;
int depth = 6;

void __VERIFIER_atomic_count(int n) {
    g++; // NORACE
    if (n > 0) __VERIFIER_atomic_count(n - 1);
    g--; // NORACE
}

void *worker(void *arg) {
    __VERIFIER_atomic_count(depth);
    return 0;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, 0, worker, 0);
    pthread_create(&t2, 0, worker, 0);
    pthread_join(t1, 0);
    pthread_join(t2, 0);
    return g;
}
