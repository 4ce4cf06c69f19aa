/* expect: racy */
/* The join loop's bound is one less than the create loop's: the last thread is never joined. */
#include <pthread.h>
#include <stdlib.h>

extern int __VERIFIER_nondet_int(void);
int requested, workers, k;
int result;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *work(void *arg) {
    pthread_mutex_lock(&m);
    result++; // RACE!
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void) {
    requested = __VERIFIER_nondet_int();
    if (requested > 8 || requested < 1) return 0;
    workers = requested + 1;
    pthread_t *t = malloc(sizeof(pthread_t) * workers);
    for (k = 0; k < workers; k++)
        pthread_create(&t[k], NULL, work, NULL);
    for (k = 0; k < requested; k++)
        pthread_join(t[k], NULL);
    return result; // RACE!
}
