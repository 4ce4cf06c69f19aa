/* expect: race-free */
/* The once flag is reset by assignment only after the thread that uses it was joined. */
#include <pthread.h>

pthread_once_t once = PTHREAD_ONCE_INIT;
int g;

void init(void) { g++; }

void *worker(void *arg) {
    (void)arg;
    pthread_once(&once, init); // NORACE
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_once_t fresh = PTHREAD_ONCE_INIT;
    pthread_create(&t, NULL, worker, NULL);
    pthread_join(t, NULL);
    once = fresh; // NORACE
    return g;
}
