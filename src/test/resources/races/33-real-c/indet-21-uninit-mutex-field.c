/* expect: racy */
/* weft: imprecise: locking through an uninitialised pointer field is undefined: the points-to analysis reports it as a gap and no layer gives a witness */
/* main locks through a pointer field of a local struct that it never sets (it sets the other field): the lock may be any object, so it does not exclude the worker's update under m1 (no TSan run: locking garbage crashes) */
#include <pthread.h>
struct guard { pthread_mutex_t *lock; int uses; };
pthread_mutex_t m1 = PTHREAD_MUTEX_INITIALIZER;
int counter;
void *worker(void *arg) {
    pthread_mutex_lock(&m1);
    counter++; // RACE!
    pthread_mutex_unlock(&m1);
    return 0;
}
int main(void) {
    pthread_t t;
    struct guard g;
    g.uses = 1;
    pthread_create(&t, 0, worker, 0);
    pthread_mutex_lock(g.lock);
    counter++; // RACE!
    pthread_mutex_unlock(g.lock);
    pthread_join(t, 0);
    return 0;
}
