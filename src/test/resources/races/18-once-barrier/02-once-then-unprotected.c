/* expect: racy */
/* The write in the once-initialiser is ordered, but the callers' later unprotected updates race with each other. */
#include <pthread.h>

pthread_once_t once = PTHREAD_ONCE_INIT;
int g;

static void init(void) {
    g = 10; // NORACE
}

void *worker(void *arg) {
    (void)arg;
    pthread_once(&once, init);
    g++; // RACE!
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
