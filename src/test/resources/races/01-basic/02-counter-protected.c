/* expect: race-free */
/* Main and a worker increment a global counter, both holding the same mutex. */
#include <pthread.h>

int counter;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m);
    counter++; // NORACE
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    pthread_mutex_lock(&m);
    counter++; // NORACE
    pthread_mutex_unlock(&m);
    pthread_join(t, NULL);
    return counter; // NORACE
}
