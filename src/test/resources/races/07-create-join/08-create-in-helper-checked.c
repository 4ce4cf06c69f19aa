/* expect: race-free */
/* A helper creates the worker only on its success path (returns 0); main joins only when it got 0. */
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);

pthread_t worker_id;
int x;

void *worker(void *arg) {
    x = 1; // NORACE
    return arg;
}

int start(int fail) {
    if (fail)
        return -1;
    pthread_create(&worker_id, NULL, worker, NULL);
    return 0;
}

int main(void) {
    int ret = start(__VERIFIER_nondet_int());
    if (ret == 0)
        pthread_join(worker_id, NULL);
    x = 2; // NORACE
    return x; // NORACE
}
