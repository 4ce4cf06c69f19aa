/* expect: race-free */
/* the twin of indet-09: the malloc'd cell is written before it is read, so main writes A[0] */
#include <pthread.h>
#include <stdlib.h>
int A[2];
void *worker(void *arg) {
    A[1] = 1; // NORACE
    return 0;
}
int main(void) {
    pthread_t t;
    int *old = malloc(sizeof(int));
    *old = 1;
    free(old);
    int *cell = malloc(sizeof(int));
    *cell = 0;
    int i = *cell ? 1 : 0;
    pthread_create(&t, 0, worker, 0);
    A[i] = 2; // NORACE
    pthread_join(t, 0);
    return 0;
}
