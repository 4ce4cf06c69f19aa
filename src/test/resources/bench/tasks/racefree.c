/* No data race: every access to `counter` and `safe` while the worker runs holds `lock`, and
 * main reads them unlocked only after joining the worker. */
#include <pthread.h>
#include <stdio.h>

int counter = 0;
int safe = 0;
pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
    (void)arg;
    pthread_mutex_lock(&lock);
    counter++;
    safe++;
    pthread_mutex_unlock(&lock);
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    pthread_mutex_lock(&lock);
    counter++;
    safe++;
    pthread_mutex_unlock(&lock);
    pthread_join(t, NULL);
    printf("counter=%d safe=%d\n", counter, safe);
    return 0;
}
