/* expect: racy */
/* g = op(): a call through a function pointer whose target releases the lock on its way. */
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int g;

int finish(void) {
    pthread_mutex_unlock(&m);
    return 1;
}

int keep(void) {
    return 0;
}

int (*op)(void) = finish;

void *worker(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m);
    g = op(); // RACE!
    if (g == 0)
        pthread_mutex_unlock(&m);
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, NULL, worker, NULL);
    pthread_create(&t2, NULL, worker, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return keep();
}
