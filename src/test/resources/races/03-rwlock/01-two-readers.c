/* expect: race-free */
/* Two readers hold the read lock at the same time; only reads happen under it, the writer holds the write lock. */
#include <pthread.h>

pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
int value;

void *reader(void *arg) {
    (void)arg;
    pthread_rwlock_rdlock(&rw);
    int v = value; // NORACE
    pthread_rwlock_unlock(&rw);
    return v ? arg : NULL;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, NULL, reader, NULL);
    pthread_create(&t2, NULL, reader, NULL);
    pthread_rwlock_wrlock(&rw);
    value = 7; // NORACE
    pthread_rwlock_unlock(&rw);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return 0;
}
