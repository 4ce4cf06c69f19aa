/* expect: racy */
/* A recursive mutex taken by a caller and again by its callee: after both unlocks the write is unprotected. */
#define _GNU_SOURCE
#include <pthread.h>

pthread_mutex_t m = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;
int g;

void bump(void) {
    pthread_mutex_lock(&m);
    g++; // RACE!
    pthread_mutex_unlock(&m);
}

void *worker(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m);
    bump();
    pthread_mutex_unlock(&m);
    g = 3; // RACE!
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
