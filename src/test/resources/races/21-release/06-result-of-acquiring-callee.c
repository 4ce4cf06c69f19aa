/* expect: race-free */
/* g = start(): the callee takes the lock, and g is written after it returned, with the lock held. */
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int g;

int start(void) {
    pthread_mutex_lock(&m);
    return 1;
}

void *worker(void *arg) {
    (void)arg;
    g = start(); // NORACE
    g++; // NORACE
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, NULL, worker, NULL);
    pthread_create(&t2, NULL, worker, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return g; // NORACE
}
