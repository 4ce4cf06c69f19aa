/* expect: race-free */
/* A mutex made recursive with pthread_mutexattr_settype, locked twice and unlocked once, is still held. */
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
    pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_RECURSIVE);
    pthread_mutex_init(&m, &attr);
    pthread_create(&t, NULL, worker, NULL);
    pthread_mutex_lock(&m);
    pthread_mutex_lock(&m);
    pthread_mutex_unlock(&m);
    g = 2; // NORACE
    pthread_mutex_unlock(&m);
    pthread_join(t, NULL);
    return 0;
}
