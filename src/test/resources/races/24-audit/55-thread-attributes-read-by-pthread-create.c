/* expect: racy */
/* audit D41, its regression: pthread_create reads the attribute object it is given, as the initialisations read theirs (pthread_mutex_init, pthread_rwlock_init, pthread_cond_init, pthread_barrier_init), but their typed events carried no plain access of it. A worker installing new attributes (a struct assignment) while main created a thread with the old ones raced, and every layer proved the program race-free. */
#include <pthread.h>

static pthread_attr_t attr, defaults;

static void *idle(void *arg) {
    return arg;
}

static void *worker(void *arg) {
    (void) arg;
    attr = defaults; // RACE!
    return 0;
}

int main(void) {
    pthread_t t, u;
    pthread_attr_init(&attr);
    pthread_attr_init(&defaults);
    pthread_create(&t, 0, worker, 0);
    pthread_create(&u, &attr, idle, 0); // RACE!
    pthread_join(t, 0);
    pthread_join(u, 0);
    return 0;
}
