/* expect: racy */
/* main re-initialises the mutex while the worker may hold it: the initialisation is a plain write of the mutex and races with the worker's lock operations */
#include <pthread.h>

pthread_mutex_t m;
int g;

void *t(void *a) {
    pthread_mutex_lock(&m); // RACE!
    g++;
    pthread_mutex_unlock(&m); // RACE!
    return 0;
}

int main(void) {
    pthread_t x;
    pthread_mutex_init(&m, 0);
    pthread_create(&x, 0, t, 0);
    pthread_mutex_init(&m, 0); // RACE!
    pthread_mutex_lock(&m);
    g++;
    pthread_mutex_unlock(&m);
    pthread_join(x, 0);
    return 0;
}
