/* expect: racy */
/* weft: imprecise: barrier phases are not modelled */
/* A write before the barrier is ordered with reads after it, but a write after the barrier races with them. */
#include <pthread.h>

pthread_barrier_t barrier;
int x;

void *writer(void *arg) {
    (void)arg;
    x = 1; // NORACE
    pthread_barrier_wait(&barrier);
    x = 2; // RACE!
    return NULL;
}

void *reader(void *arg) {
    pthread_barrier_wait(&barrier);
    return x == 1 ? NULL : arg; // RACE!
}

int main(void) {
    pthread_t t1, t2;
    pthread_barrier_init(&barrier, NULL, 2);
    pthread_create(&t1, NULL, writer, NULL);
    pthread_create(&t2, NULL, reader, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    pthread_barrier_destroy(&barrier);
    return x; // NORACE
}
