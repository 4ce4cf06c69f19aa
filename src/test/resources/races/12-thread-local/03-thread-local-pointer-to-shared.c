/* expect: racy */
/* The pointer is thread-local, but every thread makes it point to the same global, which then races. */
#include <pthread.h>

int shared;
__thread int *mine;

void *worker(void *arg) {
    (void)arg;
    mine = &shared; // NORACE
    (*mine)++; // RACE!
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, NULL, worker, NULL);
    pthread_create(&t2, NULL, worker, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return shared; // NORACE
}
