/* expect: race-free */
/* Counter and bounds are globals only main writes; the join loop's bound is a copy of the create
   loop's, so every thread is joined before main reads the result. */
#include <pthread.h>
#include <stdlib.h>

extern int __VERIFIER_nondet_int(void);
int requested, workers, k;
int result;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *work(void *arg) {
    pthread_mutex_lock(&m);
    result += workers; // NORACE
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void) {
    requested = __VERIFIER_nondet_int();
    if (requested > 8 || requested < 1) return 0;
    workers = requested;
    pthread_t *t = malloc(sizeof(pthread_t) * requested);
    for (k = 0; k < workers; k++)
        pthread_create(&t[k], NULL, work, NULL);
    for (k = 0; k < requested; k++)
        pthread_join(t[k], NULL);
    return result; // NORACE
}
