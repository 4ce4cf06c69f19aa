/* expect: racy */
/* a local struct whose bit-fields a and c are written and b is not: b is indeterminate and decides where main writes (TSan shows the race at -O0 with the stack dirtied by an earlier call); weft: the exploration makes the storage unit's indeterminate bits an input when the first bit-field store reads it, and confirms the race */
#include <pthread.h>
int A, B;
struct flags {
    unsigned a : 1, b : 3, c : 4;
};
void *worker(void *arg) {
    A = 1; // RACE!
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
    pthread_create(&t, 0, worker, 0);
    if (f.b) {
        A = 2; // RACE!
    } else {
        B = 2;
    }
    pthread_join(t, 0);
}
int main(void) {
    dirty();
    run();
    return 0;
}
