/* expect: race-free */
/* A callee that performs no synchronisation between a trylock and the test of its result. */
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int counter;
int tries[2];

void note(int *slot, int r) {
    *slot = r;
}

void *worker(void *arg) {
    int r = pthread_mutex_trylock(&m);
    note(arg, r);
    if (r == 0) {
        counter++; // NORACE
        pthread_mutex_unlock(&m);
    }
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, NULL, worker, &tries[0]);
    pthread_create(&t2, NULL, worker, &tries[1]);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return counter; // NORACE
}
