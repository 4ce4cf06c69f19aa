/* expect: racy */
/* main writes through an uninitialised local pointer (undefined behaviour: it may point at A); TSan shows the race at -O0 when an earlier call leaves &A in the stack slot */
#include <pthread.h>
int A, B;
void *worker(void *arg) {
    A = 1; // RACE!
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
    *p = 2; // RACE!
    pthread_join(t, 0);
}
int main(void) {
    dirty();
    run();
    return 0;
}
