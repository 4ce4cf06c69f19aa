/* expect: racy */
/* pthread_rwlock_unlock(&l[idx]) with an unknown index may release the write lock on l[0]. */
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);

pthread_rwlock_t l[2] = { PTHREAD_RWLOCK_INITIALIZER, PTHREAD_RWLOCK_INITIALIZER };
int counter;
int idx;

void *releaser(void *arg) {
    (void)arg;
    pthread_rwlock_wrlock(&l[0]);
    pthread_rwlock_wrlock(&l[1]);
    pthread_rwlock_unlock(&l[idx]);
    counter++; // RACE!
    pthread_rwlock_unlock(&l[1 - idx]);
    return NULL;
}

void *locker(void *arg) {
    (void)arg;
    pthread_rwlock_rdlock(&l[0]);
    int seen = counter; // RACE!
    pthread_rwlock_unlock(&l[0]);
    return (void *)(long)seen;
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
