/* expect: race-free */
/* the twin of indet-07: the flag is initialised to zero, so both threads use the same pthread_once_t and the initialiser runs once */
#include <pthread.h>
pthread_once_t o1 = PTHREAD_ONCE_INIT, o2 = PTHREAD_ONCE_INIT;
int A;
static void init(void) {
    A++; // NORACE
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
    int flag = 0;
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
