/* expect: racy */
/* A barrier initialised with count 1 never waits, so it orders nothing between the two threads. */
#include <pthread.h>

pthread_barrier_t barrier;
int data;

void *writer(void *arg) {
    (void)arg;
    data = 1; // RACE!
    pthread_barrier_wait(&barrier);
    return NULL;
}

void *reader(void *arg) {
    pthread_barrier_wait(&barrier);
    return data == 1 ? NULL : arg; // RACE!
}

int main(void) {
    pthread_t t1, t2;
    pthread_barrier_init(&barrier, NULL, 1);
    pthread_create(&t1, NULL, writer, NULL);
    pthread_create(&t2, NULL, reader, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    pthread_barrier_destroy(&barrier);
    return data; // NORACE
}
