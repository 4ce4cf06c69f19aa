/* expect: race-free */
/* status = pthread_mutex_lock(&m): the status is stored after the lock was taken, with the lock held. */
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int status;

void *worker(void *arg) {
    (void)arg;
    status = pthread_mutex_lock(&m); // NORACE
    status++; // NORACE
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, NULL, worker, NULL);
    pthread_create(&t2, NULL, worker, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return status; // NORACE
}
