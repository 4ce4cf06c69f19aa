/* expect: race-free */
/* the twin of indet-03: the int is initialised to zero, so main writes only B */
#include <pthread.h>
int A, B;
void *worker(void *arg) {
    A = 1; // NORACE
    return 0;
}
static void dirty(void) {
    volatile int junk[64];
    for (int i = 0; i < 64; i++) junk[i] = 1;
}
static void run(void) {
    pthread_t t;
    int x = 0;
    pthread_create(&t, 0, worker, 0);
    if (x)
        A = 2; // NORACE
    else
        B = 2;
    pthread_join(t, 0);
}
int main(void) {
    dirty();
    run();
    return 0;
}
