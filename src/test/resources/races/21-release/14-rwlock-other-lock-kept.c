/* expect: race-free */
/* pthread_rwlock_unlock(&l[i]) with an unknown index leaves the write lock on big held. */
#include <pthread.h>

pthread_rwlock_t big = PTHREAD_RWLOCK_INITIALIZER;
pthread_rwlock_t l[2] = { PTHREAD_RWLOCK_INITIALIZER, PTHREAD_RWLOCK_INITIALIZER };
int counter;
int which[2] = { 0, 1 };

void *worker(void *arg) {
    int i = *(int *)arg;
    pthread_rwlock_wrlock(&big);
    pthread_rwlock_rdlock(&l[i]);
    pthread_rwlock_unlock(&l[i]);
    counter++; // NORACE
    pthread_rwlock_unlock(&big);
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, NULL, worker, &which[0]);
    pthread_create(&t2, NULL, worker, &which[1]);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return counter; // NORACE
}
