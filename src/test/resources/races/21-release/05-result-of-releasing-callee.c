/* expect: racy */
/* g = finish(): the callee releases the lock, and g is written after it returned, without the lock. */
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int g;

int finish(void) {
    pthread_mutex_unlock(&m);
    return 1;
}

void *worker(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m);
    g = finish(); // RACE!
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, NULL, worker, NULL);
    pthread_create(&t2, NULL, worker, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return 0;
}
