/* expect: race-free */
/* The race-free twin of 15: when the second creation fails, main does the work itself under the mutex the worker
   takes too. Proved by the thread-modular layer (the exploration's proof stops at the creation whose result the
   program uses: D25). */
#include <pthread.h>

int g;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m);
    g = 1; // NORACE
    pthread_mutex_unlock(&m);
    return 0;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, 0, worker, 0);
    if (pthread_create(&t2, 0, worker, 0) != 0) {
        pthread_mutex_lock(&m);
        g = 2; // NORACE
        pthread_mutex_unlock(&m);
    } else {
        pthread_join(t2, 0);
    }
    pthread_join(t1, 0);
    return 0;
}
