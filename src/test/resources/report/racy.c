/* Two races: `hits` is incremented without a lock by every worker, and `total` is written by
 * main under `a` but read by the workers under `b` (different locks). `done` is race-free. */
#include <pthread.h>

int hits;
int total;
int done;
pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER;
pthread_mutex_t b = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
    (void)arg;
    hits++;
    pthread_mutex_lock(&b);
    int t = total;
    pthread_mutex_unlock(&b);
    pthread_mutex_lock(&a);
    done += t;
    pthread_mutex_unlock(&a);
    return 0;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, 0, worker, 0);
    pthread_create(&t2, 0, worker, 0);
    pthread_mutex_lock(&a);
    total = 10;
    pthread_mutex_unlock(&a);
    pthread_join(t1, 0);
    pthread_join(t2, 0);
    return done;
}
