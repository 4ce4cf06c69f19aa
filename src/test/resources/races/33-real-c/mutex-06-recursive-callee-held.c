/* expect: race-free */
/* A recursive mutex taken by a caller and again by its callee: after the callee's unlock the caller still holds it. */
#define _GNU_SOURCE
#include <pthread.h>

pthread_mutex_t m = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;
int g;

void bump(void) {
    pthread_mutex_lock(&m);
    g++; // NORACE
    pthread_mutex_unlock(&m);
}

void *worker(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m);
    bump();
    g = 3; // NORACE
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, NULL, worker, NULL);
    pthread_create(&t2, NULL, worker, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return 0;
}
