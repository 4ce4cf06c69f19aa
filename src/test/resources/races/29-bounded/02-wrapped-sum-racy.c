/* expect: racy */
/* racy twin of 01: the guard (b == a + 1u) always holds, so the worker's write races with main's */
#include <pthread.h>
extern unsigned int __VERIFIER_nondet_uint(void);
int g;
void *worker(void *arg) {
    unsigned a = __VERIFIER_nondet_uint();
    unsigned b = a + 1u;
    if (b == a + 1u)
        g = 1; // RACE!
    return 0;
}
int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    g = 2; // RACE!
    pthread_join(t, 0);
    return 0;
}
