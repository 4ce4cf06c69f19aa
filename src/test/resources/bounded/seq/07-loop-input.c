/* expect: racy */
/* The worker writes g after a loop whose trip count is an input, only when the loop ran 3 times. */
#include <pthread.h>
extern int __VERIFIER_nondet_int(void);
int g;
void *worker(void *arg) {
    int n = __VERIFIER_nondet_int();
    int i = 0;
    while (i < n) i++;
    if (i == 3) g = 1; // RACE!
    return 0;
}
int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    g = 2; // RACE!
    pthread_join(t, 0);
    return 0;
}
