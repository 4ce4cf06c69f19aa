/* expect: racy */
/* The worker stores an input straight into the shared g: the library call's result write races with main's read. */
#include <pthread.h>
extern int __VERIFIER_nondet_int(void);
int g;
void *worker(void *arg) { g = __VERIFIER_nondet_int(); return 0; } // RACE!
int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    int r;
    pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
    r = g; // RACE!
    pthread_join(t, 0);
    return r;
}
