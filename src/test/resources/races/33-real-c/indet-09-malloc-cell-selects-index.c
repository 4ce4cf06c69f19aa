/* expect: racy */
/* a malloc'd cell read before it is written decides the index main writes: fresh heap contents may be non-zero (TSan shows the race at -O0 when malloc reuses a block freed with a non-zero value); weft: the exploration makes the indeterminate value an input, as it does a __VERIFIER_nondet_int() result, and confirms the race */
#include <pthread.h>
#include <stdlib.h>
int A[2];
void *worker(void *arg) {
    A[1] = 1; // RACE!
    return 0;
}
int main(void) {
    pthread_t t;
    int *old = malloc(sizeof(int));
    *old = 1;
    free(old);
    int *cell = malloc(sizeof(int));
    int i = *cell ? 1 : 0;
    pthread_create(&t, 0, worker, 0);
    A[i] = 2; // RACE!
    pthread_join(t, 0);
    return 0;
}
