/* expect: racy */
/* The writer holds the write lock, but the reader reads without taking the rwlock at all. */
#include <pthread.h>

pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
int value;

void *writer(void *arg) {
    (void)arg;
    pthread_rwlock_wrlock(&rw);
    value = 1; // RACE!
    pthread_rwlock_unlock(&rw);
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, writer, NULL);
    int v = value; // RACE!
    pthread_join(t, NULL);
    return v;
}
