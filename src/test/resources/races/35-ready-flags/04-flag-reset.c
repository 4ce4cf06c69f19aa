/* expect: racy */
/* A twin of 01 whose main resets the flag: a worker that saw it set may read `data` while main, having cleared the
   flag, writes it again. A flag written with 0 orders nothing. */
#include <pthread.h>

int ready = 0;
pthread_mutex_t ready_mutex = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t ready_cond = PTHREAD_COND_INITIALIZER;
int data = 0;

void *worker(void *arg) {
    (void)arg;
    pthread_mutex_lock(&ready_mutex);
    while (ready == 0)
        pthread_cond_wait(&ready_cond, &ready_mutex);
    pthread_mutex_unlock(&ready_mutex);
    int x = data; // RACE!
    return (void *)(long)x;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    for (int round = 0; round < 2; round++) {
        pthread_mutex_lock(&ready_mutex);
        ready = 0;
        pthread_mutex_unlock(&ready_mutex);
        data = round; // RACE!
        pthread_mutex_lock(&ready_mutex);
        ready = 1;
        pthread_cond_broadcast(&ready_cond);
        pthread_mutex_unlock(&ready_mutex);
    }
    pthread_join(t, 0);
    return 0;
}
