/* expect: racy */
/* The failure branch of pthread_mutex_trylock runs without the mutex; both workers can fail while main holds it. */
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int x;
int failures;

void *worker(void *arg) {
    (void)arg;
    if (pthread_mutex_trylock(&m) == 0) {
        x++; // NORACE
        pthread_mutex_unlock(&m);
    } else {
        failures++; // RACE!
    }
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, NULL, worker, NULL);
    pthread_create(&t2, NULL, worker, NULL);
    pthread_mutex_lock(&m);
    x += 10; // NORACE
    pthread_mutex_unlock(&m);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return failures; // NORACE
}
