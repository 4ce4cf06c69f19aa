/* expect: race-free */
/* A mutex made error-checking with pthread_mutexattr_settype (after the robustness attribute was set and cleared again, which does not change the kind), relocked: the relock fails with EDEADLK and the mutex stays held until the one unlock. */
#define _GNU_SOURCE
#include <pthread.h>

pthread_mutex_t m;
int g;

void *worker(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m);
    g = 1; // NORACE
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_mutexattr_t attr;
    pthread_mutexattr_init(&attr);
    pthread_mutexattr_setrobust(&attr, PTHREAD_MUTEX_ROBUST);
    pthread_mutexattr_setrobust(&attr, PTHREAD_MUTEX_STALLED);
    pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_ERRORCHECK);
    pthread_mutex_init(&m, &attr);
    pthread_mutexattr_destroy(&attr);
    pthread_create(&t, NULL, worker, NULL);
    pthread_mutex_lock(&m);
    int r = pthread_mutex_lock(&m);
    g = 2 + r; // NORACE
    pthread_mutex_unlock(&m);
    pthread_mutex_unlock(&m);
    pthread_join(t, NULL);
    return 0;
}
