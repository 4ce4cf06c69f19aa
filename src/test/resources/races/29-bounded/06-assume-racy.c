/* expect: racy */
/* racy twin of 05: under __VERIFIER_assume(x > y) the guard y < x holds, so main's write races with the worker's */
#include <pthread.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int g;
void *worker(void *arg) {
    g = 1; // RACE!
    return 0;
}
int main(void) {
    pthread_t t;
    int x = __VERIFIER_nondet_int();
    int y = __VERIFIER_nondet_int();
    __VERIFIER_assume(x > y);
    pthread_create(&t, 0, worker, 0);
    if (y < x)
        g = 2; // RACE!
    pthread_join(t, 0);
    return 0;
}
