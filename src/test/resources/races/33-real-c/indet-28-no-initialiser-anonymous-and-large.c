/* expect: racy */
/* the twin of indet-27 without the brace initialiser: the anonymous union's member and the large array stay indeterminate, and main may write A (TSan shows the race at -O0 with the stack dirtied by an earlier call); weft: the exploration makes the indeterminate value an input and confirms the race */
#include <pthread.h>
int A, B;
struct s {
    int a;
    union {
        int x;
        int y;
    };
    int big[300];
};
void *worker(void *arg) {
    A = 1; // RACE!
    return 0;
}
static void dirty(void) {
    volatile int junk[512];
    for (int i = 0; i < 512; i++) junk[i] = 1;
}
static void run(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    struct s v;
    v.a = 1;
    if (v.x || v.big[299])
        A = 2; // RACE!
    else
        B = 2;
    pthread_join(t, 0);
}
int main(void) {
    dirty();
    run();
    return 0;
}
