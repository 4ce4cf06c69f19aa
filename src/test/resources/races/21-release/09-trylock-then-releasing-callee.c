/* expect: racy */
/* A successful trylock's lock is released by a callee before the result is tested. */
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int counter;

void finish(int r) {
    if (r == 0)
        pthread_mutex_unlock(&m);
}

void *worker(void *arg) {
    (void)arg;
    int r = pthread_mutex_trylock(&m);
    finish(r);
    if (r == 0)
        counter++; // RACE!
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, NULL, worker, NULL);
    pthread_create(&t2, NULL, worker, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return 0;
}
