/* expect: race-free */
/* A worker starts and joins its own helper; main joins the worker, so the helper has ended too. */
#include <pthread.h>

int x;

void *helper(void *arg) {
    x = 1; // NORACE
    return arg;
}

void *worker(void *arg) {
    pthread_t h;
    pthread_create(&h, NULL, helper, NULL);
    pthread_join(h, NULL);
    return arg;
}

int main(void) {
    pthread_t w;
    pthread_create(&w, NULL, worker, NULL);
    pthread_join(w, NULL);
    x = 2; // NORACE
    return x;
}
