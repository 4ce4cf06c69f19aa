/* expect: race-free */
/* A recursive mutex (PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP) locked twice and unlocked once is still held. */
#define _GNU_SOURCE
#include <pthread.h>

pthread_mutex_t m = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;
int g;

void *worker(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m);
    g = 1; // NORACE
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    pthread_mutex_lock(&m);
    pthread_mutex_lock(&m);
    pthread_mutex_unlock(&m);
    g = 2; // NORACE
    pthread_mutex_unlock(&m);
    pthread_join(t, NULL);
    return 0;
}
