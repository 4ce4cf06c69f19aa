/* expect: racy */
/* The worker calls its handler through a table of function pointers; the handler chosen writes g unprotected. */
#include <pthread.h>
extern int __VERIFIER_nondet_int(void);
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int g;
void quiet(void) { }
void loud(void) { g = 1; } // RACE!
void (*handlers[2])(void) = { quiet, loud };
void *worker(void *arg) {
    int i = __VERIFIER_nondet_int();
    if (i == 0 || i == 1) handlers[i]();
    return 0;
}
int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    pthread_mutex_lock(&m);
    g = 2; // RACE!
    pthread_mutex_unlock(&m);
    pthread_join(t, 0);
    return 0;
}
