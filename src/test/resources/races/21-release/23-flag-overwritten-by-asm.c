/* expect: racy */
/* weft: imprecise: the explorer does not execute inline assembly, so the race has no witness */
/* Inline assembly overwrites the flag a lock was taken under: the flag no longer says the lock is held. */
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);

pthread_mutex_t big = PTHREAD_MUTEX_INITIALIZER;
int counter;

void *worker(void *arg) {
    (void)arg;
    int c = __VERIFIER_nondet_int();
    if (c)
        pthread_mutex_lock(&big);
    __asm__ volatile("movl $1, %0" : "=r"(c));
    if (c)
        counter++; // RACE!
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, NULL, worker, NULL);
    pthread_create(&t2, NULL, worker, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return 0;
}
