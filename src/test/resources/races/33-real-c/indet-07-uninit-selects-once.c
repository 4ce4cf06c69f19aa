/* expect: racy */
/* an uninitialised flag chooses the pthread_once_t main runs the initialiser with: when it is non-zero, main's once differs from the worker's and both run the initialiser (TSan shows the race at -O0 with the stack slot dirtied by an earlier call); weft: the exploration makes the indeterminate value an input, as it does a __VERIFIER_nondet_int() result, and confirms the race */
#include <pthread.h>
pthread_once_t o1 = PTHREAD_ONCE_INIT, o2 = PTHREAD_ONCE_INIT;
int A;
static void init(void) {
    A++; // RACE!
}
void *worker(void *arg) {
    pthread_once(&o1, init);
    return 0;
}
static void dirty(void) {
    volatile int junk[64];
    for (int i = 0; i < 64; i++) junk[i] = 1;
}
static void run(void) {
    pthread_t t;
    int flag;
    pthread_once_t *o;
    if (flag) o = &o2; else o = &o1;
    pthread_create(&t, 0, worker, 0);
    pthread_once(o, init);
    pthread_join(t, 0);
}
int main(void) {
    dirty();
    run();
    return 0;
}
