/* expect: race-free */
/* pthread_mutex_timedlock: the access is on the success branch only, so the mutex is held. */
#include <pthread.h>
#include <time.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int x;

void *worker(void *arg) {
    struct timespec deadline;
    (void)arg;
    clock_gettime(CLOCK_REALTIME, &deadline);
    deadline.tv_sec += 1;
    if (pthread_mutex_timedlock(&m, &deadline) == 0) {
        x++; // NORACE
        pthread_mutex_unlock(&m);
    }
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, NULL, worker, NULL);
    pthread_create(&t2, NULL, worker, NULL);
    pthread_mutex_lock(&m);
    x += 10; // NORACE
    pthread_mutex_unlock(&m);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return x; // NORACE
}
