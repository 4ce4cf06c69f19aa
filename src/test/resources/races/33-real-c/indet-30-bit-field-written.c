/* expect: race-free */
/* the twin of indet-29: every bit-field is written before it is read, so main writes B; weft: imprecise: the first bit-field store reads its storage unit, whose other bits are still indeterminate, and the exhaustive exploration (bytes, not bits) stops there as at any input, so no layer proves it (unknown, never false) */
#include <pthread.h>
int A, B;
struct flags {
    unsigned a : 1, b : 3, c : 4;
};
void *worker(void *arg) {
    A = 1; // NORACE
    return 0;
}
static void dirty(void) {
    volatile int junk[64];
    for (int i = 0; i < 64; i++) junk[i] = -1;
}
static void run(void) {
    pthread_t t;
    struct flags f;
    f.a = 1;
    f.c = 2;
    f.b = 0;
    pthread_create(&t, 0, worker, 0);
    if (f.b) {
        A = 2;
    } else {
        B = 2; // NORACE
    }
    pthread_join(t, 0);
}
int main(void) {
    dirty();
    run();
    return 0;
}
