/* expect: race-free */
/* the worker's write is guarded by a contradiction between two locals (a + 1u never equals a modulo 2^32) that no interval sees; the bounded layer proves the write dead */
#include <pthread.h>
extern unsigned int __VERIFIER_nondet_uint(void);
int g;
void *worker(void *arg) {
    unsigned a = __VERIFIER_nondet_uint();
    unsigned b = a + 1u;
    if (b == a)
        g = 1; // NORACE
    return 0;
}
int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    g = 2; // NORACE
    pthread_join(t, 0);
    return 0;
}
