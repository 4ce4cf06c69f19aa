/* A confirmed race: the worker sets `flag` while main reads it, nothing orders them. */
#include <pthread.h>

int flag;

void *worker(void *arg) {
    (void)arg;
    flag = 1;
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    int seen = flag;
    pthread_join(t, 0);
    return seen;
}
