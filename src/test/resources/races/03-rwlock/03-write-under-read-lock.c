/* expect: racy */
/* A read lock is shared: two threads holding it may both be inside, so a write under it races. */
#include <pthread.h>

pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
int value;

void *worker(void *arg) {
    (void)arg;
    pthread_rwlock_rdlock(&rw);
    value++; // RACE!
    pthread_rwlock_unlock(&rw);
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, NULL, worker, NULL);
    pthread_create(&t2, NULL, worker, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return value; // NORACE
}
