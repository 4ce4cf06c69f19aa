/* expect: race-free */
/* Each thread writes its own cell before a 2-party barrier and reads the other cell after it: truly ordered. */
#include <pthread.h>

pthread_barrier_t barrier;
int cells[2];

void *left(void *arg) {
    cells[0] = 1; // NORACE
    pthread_barrier_wait(&barrier);
    return cells[1] == 2 ? NULL : arg; // NORACE
}

void *right(void *arg) {
    cells[1] = 2; // NORACE
    pthread_barrier_wait(&barrier);
    return cells[0] == 1 ? NULL : arg; // NORACE
}

int main(void) {
    pthread_t t1, t2;
    pthread_barrier_init(&barrier, NULL, 2);
    pthread_create(&t1, NULL, left, NULL);
    pthread_create(&t2, NULL, right, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    pthread_barrier_destroy(&barrier);
    return 0;
}
