/* expect: racy */
/* main holds the mutex when it starts the worker, so the worker can only take it once main waits: every racing
   run has main stop within pthread_cond_wait (mutex released, waiting to take it again), which the explorer runs
   as one step that blocks. Regression: the replay took such a stop for one before the wait, skipped the worker's
   segment (blocked on the mutex main still held) and lost the run. */
#include <pthread.h>
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t c = PTHREAD_COND_INITIALIZER;
int started, data;
void *worker(void *arg) {
    pthread_mutex_lock(&m);
    started = 1;
    pthread_cond_signal(&c);
    pthread_mutex_unlock(&m);
    data = 1; // RACE!
    return 0;
}
int main(void) {
    pthread_t t;
    pthread_mutex_lock(&m);
    pthread_create(&t, 0, worker, 0);
    while (!started) pthread_cond_wait(&c, &m);
    pthread_mutex_unlock(&m);
    return data; // RACE!
}
