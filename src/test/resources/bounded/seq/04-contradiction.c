/* expect: race-free */
/* The worker's write is guarded by a contradiction (an even number is odd). */
#include <pthread.h>
extern unsigned __VERIFIER_nondet_uint(void);
int g;
void *worker(void *arg) {
    unsigned a = __VERIFIER_nondet_uint();
    unsigned b = a * 2u;
    if (b % 2u == 1u) g = 1; // NORACE
    return 0;
}
int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    g = 2; // NORACE
    pthread_join(t, 0);
    return 0;
}
