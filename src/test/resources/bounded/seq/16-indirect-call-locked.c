/* expect: race-free */
/* As 15, but the handler is called with the mutex held. */
#include <pthread.h>
extern int __VERIFIER_nondet_int(void);
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int g;
void quiet(void) { }
void loud(void) { g = 1; } // NORACE
void (*handlers[2])(void) = { quiet, loud };
void *worker(void *arg) {
    int i = __VERIFIER_nondet_int();
    pthread_mutex_lock(&m);
    if (i == 0 || i == 1) handlers[i]();
    pthread_mutex_unlock(&m);
    return 0;
}
int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    pthread_mutex_lock(&m);
    g = 2; // NORACE
    pthread_mutex_unlock(&m);
    pthread_join(t, 0);
    return 0;
}
