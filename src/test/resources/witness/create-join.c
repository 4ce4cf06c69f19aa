/* Golden witness: one worker thread writes a global that main reads before joining it. */
#include <pthread.h>

int counter;

void *worker(void *arg) {
    counter = counter + 1;
    return arg;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    int seen = counter;
    pthread_join(t, NULL);
    return seen;
}
