/* expect: race-free */
/* A struct holds a mutex and the data it protects: writes of the data field under the lock touch other bytes. */
#include <pthread.h>

struct account {
    pthread_mutex_t lock;
    int balance;
};

struct account acc = { PTHREAD_MUTEX_INITIALIZER, 0 };

void *worker(void *arg) {
    (void)arg;
    pthread_mutex_lock(&acc.lock); // NORACE
    acc.balance++; // NORACE
    pthread_mutex_unlock(&acc.lock); // NORACE
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, NULL, worker, NULL);
    pthread_create(&t2, NULL, worker, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return acc.balance;
}
