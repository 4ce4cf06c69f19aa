/* expect: racy */
/* The racy twin of 01: main writes `data` again after setting the flag, while the workers that saw it read it. */
#include <pthread.h>

_Bool ready = 0;
pthread_mutex_t ready_mutex = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t ready_cond = PTHREAD_COND_INITIALIZER;
int data = 0;

void *worker(void *arg) {
    (void)arg;
    pthread_mutex_lock(&ready_mutex);
    while (!ready)
        pthread_cond_wait(&ready_cond, &ready_mutex);
    pthread_mutex_unlock(&ready_mutex);
    int x = data; // RACE!
    return (void *)(long)x;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    data = 1;
    pthread_mutex_lock(&ready_mutex);
    ready = 1;
    pthread_cond_broadcast(&ready_cond);
    pthread_mutex_unlock(&ready_mutex);
    data = 2; // RACE!
    pthread_join(t, 0);
    return 0;
}
