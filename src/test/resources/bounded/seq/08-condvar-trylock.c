/* expect: race-free */
/* A flag handed over with a condition variable (waits in a loop, spurious wake-ups allowed) and a counter updated
 * only when a trylock succeeds. */
#include <pthread.h>
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t c = PTHREAD_COND_INITIALIZER;
int ready, data, count;
void *worker(void *arg) {
    pthread_mutex_lock(&m);
    while (!ready) pthread_cond_wait(&c, &m);
    data++; // NORACE
    pthread_mutex_unlock(&m);
    if (pthread_mutex_trylock(&m) == 0) {
        count++; // NORACE
        pthread_mutex_unlock(&m);
    }
    return 0;
}
int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    pthread_mutex_lock(&m);
    data = 1; // NORACE
    ready = 1;
    pthread_cond_signal(&c);
    pthread_mutex_unlock(&m);
    pthread_mutex_lock(&m);
    count++; // NORACE
    pthread_mutex_unlock(&m);
    pthread_join(t, 0);
    return 0;
}
