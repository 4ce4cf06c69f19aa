/* expect: racy */
/* The racy twin of 01: the worker writes `data` after its decrement, so main may read 0 and go on while the last
   worker still writes. The counter join must not cover accesses after the decrement. */
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);

int alive = 0;
pthread_mutex_t alive_mutex = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t alive_cond = PTHREAD_COND_INITIALIZER;
int data = 0;
pthread_mutex_t data_mutex = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
    (void)arg;
    pthread_mutex_lock(&alive_mutex);
    alive--;
    pthread_cond_signal(&alive_cond);
    pthread_mutex_unlock(&alive_mutex);
    pthread_mutex_lock(&data_mutex);
    data = 1; // RACE!
    pthread_mutex_unlock(&data_mutex);
    return 0;
}

int main(void) {
    int n = __VERIFIER_nondet_int();
    for (int i = 0; i < n; i++) {
        pthread_mutex_lock(&alive_mutex);
        alive++;
        pthread_mutex_unlock(&alive_mutex);
        pthread_t t;
        pthread_create(&t, 0, worker, 0);
        pthread_detach(t);
    }
    pthread_mutex_lock(&alive_mutex);
    while (alive)
        pthread_cond_wait(&alive_cond, &alive_mutex);
    pthread_mutex_unlock(&alive_mutex);
    return data; // RACE!
}
