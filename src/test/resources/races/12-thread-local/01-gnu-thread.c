/* expect: race-free */
/* A __thread variable has one instance per thread, so unsynchronised updates from every thread never race. */
#include <pthread.h>

__thread int counter;

void *worker(void *arg) {
    (void)arg;
    for (int i = 0; i < 5; i++)
        counter++; // NORACE
    return counter == 5 ? NULL : arg; // NORACE
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, NULL, worker, NULL);
    pthread_create(&t2, NULL, worker, NULL);
    counter = 100; // NORACE
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return counter; // NORACE
}
