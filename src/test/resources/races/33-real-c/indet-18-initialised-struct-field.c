/* expect: race-free */
/* the twin of indet-17: the struct has an initialiser, so its other field is zero and main writes B */
#include <pthread.h>
struct cfg { int shared; int verbose; };
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
    struct cfg c = { .verbose = 0 };
    if (c.shared) s = &A; else s = &B;
    pthread_create(&t, 0, worker, 0);
    *s = 2; // NORACE
    pthread_join(t, 0);
}
int main(void) {
    dirty();
    run();
    return 0;
}
