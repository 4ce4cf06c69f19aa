/* expect: race-free */
/* Locking happens inside wrapper functions lock()/unlock(); the caller's accesses are protected. */
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int shared;

static void lock(void) {
    pthread_mutex_lock(&m);
}

static void unlock(void) {
    pthread_mutex_unlock(&m);
}

void *worker(void *arg) {
    (void)arg;
    lock();
    shared++; // NORACE
    unlock();
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, NULL, worker, NULL);
    pthread_create(&t2, NULL, worker, NULL);
    lock();
    shared *= 2; // NORACE
    unlock();
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return shared; // NORACE
}
