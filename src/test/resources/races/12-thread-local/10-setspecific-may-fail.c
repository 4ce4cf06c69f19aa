/* expect: racy */
/* weft: imprecise: the exploration takes pthread_setspecific to succeed, so it cannot confirm the race */
/* The lock is taken only when pthread_getspecific gives back the value just set. pthread_setspecific may fail
   (ENOMEM, which POSIX allows): then the thread reads back a null value, takes no lock and increments `shared`
   unprotected. SV-COMP's thread-local-pthread-value-cond expects race-free, taking the call to succeed; built with
   a pthread_setspecific that fails (-Wl,--wrap), ThreadSanitizer reports the race on every run. Weft must not prove
   it. */
#include <pthread.h>

pthread_key_t key;
int shared = 0;
pthread_mutex_t shared_mutex = PTHREAD_MUTEX_INITIALIZER;

void *thread(void *arg) {
    int x;
    (void)arg;
    pthread_setspecific(key, &x);
    if (pthread_getspecific(key) == &x) pthread_mutex_lock(&shared_mutex);
    shared++; // RACE!
    if (pthread_getspecific(key) == &x) pthread_mutex_unlock(&shared_mutex);
    return 0;
}

int main(void) {
    pthread_t t1, t2;
    pthread_key_create(&key, 0);
    pthread_create(&t1, 0, thread, 0);
    pthread_create(&t2, 0, thread, 0);
    pthread_join(t1, 0);
    pthread_join(t2, 0);
    return shared;
}
