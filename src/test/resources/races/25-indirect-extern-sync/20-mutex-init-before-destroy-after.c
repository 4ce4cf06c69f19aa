/* expect: race-free */
/* twin of 19: the mutex is initialised before the worker is created and destroyed after it is joined, so both plain writes are ordered with the worker's lock operations */
#include <pthread.h>

pthread_mutex_t m;
int g;

void *t(void *a) {
    pthread_mutex_lock(&m); // NORACE
    g++; // NORACE
    pthread_mutex_unlock(&m);
    return 0;
}

int main(void) {
    pthread_t x;
    pthread_mutex_init(&m, 0); // NORACE
    pthread_create(&x, 0, t, 0);
    pthread_mutex_lock(&m);
    g++; // NORACE
    pthread_mutex_unlock(&m);
    pthread_join(x, 0);
    pthread_mutex_destroy(&m); // NORACE
    return 0;
}
