/* expect: race-free */
/* flag is 0 or 1 before the worker starts and never changes after, so the worker's guard flag == 2 never holds:
 * the only candidate pair (the writes of g) is refuted by the model checker within complete bounds. */
#include <pthread.h>
extern int __VERIFIER_nondet_int(void);
int flag, g;
void *worker(void *arg) {
    if (flag == 2)
        g = 1; // NORACE
    return 0;
}
int main(void) {
    pthread_t t;
    int n = __VERIFIER_nondet_int();
    flag = n > 5;
    pthread_create(&t, 0, worker, 0);
    g = 2; // NORACE
    pthread_join(t, 0);
    return 0;
}
