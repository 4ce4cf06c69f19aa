/* expect: race-free */
/* g = outer(): the lock is taken two calls deep and still held when the result is stored. */
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int g;

int inner(void) {
    pthread_mutex_lock(&m);
    return 1;
}

int outer(void) {
    return inner() + 1;
}

void *worker(void *arg) {
    (void)arg;
    g = outer(); // NORACE
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, NULL, worker, NULL);
    pthread_create(&t2, NULL, worker, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return g; // NORACE
}
