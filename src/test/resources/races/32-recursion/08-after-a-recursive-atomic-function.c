/* expect: racy */
/* a recursive __VERIFIER_atomic_ function returns to a caller outside any atomic section: the update after it is unprotected */
#include <pthread.h>

int g;
int depth = 6;

void __VERIFIER_atomic_count(int n) {
    g++; // RACE!
    if (n > 0) __VERIFIER_atomic_count(n - 1);
}

void *worker(void *arg) {
    __VERIFIER_atomic_count(depth);
    g = 0; // RACE!
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
