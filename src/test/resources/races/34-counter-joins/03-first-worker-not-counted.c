/* expect: racy */
/* An off-by-one twin of 01: the first worker is created without an increment, so the count can reach 0 while it
   still runs (the second worker's decrement balances the one increment). */
#include <pthread.h>

int alive = 0;
pthread_mutex_t alive_mutex = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t alive_cond = PTHREAD_COND_INITIALIZER;
int data = 0;
pthread_mutex_t data_mutex = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
    (void)arg;
    pthread_mutex_lock(&data_mutex);
    data++; // RACE!
    pthread_mutex_unlock(&data_mutex);
    pthread_mutex_lock(&alive_mutex);
    alive--;
    pthread_cond_signal(&alive_cond);
    pthread_mutex_unlock(&alive_mutex);
    return 0;
}

int main(void) {
    for (int i = 0; i < 2; i++) {
        if (i > 0) {
            pthread_mutex_lock(&alive_mutex);
            alive++;
            pthread_mutex_unlock(&alive_mutex);
        }
        pthread_t t;
        pthread_create(&t, 0, worker, 0);
        pthread_detach(t);
    }
    pthread_mutex_lock(&alive_mutex);
    while (alive > 0)
        pthread_cond_wait(&alive_cond, &alive_mutex);
    pthread_mutex_unlock(&alive_mutex);
    return data; // RACE!
}
