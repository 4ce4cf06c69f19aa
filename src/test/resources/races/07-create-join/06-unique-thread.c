/* expect: race-free */
/* A thread created exactly once does not race with itself; main only touches the global after joining it. */
#include <pthread.h>

int counter;

void *worker(void *arg) {
    (void)arg;
    for (int i = 0; i < 10; i++)
        counter++; // NORACE
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    pthread_join(t, NULL);
    return counter; // NORACE
}
