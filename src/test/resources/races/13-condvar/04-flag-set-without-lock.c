/* expect: racy */
/* The producer sets the flag without the mutex (locking only around the signal); the waiter reads it under the mutex. */
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
int ready;

void *producer(void *arg) {
    (void)arg;
    ready = 1; // RACE!
    pthread_mutex_lock(&m);
    pthread_cond_signal(&cv);
    pthread_mutex_unlock(&m);
    return NULL;
}

void *consumer(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m);
    while (!ready) // RACE!
        pthread_cond_wait(&cv, &m);
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void) {
    pthread_t p, c;
    pthread_create(&c, NULL, consumer, NULL);
    pthread_create(&p, NULL, producer, NULL);
    pthread_join(p, NULL);
    pthread_join(c, NULL);
    return ready; // NORACE
}
