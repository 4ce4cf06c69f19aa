/* expect: racy */
/* both threads lock and unlock through an uninitialised pthread_mutex_t pointer of their own: it may point anywhere (or nowhere, UB), so neither lock protects the counter (no TSan run: locking garbage crashes); weft: imprecise: the exploration makes indeterminate integers inputs but gives up on an indeterminate pointer (choosing its target would not be a real execution one can check), so the race is not confirmed (unknown, never true) */
#include <pthread.h>
pthread_mutex_t m1 = PTHREAD_MUTEX_INITIALIZER, m2 = PTHREAD_MUTEX_INITIALIZER;
int counter;
void *worker(void *arg) {
    pthread_mutex_t *m;
    pthread_mutex_lock(m);
    counter++; // RACE!
    pthread_mutex_unlock(m);
    return 0;
}
int main(void) {
    pthread_t t;
    pthread_mutex_t *m;
    pthread_create(&t, 0, worker, 0);
    pthread_mutex_lock(m);
    counter++; // RACE!
    pthread_mutex_unlock(m);
    pthread_join(t, 0);
    return 0;
}
