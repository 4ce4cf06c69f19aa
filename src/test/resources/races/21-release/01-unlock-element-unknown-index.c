/* expect: racy */
/* Unlocking m[idx] with an index the analysis does not know may release m[0], which protects counter. */
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);

pthread_mutex_t m[2] = { PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER };
int counter;
int idx;

void *releaser(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m[0]);
    pthread_mutex_lock(&m[1]);
    pthread_mutex_unlock(&m[idx]);
    counter++; // RACE!
    pthread_mutex_unlock(&m[1 - idx]);
    return NULL;
}

void *locker(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m[0]);
    counter++; // RACE!
    pthread_mutex_unlock(&m[0]);
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    idx = __VERIFIER_nondet_int() ? 1 : 0;
    pthread_create(&t1, NULL, releaser, NULL);
    pthread_create(&t2, NULL, locker, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return 0;
}
