/* expect: racy */
/* a local declared inside a loop body is set only in the first iteration: in the second it is indeterminate again and may select A (no TSan run: at -O0 the slot keeps the first iteration's zero); weft: the exploration makes the indeterminate value an input, as it does a __VERIFIER_nondet_int() result, and confirms the race */
#include <pthread.h>
int A, B;
int *s;
void *worker(void *arg) {
    A = 1; // RACE!
    return 0;
}
int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    for (int k = 0; k < 2; k++) {
        int x;
        if (k == 0) x = 0;
        if (x) s = &A; else s = &B;
        *s = 2; // RACE!
    }
    pthread_join(t, 0);
    return 0;
}
