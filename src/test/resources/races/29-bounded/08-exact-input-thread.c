/* expect: racy */
/* The worker writes g only for one input value; the model checker finds it and the explorer replays it. */
#include <pthread.h>
extern int __VERIFIER_nondet_int(void);
int g;
void *worker(void *arg) {
    int x = __VERIFIER_nondet_int();
    if (x == 123456)
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
