/* expect: race-free */
/* The pointer denotes pthread_mutex_lock or a wrapper that locks m too: m is held either way. */
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int g;

int lock_wrapper(pthread_mutex_t *l) { return pthread_mutex_lock(l); }

void *worker(void *arg) {
    (void)arg;
    int choose = __VERIFIER_nondet_int();
    int (*acquire)(pthread_mutex_t *) = choose ? pthread_mutex_lock : lock_wrapper;
    acquire(&m);
    g++; // NORACE
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    pthread_mutex_lock(&m);
    g++; // NORACE
    pthread_mutex_unlock(&m);
    pthread_join(t, NULL);
    return 0;
}
