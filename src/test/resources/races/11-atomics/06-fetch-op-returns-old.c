/* expect: race-free */
/* __atomic_fetch_add and __sync_fetch_and_sub return the value before the operation: of two threads
   only the one that finds 1 (resp. 0) writes, so each variable has one writer, joined before main reads. */
#include <pthread.h>

int c1, c2 = 2;
int x, y;

void *worker(void *arg) {
    (void)arg;
    if (__atomic_fetch_add(&c1, 1, __ATOMIC_SEQ_CST) == 1) x = 1; // NORACE
    if (__sync_fetch_and_sub(&c2, 1) == 1) y = 1; // NORACE
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, NULL, worker, NULL);
    pthread_create(&t2, NULL, worker, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return x + y; // NORACE
}
