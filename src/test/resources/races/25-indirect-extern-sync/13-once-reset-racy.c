/* expect: racy */
/* A thread resets the once flag by assignment while the other calls pthread_once with it. */
#include <pthread.h>

pthread_once_t once = PTHREAD_ONCE_INIT;
int g;

void init(void) { g++; }

void *worker(void *arg) {
    (void)arg;
    pthread_once(&once, init); // RACE!
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_once_t fresh = PTHREAD_ONCE_INIT;
    pthread_create(&t, NULL, worker, NULL);
    once = fresh; // RACE!
    pthread_join(t, NULL);
    return 0;
}
