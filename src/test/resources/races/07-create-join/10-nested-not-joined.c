/* expect: racy */
/* The worker starts a helper but does not join it: joining the worker says nothing about the helper. */
#include <pthread.h>

int x;

void *helper(void *arg) {
    x = 1; // RACE!
    return arg;
}

void *worker(void *arg) {
    pthread_t h;
    pthread_create(&h, NULL, helper, NULL);
    return arg;
}

int main(void) {
    pthread_t w;
    pthread_create(&w, NULL, worker, NULL);
    pthread_join(w, NULL);
    x = 2; // RACE!
    return 0;
}
