/* expect: racy */
/* A spin-unlock wrapper called with &s[idx] (index unknown): it may release s[0], which protects counter. */
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);

pthread_spinlock_t s[2];
int counter;
int idx;

void release(pthread_spinlock_t *p) {
    pthread_spin_unlock(p);
}

void *releaser(void *arg) {
    (void)arg;
    pthread_spin_lock(&s[0]);
    pthread_spin_lock(&s[1]);
    release(&s[idx]);
    counter++; // RACE!
    release(&s[1 - idx]);
    return NULL;
}

void *locker(void *arg) {
    (void)arg;
    pthread_spin_lock(&s[0]);
    counter++; // RACE!
    release(&s[0]);
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    pthread_spin_init(&s[0], PTHREAD_PROCESS_PRIVATE);
    pthread_spin_init(&s[1], PTHREAD_PROCESS_PRIVATE);
    idx = __VERIFIER_nondet_int() ? 1 : 0;
    pthread_create(&t1, NULL, releaser, NULL);
    pthread_create(&t2, NULL, locker, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return 0;
}
