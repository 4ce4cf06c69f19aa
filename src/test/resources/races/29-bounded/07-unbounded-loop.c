/* expect: race-free */
/* weft: imprecise: the loop's trip count is an input, so no unwinding is complete and the bounded layer cannot prove the write after it dead (j counts up from 0) */
#include <pthread.h>
extern int __VERIFIER_nondet_int(void);
int g;
void *worker(void *arg) {
    int n = __VERIFIER_nondet_int();
    int i, j = 0;
    for (i = 0; i < n && i < 1000000; i++)
        j++;
    if (j < 0)
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
