/* expect: race-free */
/* As 01, but main writes g before it publishes y under the lock: the worker's write is ordered after it. */
#include <pthread.h>
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int x, y, g;
void *worker(void *arg) {
    pthread_mutex_lock(&m); x = 1; pthread_mutex_unlock(&m);
    pthread_mutex_lock(&m); int r = y; pthread_mutex_unlock(&m);
    if (r) g = 1; // NORACE
    return 0;
}
int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    pthread_mutex_lock(&m); int s = x; pthread_mutex_unlock(&m);
    if (s) {
        g = 2; // NORACE
        pthread_mutex_lock(&m); y = 1; pthread_mutex_unlock(&m);
    }
    return 0;
}
