/* expect: race-free */
/* Read and write are in two separate atomic sections: an atomicity violation, but not a data race. */
#include <pthread.h>

void __VERIFIER_atomic_begin(void);
void __VERIFIER_atomic_end(void);

int x;

void *worker(void *arg) {
    int tmp;
    (void)arg;
    __VERIFIER_atomic_begin();
    tmp = x; // NORACE
    __VERIFIER_atomic_end();
    tmp++;
    __VERIFIER_atomic_begin();
    x = tmp; // NORACE
    __VERIFIER_atomic_end();
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
