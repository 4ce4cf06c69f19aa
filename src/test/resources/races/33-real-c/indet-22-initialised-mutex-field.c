/* expect: race-free */
/* the twin of indet-21: the struct's lock field is set to m1 before main locks through it */
#include <pthread.h>
struct guard { pthread_mutex_t *lock; int uses; };
pthread_mutex_t m1 = PTHREAD_MUTEX_INITIALIZER;
int counter;
void *worker(void *arg) {
    pthread_mutex_lock(&m1);
    counter++; // NORACE
    pthread_mutex_unlock(&m1);
    return 0;
}
int main(void) {
    pthread_t t;
    struct guard g;
    g.uses = 1;
    g.lock = &m1;
    pthread_create(&t, 0, worker, 0);
    pthread_mutex_lock(g.lock);
    counter++; // NORACE
    pthread_mutex_unlock(g.lock);
    pthread_join(t, 0);
    return 0;
}
