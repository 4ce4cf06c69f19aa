/* expect: race-free */
/* A join through a counter of live threads (pthread-race-challenges/thread-join-counter-outer): main adds 1 to
   `alive` under its mutex before each create, each worker subtracts 1 under it as the last thing it does, and main
   waits until it reads 0. Every worker created has then ended, so main's unprotected read of `data` comes after
   every worker's write (weft.thread.CounterJoins). */
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);

int alive = 0;
pthread_mutex_t alive_mutex = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t alive_cond = PTHREAD_COND_INITIALIZER;
int data = 0;
pthread_mutex_t data_mutex = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
    (void)arg;
    pthread_mutex_lock(&data_mutex);
    data = __VERIFIER_nondet_int(); // NORACE
    pthread_mutex_unlock(&data_mutex);
    pthread_mutex_lock(&alive_mutex);
    alive--;
    pthread_cond_signal(&alive_cond);
    pthread_mutex_unlock(&alive_mutex);
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
    while (alive != 0)
        pthread_cond_wait(&alive_cond, &alive_mutex);
    pthread_mutex_unlock(&alive_mutex);
    return data; // NORACE
}
