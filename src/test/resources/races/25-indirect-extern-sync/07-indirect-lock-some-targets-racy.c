/* expect: racy */
/* The pointer may denote pthread_mutex_lock or a function that takes no lock: m is not a must-lock. */
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int g;

int nolock(pthread_mutex_t *l) { (void)l; return 0; }

int (*acquire)(pthread_mutex_t *) = pthread_mutex_lock;
int (*release)(pthread_mutex_t *) = pthread_mutex_unlock;

void *worker(void *arg) {
    (void)arg;
    acquire(&m);
    g++; // RACE!
    release(&m);
    return NULL;
}

int main(void) {
    pthread_t t;
    acquire = nolock;
    release = nolock;
    pthread_create(&t, NULL, worker, NULL);
    pthread_mutex_lock(&m);
    g++; // RACE!
    pthread_mutex_unlock(&m);
    pthread_join(t, NULL);
    return 0;
}
