/* expect: racy */
/* The worker writes g only when its input is exactly 7. */
#include <pthread.h>
extern int __VERIFIER_nondet_int(void);
int g;
void *worker(void *arg) {
    int v = __VERIFIER_nondet_int();
    if (v == 7) g = 1; // RACE!
    return 0;
}
int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    g = 2; // RACE!
    pthread_join(t, 0);
    return 0;
}
