/* expect: racy */
/* SV-COMP fib_bench style: two threads update i and j from each other, nondet many times, without locks. */
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void reach_error() {}

int i = 1, j = 1;

void *t1(void *arg) {
    int n = __VERIFIER_nondet_int();
    __VERIFIER_assume(n >= 0 && n <= 5);
    for (int k = 0; k < n; k++)
        i += j; // RACE!
    return arg;
}

void *t2(void *arg) {
    int n = __VERIFIER_nondet_int();
    __VERIFIER_assume(n >= 0 && n <= 5);
    for (int k = 0; k < n; k++)
        j += i; // RACE!
    return arg;
}

int main(void) {
    pthread_t id1, id2;
    pthread_create(&id1, NULL, t1, NULL);
    pthread_create(&id2, NULL, t2, NULL);
    pthread_join(id1, NULL);
    pthread_join(id2, NULL);
    if (i > 144 || j > 144) // NORACE
        reach_error();
    return 0;
}
