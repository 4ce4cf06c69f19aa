/* A data race: main and the worker both increment `counter` without holding a lock.
 * `safe` is protected by `lock` everywhere and is not racy. */
#include <pthread.h>
#include <stdio.h>

int counter = 0;
int safe = 0;
pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
    (void)arg;
    counter++; /* races with main's increment */
    pthread_mutex_lock(&lock);
    safe++;
    pthread_mutex_unlock(&lock);
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    counter++; /* races with worker's increment */
    pthread_mutex_lock(&lock);
    safe++;
    pthread_mutex_unlock(&lock);
    pthread_join(t, NULL);
    printf("counter=%d safe=%d\n", counter, safe);
    return 0;
}
