/* expect: racy */
/* The lock is released before the access on the flag's path. */
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int x;

void *worker(void *arg) {
    pthread_mutex_lock(&m);
    x++; // RACE!
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void) {
    pthread_t t;
    int shared = __VERIFIER_nondet_int();
    pthread_create(&t, NULL, worker, NULL);
    if (shared) pthread_mutex_lock(&m);
    if (shared) pthread_mutex_unlock(&m);
    if (shared) x++; // RACE!
    return 0;
}
