/* expect: racy */
/* weft: imprecise: a write through an uninitialised pointer is undefined: the points-to analysis reports it as a gap (verdict unknown), and the write reaches no object it knows, so no line is reported */
/* main writes through an uninitialised local pointer (undefined behaviour: it may point at A); TSan shows the race at -O0 when an earlier call leaves &A in the stack slot */
#include <pthread.h>
int A, B;
void *worker(void *arg) {
    A = 1;
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
    *p = 2;
    pthread_join(t, 0);
}
int main(void) {
    dirty();
    run();
    return 0;
}
