/* expect: racy */
/* Two instances of the same thread increment a global counter without synchronisation. */
#include <pthread.h>

int counter;

void *worker(void *arg) {
    (void)arg;
    counter++; // RACE!
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, NULL, worker, NULL);
    pthread_create(&t2, NULL, worker, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return counter; // NORACE
}
