/* expect: race-free */
/* Two producers and one consumer share an item count; every access holds the mutex, also around cond_wait. */
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t nonempty = PTHREAD_COND_INITIALIZER;
int items;

void *producer(void *arg) {
    (void)arg;
    for (int i = 0; i < 2; i++) {
        pthread_mutex_lock(&m);
        items++; // NORACE
        pthread_cond_signal(&nonempty);
        pthread_mutex_unlock(&m);
    }
    return NULL;
}

void *consumer(void *arg) {
    (void)arg;
    for (int i = 0; i < 4; i++) {
        pthread_mutex_lock(&m);
        while (items == 0) // NORACE
            pthread_cond_wait(&nonempty, &m);
        items--; // NORACE
        pthread_mutex_unlock(&m);
    }
    return NULL;
}

int main(void) {
    pthread_t p1, p2, c;
    pthread_create(&c, NULL, consumer, NULL);
    pthread_create(&p1, NULL, producer, NULL);
    pthread_create(&p2, NULL, producer, NULL);
    pthread_join(p1, NULL);
    pthread_join(p2, NULL);
    pthread_join(c, NULL);
    return items; // NORACE
}
