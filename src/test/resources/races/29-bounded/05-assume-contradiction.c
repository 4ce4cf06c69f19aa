/* expect: race-free */
/* __VERIFIER_assume(x > y) makes the guard y > x of main's write a contradiction between two inputs */
#include <pthread.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int g;
void *worker(void *arg) {
    g = 1; // NORACE
    return 0;
}
int main(void) {
    pthread_t t;
    int x = __VERIFIER_nondet_int();
    int y = __VERIFIER_nondet_int();
    __VERIFIER_assume(x > y);
    pthread_create(&t, 0, worker, 0);
    if (y > x)
        g = 2; // NORACE
    pthread_join(t, 0);
    return 0;
}
