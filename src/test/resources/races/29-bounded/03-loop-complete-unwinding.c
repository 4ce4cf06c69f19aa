/* expect: race-free */
/* a loop of ten iterations relates two counters (j == 2 * i after it); the write guarded by their inequality is dead, which only a complete unwinding of the loop shows (an input keeps the exhaustive exploration out) */
#include <pthread.h>
extern int __VERIFIER_nondet_int(void);
int g;
void *worker(void *arg) {
    int i, j = 0;
    int k = __VERIFIER_nondet_int();
    for (i = 0; i < 10; i++)
        j += 2;
    if (j != 2 * i && k > 0)
        g = k; // NORACE
    return 0;
}
int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    g = 2; // NORACE
    pthread_join(t, 0);
    return 0;
}
