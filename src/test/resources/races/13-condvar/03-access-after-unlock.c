/* expect: racy */
/* The flag is protected, but the producer writes the data after unlocking and the consumer reads it after unlocking. */
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
int ready;
int data;

void *producer(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m);
    ready = 1; // NORACE
    pthread_cond_signal(&cv);
    pthread_mutex_unlock(&m);
    data = 42; // RACE!
    return NULL;
}

void *consumer(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m);
    while (!ready) // NORACE
        pthread_cond_wait(&cv, &m);
    pthread_mutex_unlock(&m);
    int v = data; // RACE!
    return v == 42 ? NULL : arg;
}

int main(void) {
    pthread_t p, c;
    pthread_create(&c, NULL, consumer, NULL);
    pthread_create(&p, NULL, producer, NULL);
    pthread_join(p, NULL);
    pthread_join(c, NULL);
    return data; // NORACE
}
