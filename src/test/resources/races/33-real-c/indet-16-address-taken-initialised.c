/* expect: race-free */
/* the twin of indet-15: the address-taken local is initialised to zero, so main writes B */
#include <pthread.h>
int A, B;
int *s;
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
    int *px = &x;
    if (*px) s = &A; else s = &B;
    pthread_create(&t, 0, worker, 0);
    *s = 2; // NORACE
    pthread_join(t, 0);
}
int main(void) {
    dirty();
    run();
    return 0;
}
