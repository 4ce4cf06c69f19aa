/* expect: racy */
/* Main accesses the global between pthread_create and pthread_join, concurrently with the worker. */
#include <pthread.h>

int x;

void *worker(void *arg) {
    (void)arg;
    x = 1; // RACE!
    return NULL;
}

int main(void) {
    pthread_t t;
    x = 0; // NORACE
    pthread_create(&t, NULL, worker, NULL);
    x = 2; // RACE!
    pthread_join(t, NULL);
    return x; // NORACE
}
