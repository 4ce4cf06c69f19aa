/* expect: race-free */
/* The lock is taken and the counter touched under the same test of an unchanged flag. */
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int x;

void *worker(void *arg) {
    pthread_mutex_lock(&m);
    x++; // NORACE
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void) {
    pthread_t t;
    int shared = __VERIFIER_nondet_int();
    pthread_create(&t, NULL, worker, NULL);
    if (shared) pthread_mutex_lock(&m);
    if (shared) x++; // NORACE
    if (shared) pthread_mutex_unlock(&m);
    return 0;
}
