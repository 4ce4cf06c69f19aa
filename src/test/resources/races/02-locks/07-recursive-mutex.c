/* expect: race-free */
/* weft: imprecise: recursive mutexes are not told apart from normal ones, so the second unlock ends protection */
/* A recursive mutex locked twice and unlocked once is still held, so the access stays protected. */
#include <pthread.h>

pthread_mutex_t m;
int x;

void *worker(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m);
    pthread_mutex_lock(&m);
    x++; // NORACE
    pthread_mutex_unlock(&m);
    x++; // NORACE
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void) {
    pthread_mutexattr_t attr;
    pthread_t t1, t2;
    pthread_mutexattr_init(&attr);
    pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_RECURSIVE);
    pthread_mutex_init(&m, &attr);
    pthread_create(&t1, NULL, worker, NULL);
    pthread_create(&t2, NULL, worker, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return x; // NORACE
}
