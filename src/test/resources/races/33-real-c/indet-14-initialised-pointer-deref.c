/* expect: race-free */
/* the twin of indet-13: the local pointer is initialised to B before main writes through it */
#include <pthread.h>
int A, B;
void *worker(void *arg) {
    A = 1; // NORACE
    return 0;
}
static void dirty(void) {
    pthread_t t;
    int *volatile p = &A;
    (void)t;
    (void)p;
}
static void run(void) {
    pthread_t t;
    int *p = &B;
    pthread_create(&t, 0, worker, 0);
    *p = 2; // NORACE
    pthread_join(t, 0);
}
int main(void) {
    dirty();
    run();
    return 0;
}
