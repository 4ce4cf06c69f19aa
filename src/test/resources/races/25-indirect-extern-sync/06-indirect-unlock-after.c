/* expect: race-free */
/* pthread_mutex_lock and pthread_mutex_unlock called through function pointers protect g like direct calls. */
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int g;
int (*acquire)(pthread_mutex_t *) = pthread_mutex_lock;
int (*release)(pthread_mutex_t *) = pthread_mutex_unlock;

void *worker(void *arg) {
    (void)arg;
    acquire(&m);
    g++; // NORACE
    release(&m);
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    acquire(&m);
    g++; // NORACE
    release(&m);
    pthread_join(t, NULL);
    return 0;
}
