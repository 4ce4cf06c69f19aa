/* expect: racy */
/* an uninitialised local decides which global main writes through a pointer: it may be non-zero (TSan shows the race at -O0 with the stack slot dirtied by an earlier call); weft: the exploration makes the indeterminate value an input, as it does a __VERIFIER_nondet_int() result, and confirms the race */
#include <pthread.h>
int A, B;
int *s;
void *worker(void *arg) {
    A = 1; // RACE!
    return 0;
}
static void dirty(void) {
    volatile int junk[64];
    for (int i = 0; i < 64; i++) junk[i] = 1;
}
static void run(void) {
    pthread_t t;
    int x;
    if (x) s = &A; else s = &B;
    pthread_create(&t, 0, worker, 0);
    *s = 2; // RACE!
    pthread_join(t, 0);
}
int main(void) {
    dirty();
    run();
    return 0;
}
