/* expect: racy */
/* weft: imprecise: the interleaving search does not reach the timeout branch */
/* pthread_mutex_timedlock times out while main holds the mutex; the timeout branch races with main's locked write. */
#include <pthread.h>
#include <time.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int x;

void *worker(void *arg) {
    struct timespec past = { 0, 0 };
    (void)arg;
    if (pthread_mutex_timedlock(&m, &past) == 0) {
        x++; // NORACE
        pthread_mutex_unlock(&m);
    } else {
        x--; // RACE!
    }
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    pthread_mutex_lock(&m);
    x += 10; // RACE!
    pthread_mutex_unlock(&m);
    pthread_join(t, NULL);
    return x; // NORACE
}
