/* expect: race-free */
/* The worker is created on a nondet branch and joined on the same branch before main writes the global. */
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);

int g;

void *worker(void *arg) {
    g = 1; // NORACE
    return arg;
}

int main(void) {
    pthread_t t;
    if (__VERIFIER_nondet_int()) {
        pthread_create(&t, NULL, worker, NULL);
        pthread_join(t, NULL);
    }
    g = 2; // NORACE
    return g; // NORACE
}
