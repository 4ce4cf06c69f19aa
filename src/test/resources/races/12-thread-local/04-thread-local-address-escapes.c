/* expect: racy */
/* Main publishes the address of its own instance of a __thread variable; the worker writes through it. */
#include <pthread.h>

__thread int tl;
int *published;

void *worker(void *arg) {
    (void)arg;
    tl = 5; // NORACE
    *published = 1; // RACE!
    return NULL;
}

int main(void) {
    pthread_t t;
    published = &tl; // NORACE
    pthread_create(&t, NULL, worker, NULL);
    tl = 2; // RACE!
    pthread_join(t, NULL);
    return tl; // NORACE
}
