/* expect: racy */
/* An input number of workers, at most two, each incrementing the same counter that main reads after joining them:
   a race only when the input is two. The closed variants explored for races (every input one, then zero) have
   none, which must not make the verdict true. */
#include <pthread.h>
extern int __VERIFIER_nondet_int(void);
int counter;

void *worker(void *arg) {
    counter++; // RACE!
    return 0;
}

int main(void) {
    pthread_t t[2];
    int n = __VERIFIER_nondet_int();
    if (n < 0 || n > 2) return 0;
    for (int i = 0; i < n; i++) pthread_create(&t[i], 0, worker, 0);
    for (int i = 0; i < n; i++) pthread_join(t[i], 0);
    return counter; // NORACE
}
