/* expect: racy */
/* weft: imprecise: the exploration does not run thread-specific data destructors */
/* A counter join whose worker has a thread-specific value with a destructor: the worker counts itself out as the
   last statement of its routine, but the destructor runs after the routine returns, so its write of `cleaned` is
   not ordered before main's read after the wait. (Weft once took the wait for a join of everything the worker does,
   destructor included: a wrong race-free answer, found by reading weft.thread.CounterJoins; ThreadSanitizer reports
   the race on every run.) */
#include <pthread.h>
#include <stdio.h>

static pthread_key_t key;
static int cleaned;
static int alive;
static pthread_mutex_t alive_mutex = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t alive_cond = PTHREAD_COND_INITIALIZER;

static void release_slot(void *value) {
    (void)value;
    cleaned++; // RACE!
}

static void *worker(void *arg) {
    (void)arg;
    pthread_setspecific(key, &key);
    pthread_mutex_lock(&alive_mutex);
    alive--;
    pthread_cond_broadcast(&alive_cond);
    pthread_mutex_unlock(&alive_mutex);
    return NULL;
}

int main(void) {
    pthread_key_create(&key, release_slot);
    pthread_t t;
    pthread_mutex_lock(&alive_mutex);
    alive++;
    pthread_mutex_unlock(&alive_mutex);
    if (pthread_create(&t, NULL, worker, NULL) == 0)
        pthread_detach(t);
    pthread_mutex_lock(&alive_mutex);
    while (alive)
        pthread_cond_wait(&alive_cond, &alive_mutex);
    pthread_mutex_unlock(&alive_mutex);
    printf("%d\n", cleaned); // RACE!
    return 0;
}
