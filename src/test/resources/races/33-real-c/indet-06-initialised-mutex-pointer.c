/* expect: race-free */
/* the twin of indet-05: both threads' mutex pointers are initialised to the same mutex */
#include <pthread.h>
pthread_mutex_t m1 = PTHREAD_MUTEX_INITIALIZER, m2 = PTHREAD_MUTEX_INITIALIZER;
int counter;
void *worker(void *arg) {
    pthread_mutex_t *m = &m1;
    pthread_mutex_lock(m);
    counter++; // NORACE
    pthread_mutex_unlock(m);
    return 0;
}
int main(void) {
    pthread_t t;
    pthread_mutex_t *m = &m1;
    pthread_create(&t, 0, worker, 0);
    pthread_mutex_lock(m);
    counter++; // NORACE
    pthread_mutex_unlock(m);
    pthread_join(t, 0);
    return 0;
}
