/* expect: racy */
/* A twin of 01 that waits too early: main waits for the count to reach 0, then creates one more worker and reads
   `data` without waiting again. The wait joins the workers created before it, not the one created after. */
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
    pthread_t t;
    pthread_mutex_lock(&alive_mutex);
    alive++;
    pthread_mutex_unlock(&alive_mutex);
    pthread_create(&t, 0, worker, 0);
    pthread_mutex_lock(&alive_mutex);
    while (alive != 0)
        pthread_cond_wait(&alive_cond, &alive_mutex);
    pthread_mutex_unlock(&alive_mutex);
    pthread_mutex_lock(&alive_mutex);
    alive++;
    pthread_mutex_unlock(&alive_mutex);
    pthread_create(&t, 0, worker, 0);
    return data; // RACE!
}
