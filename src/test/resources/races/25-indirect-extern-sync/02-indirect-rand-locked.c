/* expect: race-free */
/* rand called through a function pointer, always under one mutex: the hidden state is protected. */
#include <pthread.h>
#include <stdlib.h>

int (*gen)(void) = rand;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m);
    gen(); // NORACE
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    pthread_mutex_lock(&m);
    gen(); // NORACE
    pthread_mutex_unlock(&m);
    pthread_join(t, NULL);
    return 0;
}
