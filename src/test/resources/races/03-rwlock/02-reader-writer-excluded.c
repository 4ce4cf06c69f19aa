/* expect: race-free */
/* Writers take the write lock and the reader the read lock, so readers and writers are mutually excluded. */
#include <pthread.h>

pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
int value;

void *writer(void *arg) {
    (void)arg;
    pthread_rwlock_wrlock(&rw);
    value++; // NORACE
    pthread_rwlock_unlock(&rw);
    return NULL;
}

void *reader(void *arg) {
    (void)arg;
    pthread_rwlock_rdlock(&rw);
    int v = value; // NORACE
    pthread_rwlock_unlock(&rw);
    return v ? arg : NULL;
}

int main(void) {
    pthread_t w1, w2, r;
    pthread_create(&w1, NULL, writer, NULL);
    pthread_create(&w2, NULL, writer, NULL);
    pthread_create(&r, NULL, reader, NULL);
    pthread_join(w1, NULL);
    pthread_join(w2, NULL);
    pthread_join(r, NULL);
    return value; // NORACE
}
