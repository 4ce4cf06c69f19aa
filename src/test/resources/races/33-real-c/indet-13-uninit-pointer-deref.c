/* expect: racy */
/* main writes through an uninitialised local pointer (undefined behaviour: it may point at A); TSan shows the race at -O0 when an earlier call leaves &A in the stack slot; weft: imprecise: the exploration makes indeterminate integers inputs but gives up on an indeterminate pointer (choosing its target would not be a real execution one can check), so the race is not confirmed (unknown, never true) */
#include <pthread.h>
int A, B;
void *worker(void *arg) {
    A = 1; /* races when p points to A: no line is reported, the points-to analysis stops at the read of p */
    return 0;
}
static void dirty(void) {
    pthread_t t;
    int *volatile p = &A;
    (void)t;
    (void)p;
}
static void run(void) {
    pthread_t t;
    int *p;
    pthread_create(&t, 0, worker, 0);
    *p = 2; /* races when p points to A: no line is reported, the points-to analysis stops at the read of p */
    pthread_join(t, 0);
}
int main(void) {
    dirty();
    run();
    return 0;
}
