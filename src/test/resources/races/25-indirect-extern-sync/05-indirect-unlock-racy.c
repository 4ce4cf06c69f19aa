/* expect: racy */
/* pthread_mutex_unlock called through a function pointer releases m: the increment after it is unprotected. */
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int g;
int (*release)(pthread_mutex_t *) = pthread_mutex_unlock;

void *worker(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m);
    release(&m);
    g++; // RACE!
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    pthread_mutex_lock(&m);
    g++; // RACE!
    pthread_mutex_unlock(&m);
    pthread_join(t, NULL);
    return 0;
}
