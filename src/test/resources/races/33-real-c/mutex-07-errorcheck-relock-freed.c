/* expect: racy */
/* An error-checking mutex relocked: the relock fails with EDEADLK, the mutex stays held once, one unlock frees it. */
#define _GNU_SOURCE
#include <pthread.h>

pthread_mutex_t m = PTHREAD_ERRORCHECK_MUTEX_INITIALIZER_NP;
int g;

void *worker(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m);
    g = 1; // RACE!
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    pthread_mutex_lock(&m);
    int r = pthread_mutex_lock(&m);
    pthread_mutex_unlock(&m);
    g = 2 + r; // RACE!
    pthread_mutex_unlock(&m);
    pthread_join(t, NULL);
    return 0;
}
