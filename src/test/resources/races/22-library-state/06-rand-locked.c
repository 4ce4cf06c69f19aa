/* expect: race-free */
/* Twin of 05: srand and rand are called only under a common mutex. */
#include <pthread.h>
#include <stdlib.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *t(void *a) {
    pthread_mutex_lock(&m);
    int r = rand(); // NORACE
    pthread_mutex_unlock(&m);
    return (void *)(long)r;
}

int main(void) {
    pthread_t a;
    pthread_create(&a, 0, t, 0);
    pthread_mutex_lock(&m);
    srand(7); // NORACE
    int r = rand(); // NORACE
    pthread_mutex_unlock(&m);
    pthread_join(a, 0);
    return r & 1;
}
