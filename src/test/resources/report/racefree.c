/* Race-free: `count` is protected by `m`, `config` is written before the thread exists, and
 * `result` is read only after the thread has been joined. */
#include <pthread.h>

int count;
int config;
int result;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m);
    count += config;
    pthread_mutex_unlock(&m);
    result = 42;
    return 0;
}

int main(void) {
    pthread_t t;
    config = 3;
    pthread_create(&t, 0, worker, 0);
    pthread_mutex_lock(&m);
    count++;
    pthread_mutex_unlock(&m);
    pthread_join(t, 0);
    return result + count;
}
